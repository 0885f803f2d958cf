/**
 * Checks a dispute case after the checks every bundle gets (manifest, each file's SHA-256, the
 * signature: {@link readBundle}): the case record is read one way only and names the unit of the
 * manifest; the replay record equals the unit re-derived from its reference alone (R2, R3, R4);
 * the rule texts equal the articles data; the Merkle proof's leaf equals the unit's segment rebuilt
 * alone from the seed (R2), its path leads to its root, and that root and the block digest equal
 * those of the block rebuilt from its seed (R1); the PDF is the one the record, the unit, the proof,
 * the PNG and the signer make, rebuilt and compared byte for byte (so every page says what the case
 * records). Each failure names its file; each check passed is said in one line, and a file that
 * failed the bundle's checks is never read again nor said checked.
 */
import { openUnit } from '../block/open-unit';
import { generatorId } from '../block/spec';
import type { BlockSpec } from '../block/spec';
import { InputError } from '../block/input-error';
import { blockDigest, merkleRoot, verifyMerkleProof } from '../audit/digest';
import { runRange } from '../audit/run-range';
import { SEGMENT_UNITS } from '../audit/segments';
import type { BundleCheck, BundleReading } from '../evidence/check-bundle';
import { CASE_MANIFEST_KIND } from '../evidence/manifest';
import { ZipRefusal, inflateWhole } from '../evidence/zip-entries';
import type { ByteSource, ZipEntry } from '../evidence/zip-entries';
import { parseStrictJson } from '../format/strict-json';
import { canonicalJson } from '../journal/entry';
import { blockOfRef, parseUnitRef } from '../ref/unit-ref';
import type { UnitRef } from '../ref/unit-ref';
import { replayRecord } from '../replay/record';
import { buildSteps } from '../replay/steps';
import { sha256 } from '@noble/hashes/sha2.js';
import type { OpenedUnit } from '../block/open-unit';
import type { ResolvedCitations } from '../rules/articles/citations';
import { caseCitations, caseTexts, citedJson } from './build-case';
import { casePdf } from './case-pdf';
import { pdfTitle } from './pdf-title';
import type { CaseFontSet } from './case-fonts';
import {
  CASE_FILE,
  CASE_PDF,
  CASE_PROOF,
  CASE_REPLAY_JSON,
  CASE_REPLAY_PNG,
  CASE_RULES,
  CaseTextError,
  MAX_CASE_FILE_BYTES,
  readCaseProof,
  readCaseRecord,
} from './case-files';
import type { CaseProof, CaseRecord } from './case-files';
import { plural } from '../format/plural';

/** How the checker rebuilds what the case claims from the seed: the command line uses its worker threads. */
export interface CaseRebuild {
  /** The SHA-256 (hex) of one segment's canonical records, built from the seed alone (R2). */
  segment(spec: BlockSpec, segment: number): Promise<string>;
  /** Every segment digest (hex) of the block, in order, built from its seed (R1). */
  block(spec: BlockSpec): Promise<readonly string[]>;
}

/** « 1 step », « 4 steps »: the check's lines are English only. */
const counted = (n: number, one: string, other: string): string => `${n} ${plural(n, 'en', one, other)}`;
const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** {@link CaseRebuild} in this thread with the engine alone (tests, small blocks). */
export const rebuildInThread: CaseRebuild = {
  async segment(spec, segment) {
    const from = segment * SEGMENT_UNITS;
    const t = await runRange(spec, from, Math.min(spec.table.blockUnits, from + SEGMENT_UNITS));
    return hex(t.segmentDigests[0]!);
  },
  async block(spec) {
    return (await runRange(spec, 0, spec.table.blockUnits)).segmentDigests.map(hex);
  },
};

export interface CaseCheck extends BundleCheck {
  /** What was checked beyond the files and the signature, one line each, for what passed. */
  readonly checked: readonly string[];
  /** The case as recorded, when `case.json` was read. */
  readonly case: CaseRecord | null;
}

