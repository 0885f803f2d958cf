/** A case's PDF on one unit of an official block, for the PDF's tests. */
import { SEGMENT_UNITS } from '../audit/segments';
import { openUnit } from '../block/open-unit';
import { officialBlock } from '../block/spec';
import type { Lang } from '../format/numbers';
import { formatUnitRef, refOfBlock } from '../ref/unit-ref';
import { replayRecord } from '../replay/record';
import { buildSteps } from '../replay/steps';
import { caseCitations, caseProof, caseTexts } from './build-case';
import { CASE_FORMAT } from './case-files';
import { caseFonts } from './case-fonts.fixture';
import { casePdf } from './case-pdf';

/** The PDF of a case on one unit, built without its block (a proof of made-up digests: the PDF does not check it). */
export async function pdfOf(
  game: 'les-3-gongs' | 'mine-d-or',
  claim: string,
  conclusion: string,
  lang: Lang,
  seed?: number,
) {
  const spec = game === 'les-3-gongs' ? officialBlock(game, 50, seed ?? 7) : officialBlock(game, 100, seed ?? 3);
  const index = game === 'les-3-gongs' ? 29 : 11;
  const r = refOfBlock(spec, index);
  const ref = formatUnitRef(r);
  const unit = openUnit(spec, index);
  const digests = Array.from({ length: Math.ceil(spec.table.blockUnits / SEGMENT_UNITS) }, () => '0'.repeat(64));
  const texts = await caseTexts({ claim, conclusion }, caseFonts);
  return casePdf({
    record: { format: CASE_FORMAT, ref, ...texts, opened: '2026-12-01T10:00:00.000Z', lang },
    unitRef: r,
    unit,
    proof: caseProof(digests, index),
    cited: caseCitations(replayRecord(ref, r, unit), buildSteps(unit), r.game),
    png: null,
    signerFingerprint: null,
    fonts: caseFonts,
  });
}
