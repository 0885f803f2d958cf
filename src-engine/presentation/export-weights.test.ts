/**
 * A block made with presentation weights other than the defaults (M4, G2): its export header states
 * them, and the export check regenerates it with them (R1); without them, it is another block.
 */
import { describe, expect, it } from 'vitest';
import { iterateUnits } from '../block/iterate-units';
import { officialBlock } from '../block/spec';
import { jsonlHeader, jsonlUnit, refOf } from '../export/unit-lines';
import type { PresentationWeights } from '../games/registry';
import { verifyExportText } from '../import/verify-export';

const spec = officialBlock('les-3-gongs', 50, 77);
const weights: PresentationWeights = { gongs: { bonusShare: 0.6, bonusShareByPrize: { 300_000: 1 } } };

function exportText(w: PresentationWeights | undefined): string[] {
  const lines = [jsonlHeader(spec, w)];
  iterateUnits(spec, 0, spec.table.blockUnits, (i, p, view) => lines.push(jsonlUnit(i, refOf(spec, i), p, view)), w);
  return lines;
}
const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

describe('exports of blocks made with other presentation weights (M4, G2)', () => {
  const custom = exportText(weights);

  it('the header states the weights as a settings file does; defaults add nothing', () => {
    expect(JSON.parse(custom[0]!)).toEqual({
      game: 'les-3-gongs',
      stake_cents: 50,
      seed: 77,
      generator: 'instant-lab-gen/2',
      presentation_weights: { bonus_share: 0.6, bonus_share_by_prize: { '300000': 1 } },
      units: 300_000,
    });
    expect(jsonlHeader(spec, { gongs: { bonusShare: 0.2 } })).toBe(jsonlHeader(spec));
  });

  it('the check regenerates the block with the header’s weights: conforming', () => {
    const r = verifyExportText(text(custom));
    expect(r.discrepancies).toEqual([]);
    expect(r).toMatchObject({ verdict: 'conforming', customWeights: true, regenerated: 300_000 });
  });

  it('the same units under a header without the weights differ from the official block of the seed', () => {
    const r = verifyExportText(text([jsonlHeader(spec), ...custom.slice(1)]));
    expect(r.verdict).toBe('not-conforming');
    expect(r.customWeights).toBe(false);
    expect(r.discrepancies[0]!.message).toMatch(/regenerat/);
  });

  it.for([
    [
      'a share above 1',
      { bonus_share: 1.5 },
      'header: field "presentation_weights.bonus_share" is 1.5: expected a share from 0 to 1 (G2)',
    ],
    [
      'a level of no table',
      { bonus_share: 0.2, bonus_share_by_prize: { '999': 1 } },
      'header: field "presentation_weights.bonus_share_by_prize.999" weighs the prize €9.99, which is no level of this table',
    ],
  ] as const)('refuses a header with %s, naming the field', ([, w, message]) => {
    const head = JSON.stringify({ ...JSON.parse(custom[0]!), presentation_weights: w });
    const r = verifyExportText(text([head, ...custom.slice(1, 10)]));
    expect(r.verdict).toBe('not-an-export');
    expect(r.discrepancies[0]!.message).toContain(message);
    expect(r.discrepancies[0]!.fr).toMatch(/^(ligne 1 : )?en-tête : le champ "presentation_weights/);
  });
});