const PDF_MAGIC = '%PDF-';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The case's PDF made again from what the case records, as {@link writeDisputeCase} made it; or why
 * it cannot be (a claim or conclusion the PDF's font cannot print, too long: the record was altered).
 */
async function rebuiltPdf(
  record: CaseRecord,
  unitRef: UnitRef,
  unit: OpenedUnit,
  proof: CaseProof,
  cited: ResolvedCitations,
  png: Uint8Array | null,
  signerFingerprint: string | null,
  fonts: CaseFontSet,
): Promise<Uint8Array | string> {
  try {
    const texts = await caseTexts(record, fonts);
    if (texts.claim !== record.claim || texts.conclusion !== record.conclusion)
      return `${CASE_FILE}: the claim or conclusion is not as the case builder records it`;
    return await casePdf({ record, unitRef, unit, proof, cited, png, signerFingerprint, fonts });
  } catch (e) {
    if (e instanceof CaseTextError) return `${CASE_FILE}: ${e.message}`;
    throw e;
  }
}

/** What a PDF that is not the case's own shows, by its title, against the unit the record names. */
function pdfShows(pdf: Uint8Array, ref: string): string {
  const title = pdfTitle(pdf);
  const shown = title?.split(' ').pop() ?? '';
  if (title !== null && shown !== ref)
    return `its title reads "${title}": it shows unit ${shown}, while ${CASE_FILE} records unit ${ref}`;
  return `its pages may show another lot, claim or conclusion than ${CASE_FILE} records for unit ${ref}`;
}

/** The first top-level field where two records differ, or null when they are the same. */
function firstDifference(a: Record<string, unknown>, b: Record<string, unknown>): string | null {
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (!(k in a) || !(k in b) || canonicalJson(a[k]) !== canonicalJson(b[k])) return k;
  return null;
}

/**
 * The case's own checks on a bundle read by {@link readBundle}; a reading that is not a case
 * comes back as it is. `rebuild` rebuilds the unit's segment and block from the seed.
 */
export async function checkDisputeCase(
  src: ByteSource,
  reading: BundleReading,
  rebuild: CaseRebuild,
  fonts: CaseFontSet,
): Promise<CaseCheck> {
  const m = reading.manifest;
  if (!m || m.kind !== CASE_MANIFEST_KIND || !m.case) return { ...reading.check, checked: [], case: null };
  const failures = [...reading.check.failures];
  const checked: string[] = [];
  const byName = new Map<string, ZipEntry>(reading.entries.map((e) => [e.name, e]));
  const listed = new Set(m.files.map((f) => f.path));
  // a file the bundle check failed (its size or SHA-256) is not read again: it is not « checked »
  const failedFiles = new Set(reading.check.failures.map((f) => f.slice(0, f.indexOf(': '))));
  const bytesOf = async (path: string): Promise<Uint8Array | null> => {
    if (failedFiles.has(path)) return null;
    const e = byName.get(path);
    if (!e || e.directory || !listed.has(path)) {
      failures.push(
        `${path}: a dispute case holds this file, and this one does not (or its manifest does not list it)`,
      );
      return null;
    }
    if (e.size > MAX_CASE_FILE_BYTES) {
      failures.push(
        `${path}: declares ${e.size} bytes, over the ${MAX_CASE_FILE_BYTES} a case file may hold: not read`,
      );
      return null;
    }
    let out: Uint8Array;
    try {
      out = await inflateWhole(src, e);
    } catch (err) {
      if (!(err instanceof ZipRefusal)) throw err;
      failures.push(`${path}: ${err.message}`);
      return null;
    }
    return out;
  };
  const textOf = async (path: string): Promise<string | null> => {
    const b = await bytesOf(path);
    if (!b) return null;
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(b);
    } catch {
      failures.push(`${path}: not UTF-8 text`);
      return null;
    }
  };
  const done = (record: CaseRecord | null): CaseCheck => ({
    ...reading.check,
    ok: failures.length === 0,
    failures,
    checked,
    case: record,
  });

  // the record: one reading, and the unit the manifest names
  const caseText = await textOf(CASE_FILE);
  if (caseText === null) return done(null);
  const cr = readCaseRecord(caseText);
  if (!cr.ok) {
    failures.push(`${CASE_FILE}: not a case record (${cr.why})`);
    return done(null);
  }
  const record = cr.value;
  let r: UnitRef;
  try {
    r = parseUnitRef(record.ref);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    failures.push(`${CASE_FILE}: the reference "${record.ref}" does not read: ${e.message}`);
    return done(record);
  }
  if (
    record.ref !== m.case.ref ||
    r.index !== m.case.index ||
    r.game !== m.game ||
    r.stakeCents !== m.stakeCents ||
    m.seeds.length !== 1 ||
    m.seeds[0] !== r.seed ||
    generatorId(r.generatorVersion) !== m.generator
  ) {
    failures.push(
      `${CASE_FILE}: names unit ${record.ref}, but the manifest names ${m.case.ref} (${m.game}, seed ${m.seeds.join(', ')})`,
    );
    return done(record);
  }
  checked.push(
    `${CASE_FILE}: unit ${record.ref}, the player's claim (${[...record.claim].length} characters) and the tester's conclusion (${[...record.conclusion].length} characters), opened ${record.opened}`,
  );

  // the evidence: the replay record equals the unit re-derived from its reference alone (R2, R4)
  const spec = blockOfRef(r);
  const unit = openUnit(spec, r.index);
  const expected = replayRecord(record.ref, r, unit);
  const proofText = await textOf(CASE_PROOF);
  const proofRead = proofText === null ? null : readCaseProof(proofText);
  if (proofRead && !proofRead.ok) failures.push(`${CASE_PROOF}: not a Merkle proof (${proofRead.why})`);
  const proof = proofRead?.ok ? proofRead.value : null;
  const replayText = await textOf(CASE_REPLAY_JSON);
  if (replayText !== null) {
    const j = parseStrictJson(replayText);
    const o =
      j.ok && typeof j.value === 'object' && j.value !== null && !Array.isArray(j.value)
        ? (j.value as Record<string, unknown>)
        : null;
    if (!o) failures.push(`${CASE_REPLAY_JSON}: not a JSON object read one way only`);
    else {
      const diff = firstDifference(o, { ...expected, block_digest: proof?.block_digest ?? o.block_digest });
      if (diff)
        failures.push(
          `${CASE_REPLAY_JSON}: field "${diff}" differs from the unit re-derived from its reference alone (R2): the record was changed`,
        );
      else
        checked.push(
          `${CASE_REPLAY_JSON}: equals the unit re-derived from its reference alone (R2), lot ${unit.explanation.lotCents} cents, evaluator ${unit.agrees ? 'agrees' : 'DISAGREES'} (R4)`,
        );
    }
  }
  let png: Uint8Array | null = null;
  if (byName.has(CASE_REPLAY_PNG)) {
    png = await bytesOf(CASE_REPLAY_PNG);
    if (png) {
      if (!PNG_MAGIC.every((b, k) => png![k] === b)) failures.push(`${CASE_REPLAY_PNG}: not a PNG image`);
      else checked.push(`${CASE_REPLAY_PNG}: a PNG image of ${png.length} bytes`);
    }
  }
  const cited = caseCitations(expected, buildSteps(unit), r.game);
  const pdf = await bytesOf(CASE_PDF);
  if (pdf) {
    if (new TextDecoder().decode(pdf.subarray(0, 5)) !== PDF_MAGIC) failures.push(`${CASE_PDF}: not a PDF file`);
    else if (proof) {
      // the PDF is made deterministically from the record, the unit, the proof, the PNG and the
      // signer: rebuilt here and compared byte for byte, every page is checked, not only its name
      const rebuilt = await rebuiltPdf(record, r, unit, proof, cited, png, m.signer?.fingerprint ?? null, fonts);
      if (typeof rebuilt === 'string') failures.push(`${CASE_PDF}: not rebuilt: ${rebuilt}`);
      else if (hex(sha256(rebuilt)) !== hex(sha256(pdf)))
        failures.push(
          `${CASE_PDF}: not the PDF that ${CASE_FILE}, the replay and the proof make (SHA-256 ${hex(sha256(pdf)).slice(0, 16)}…, rebuilt ${hex(sha256(rebuilt)).slice(0, 16)}…): ${pdfShows(pdf, record.ref)} (or it was made by another version than this one; the case says ${m.appVersion})`,
        );
      else
        checked.push(
          `${CASE_PDF}: the same ${pdf.length} bytes as the PDF rebuilt from ${CASE_FILE}, the replay and the proof: its pages show unit ${record.ref}, lot ${unit.explanation.lotCents} cents, the claim and the conclusion recorded`,
        );
    }
  }
  // the rule texts quoted, as the articles data of this build holds them
  const rulesText = await textOf(CASE_RULES);
  if (rulesText !== null) {
    const passages = cited.documents.reduce((n, d) => n + d.passages.length, 0);
    const j = parseStrictJson(rulesText);
    if (!j.ok || canonicalJson(j.value) !== canonicalJson(citedJson(cited)))
      failures.push(`${CASE_RULES}: the quoted texts differ from the rules' articles that the replay cites`);
    else
      checked.push(
        `${CASE_RULES}: ${counted(passages, 'passage', 'passages')} and ${counted(cited.decisions.length, 'decision', 'decisions')}, equal to the articles data`,
      );
  }

  // the Merkle proof: leaf from the segment alone (R2), path to the root, root from the whole block (R1)
  if (!proof) return done(record);
  const segment = Math.floor(r.index / SEGMENT_UNITS);
  if (proof.segment !== segment || m.case.segment !== segment || proof.segment_units !== SEGMENT_UNITS) {
    failures.push(
      `${CASE_PROOF}: proves segment ${proof.segment}, but unit ${r.index} is in segment ${segment} (${SEGMENT_UNITS} units a segment)`,
    );
    return done(record);
  }
  const leaf = await rebuild.segment(spec, segment);
  if (leaf !== proof.leaf)
    failures.push(
      `${CASE_PROOF}: the leaf ${proof.leaf} differs from segment ${segment} rebuilt alone from the seed (${leaf}) (R2)`,
    );
  else if (!verifyMerkleProof({ leafIndex: segment, leaf: proof.leaf, path: proof.path, root: proof.merkle_root }))
    failures.push(
      `${CASE_PROOF}: the path of ${counted(proof.path.length, 'step', 'steps')} does not lead from the leaf to the root ${proof.merkle_root}`,
    );
  else {
    const leaves = (await rebuild.block(spec)).map((h) =>
      Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16)),
    );
    const root = merkleRoot(leaves);
    const digest = blockDigest(leaves);
    const stated = m.blocks[0];
    if (root !== proof.merkle_root || stated?.merkleRoot !== root)
      failures.push(
        `${CASE_PROOF}: the root ${proof.merkle_root} is not the Merkle root of the block rebuilt from its seed (${root}) (R1)`,
      );
    else if (digest !== proof.block_digest || stated.digest !== digest)
      failures.push(
        `${CASE_PROOF}: the block digest ${proof.block_digest} is not that of the block rebuilt from its seed (${digest}) (R1)`,
      );
    else
      checked.push(
        `${CASE_PROOF}: the leaf equals segment ${segment} rebuilt alone from the seed (R2); its path of ${counted(proof.path.length, 'step', 'steps')} leads to the root ${root}, the Merkle root of the block rebuilt from seed ${r.seed} (R1), whose digest is ${digest}`,
      );
  }
  return done(record);
}
