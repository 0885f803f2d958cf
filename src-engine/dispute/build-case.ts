/**
 * Builds a dispute case: one zip in the evidence bundle's format (the same writer, manifest and
 * Ed25519 signature as `npm run evidence`), whether the command line (`replay REF --case`) or the
 * replay screen's worker makes it. It holds the case record (reference, claim, conclusion), the
 * replay evidence (the JSON record of `replay --json`, the case's PDF, and the screen's PNG when
 * the case was opened on screen), the rule texts cited, as published, and the Merkle proof of the
 * unit's segment (R1), so that `verify-bundle` re-derives the unit from its reference alone (R2).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { openUnit } from '../block/open-unit';
import { generatorId } from '../block/spec';
import { blockDigest, merkleProof } from '../audit/digest';
import { SEGMENT_UNITS } from '../audit/segments';
import { BundleZip } from '../evidence/bundle-zip';
import type { ZipSink } from '../evidence/bundle-zip';
import { CASE_MANIFEST_KIND, MANIFEST, SIGNATURE } from '../evidence/manifest';
import type { Manifest } from '../evidence/manifest';
import { fingerprint, sign } from '../evidence/signing';
import type { KeyPair } from '../evidence/signing';
import type { Lang } from '../format/numbers';
import { blockOfRef, formatUnitRef, parseUnitRef } from '../ref/unit-ref';
import { replayRecord } from '../replay/record';
import { buildSteps } from '../replay/steps';
import { citedIn } from '../rules/articles/citations';
import type { ResolvedCitations } from '../rules/articles/citations';
import {
  CASE_FILE,
  CASE_FORMAT,
  CASE_PDF,
  CASE_PROOF,
  CASE_README,
  CASE_REPLAY_JSON,
  CASE_REPLAY_PNG,
  CASE_RULES,
  caseText,
} from './case-files';
import type { CaseProof, CaseRecord } from './case-files';
import { fontOf } from './case-fonts';
import type { CaseFontSet } from './case-fonts';
import { casePdf } from './case-pdf';
import { JOURNAL_EXCERPT_PATH } from '../journal/excerpt';
import { caseReadme } from './case-readme';

export interface CaseInput {
  /** The unit reference as typed (R3); parsed here, refused with the parser's message. */
  readonly ref: string;
  readonly claim: string;
  readonly conclusion: string;
  readonly lang: Lang;
  readonly appVersion: string;
  readonly opened: Date;
  readonly key: KeyPair | null;
  /** The segment digests of the unit's whole block, in order, as its run computed them (R1). */
  readonly segmentDigests: readonly string[];
  /** The replay screen's PNG of the final state; null from the command line, which draws none. */
  readonly png: Uint8Array | null;
  /** The faces of the case's PDF (case-fonts.ts), read by the caller. */
  readonly fonts: CaseFontSet;
  /**
   * The journal entries on the unit's block ({@link journalExcerpt}), with the journal's signed
   * checkpoint when the maker has one: the app's cases carry them, as its evidence bundles do.
   */
  readonly journalEntries?: string;
}

export interface CaseSummary {
  readonly files: number;
  readonly signer: { readonly publicKey: string; readonly fingerprint: string } | null;
  readonly manifest: Manifest;
  readonly record: CaseRecord;
}

const fromHex = (h: string): Uint8Array => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

/**
 * The claim and the conclusion as the case records them, checked (case-files.ts): not empty,
 * bounded, and printable as written by the PDF's font. The command line calls it before it
 * rebuilds the block; {@link writeDisputeCase} calls it before anything is built or signed.
 */
export async function caseTexts(
  texts: { readonly claim: string; readonly conclusion: string },
  fonts: CaseFontSet,
): Promise<{ claim: string; conclusion: string }> {
  const faces = [await fontOf(fonts.regular)];
  return { claim: caseText('claim', texts.claim, faces), conclusion: caseText('conclusion', texts.conclusion, faces) };
}

/** The rule texts a replay record cites (every gain, the lot, the reasoning, the steps), resolved against the articles data. */
export function caseCitations(
  record: Record<string, unknown>,
  steps: readonly { article: string }[],
  game: string,
): ResolvedCitations {
  return citedIn(game as 'mine-d-or' | 'les-3-gongs', [JSON.stringify(record), ...steps.map((s) => s.article)]);
}

/** The cited texts as the case's JSON: each passage in French as published and its English translation. */
export function citedJson(cited: ResolvedCitations): Record<string, unknown> {
  return {
    documents: cited.documents.map(({ document: d, passages }) => ({
      title: d.title,
      place: d.place,
      date: d.date,
      file: d.file,
      sha256: d.sha256,
      translation_note: d.translationNote,
      passages: passages.map((p) => ({ id: p.id, fr: p.fr, en: p.en })),
    })),
    decisions: cited.decisions.map((d) => ({ code: d.code, fr: d.fr, en: d.en })),
    unknown: cited.unknown,
  };
}

/** The Merkle proof of the unit's segment, from the block's segment digests (R1). */
export function caseProof(segmentDigests: readonly string[], index: number): CaseProof {
  const leaves = segmentDigests.map(fromHex);
  const segment = Math.floor(index / SEGMENT_UNITS);
  if (segment >= leaves.length)
    throw new RangeError(`unit ${index} is in segment ${segment}, but ${leaves.length} segment digests were given`);
  const p = merkleProof(leaves, segment);
  return {
    segment,
    segment_units: SEGMENT_UNITS,
    leaf: p.leaf,
    path: p.path,
    merkle_root: p.root,
    block_digest: blockDigest(leaves),
  };
}

/** Writes the whole case to `sink`; `proofOverride` is for tests that make a case with a wrong proof. */
export async function writeDisputeCase(
  input: CaseInput,
  sink: ZipSink,
  proofOverride?: CaseProof,
): Promise<CaseSummary> {
  const r = parseUnitRef(input.ref);
  const ref = formatUnitRef(r);
  const spec = blockOfRef(r);
  if (input.segmentDigests.length !== Math.ceil(spec.table.blockUnits / SEGMENT_UNITS))
    throw new RangeError(
      `${input.segmentDigests.length} segment digests for a block of ${spec.table.blockUnits} units`,
    );
  const texts = await caseTexts(input, input.fonts);
  const record: CaseRecord = {
    format: CASE_FORMAT,
    ref,
    claim: texts.claim,
    conclusion: texts.conclusion,
    opened: input.opened.toISOString(),
    lang: input.lang,
  };
  const unit = openUnit(spec, r.index);
  const replay = replayRecord(ref, r, unit);
  const cited = caseCitations(replay, buildSteps(unit), r.game);
  const proof = proofOverride ?? caseProof(input.segmentDigests, r.index);
  const key = input.key;
  const signer = key ? { publicKey: bytesToHex(key.publicKey), fingerprint: fingerprint(key.publicKey) } : null;
  const pdf = await casePdf({
    record,
    unitRef: r,
    unit,
    proof,
    cited,
    png: input.png,
    signerFingerprint: signer?.fingerprint ?? null,
    fonts: input.fonts,
  });
  const zip = new BundleZip(sink, input.opened);
  await zip.add(CASE_FILE, `${JSON.stringify(record, null, 2)}\n`);
  await zip.add(CASE_REPLAY_JSON, `${JSON.stringify({ ...replay, block_digest: proof.block_digest }, null, 2)}\n`);
  await zip.add(CASE_PDF, pdf);
  if (input.png) await zip.add(CASE_REPLAY_PNG, input.png);
  await zip.add(CASE_RULES, `${JSON.stringify(citedJson(cited), null, 2)}\n`);
  await zip.add(CASE_PROOF, `${JSON.stringify(proof, null, 2)}\n`);
  if (input.journalEntries !== undefined) await zip.add(JOURNAL_EXCERPT_PATH, input.journalEntries);
  await zip.add(CASE_README, caseReadme(record, proof, signer, input.png !== null, input.journalEntries !== undefined));
  const manifest: Manifest = {
    kind: CASE_MANIFEST_KIND,
    version: 1,
    created: record.opened,
    game: r.game,
    stakeCents: r.stakeCents,
    seeds: [r.seed],
    generator: generatorId(r.generatorVersion),
    appVersion: input.appVersion,
    blocks: [{ seed: r.seed, digest: proof.block_digest, merkleRoot: proof.merkle_root }],
    signer,
    files: [...zip.entries],
    case: { ref, index: r.index, segment: proof.segment },
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  await zip.add(MANIFEST, manifestText);
  if (key) await zip.add(SIGNATURE, `${sign(new TextEncoder().encode(manifestText), key)}\n`);
  await zip.end();
  return { files: manifest.files.length, signer, manifest, record };
}

/** The whole case in memory (the screen's worker, tests). */
export async function disputeCaseBytes(
  input: CaseInput,
  proofOverride?: CaseProof,
): Promise<{ zip: Uint8Array; sha256: string; summary: CaseSummary }> {
  const parts: Uint8Array[] = [];
  const summary = await writeDisputeCase(input, (c) => void parts.push(c), proofOverride);
  const zip = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (zip.set(p, at), at + p.length), 0);
  return { zip, sha256: bytesToHex(sha256(zip)), summary };
}
