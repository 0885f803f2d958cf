/**
 * Checks an evidence bundle read one way only (README « evidence », `verify-bundle`): the zip's
 * entries are unambiguous ({@link readZipEntries}); the manifest is there once, bounded, and read
 * once, strictly; every entry but the manifest and its signature is listed in it, and every file it
 * lists is there once, with the size it states declared before anything is inflated, then the
 * SHA-256 it states, inflated piece by piece, never past its declared size; and the Ed25519
 * signature of the manifest's bytes holds; an evidence bundle's exports, report and printed report
 * hold what the manifest claims. Each failure names its file.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { exportPath } from './build-bundle';
import { ExportContent, claimOf } from './export-content';
import { MANIFEST, MANIFEST_KIND, SIGNATURE, readManifest } from './manifest';
import { MAX_REPORT_BYTES, REPORT_JSON, reportFailures } from './report-content';
import type { Manifest } from './manifest';
import { verifySignature } from './signing';
import { PDF_PATH } from './readme';
import { MAX_REPORT_PDF_BYTES, reportPdfCheck } from './report-pdf';
import type { LocalizedText } from '../i18n/localized-text';
import { JOURNAL_EXCERPT_PATH, concernsBlocks } from '../journal/excerpt';
import { verifyJournal } from '../journal/verify';
import type { ExcerptInclusion } from '../journal/excerpt-inclusion';
import { ZipRefusal, inflateEntry, inflateWhole, readZipEntries } from './zip-entries';
import type { ByteSource, ZipEntry } from './zip-entries';

/** A manifest declared larger than this is refused without being inflated. */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** A signature is 128 hex digits and a line end. */
export const MAX_SIGNATURE_BYTES = 1024;
/** A listed file declared larger than this is refused without being inflated (a Mine d'or block's JSONL is about 200 MB). */
export const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;
/** The journal entries a bundle holds are read whole to check their chain: at most this many bytes. */
export const MAX_JOURNAL_EXCERPT_BYTES = 64 * 1024 * 1024;
/** What all listed files may total once inflated (ten blocks, the most `evidence` makes, fit many times). */
export const MAX_BUNDLE_INFLATED_BYTES = 8 * 1024 * 1024 * 1024;

export interface BundleCheck {
  readonly ok: boolean;
  /** One line per failed check, each naming its file. */
  readonly failures: readonly string[];
  readonly filesChecked: number;
  readonly signed: boolean;
  readonly fingerprint: string | null;
  /** What the manifest says the zip is (an evidence bundle or a dispute case); null when no manifest was read. */
  readonly kind: Manifest['kind'] | null;
  /** The journal entries the bundle holds, when it holds them and their bytes matched the manifest. */
  readonly journal: JournalExcerptCheck | null;
  /** What the verdict should be read with, not failures (a printed report with no tag of its report). */
  readonly notes: readonly LocalizedText[];
}

/**
 * What was judged of a bundle's journal entries: an excerpt (the entries on its blocks), not a whole
 * journal, so only the links between entries that follow one another in their journal are checked.
 */
export interface JournalExcerptCheck {
  /** Entries held. */
  readonly entries: number;
  /** Entries that follow the one before them in their journal (seq + 1): their link was checked. */
  readonly linked: number;
  /**
   * When the entries carry their journal's signed checkpoint and each its inclusion proof
   * (`…-excerpt/2`): the checkpoint, and how many entries its tree was proved to hold.
   */
  readonly inclusion: ExcerptInclusion | null;
}

/** A check, with the manifest and the entries it was made on (for the checks of a dispute case). */
export interface BundleReading {
  readonly check: BundleCheck;
  readonly manifest: Manifest | null;
  readonly entries: readonly ZipEntry[];
}

/** Not a bundle at all (no zip structure, no manifest): the caller says so instead of a verdict. */
export class NotABundle extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotABundle';
  }
}

const mb = (n: number): string => `${(n / (1024 * 1024)).toFixed(1)} MiB`;

const failed = (failures: string[], filesChecked = 0): BundleCheck => ({
  ok: false,
  failures,
  filesChecked,
  signed: false,
  fingerprint: null,
  kind: null,
  journal: null,
  notes: [],
});

/** A SHA-256 fed piece by piece, as {@link readBundle} hashes each listed file. */
interface StreamingSha256 {
  update(piece: Uint8Array): unknown;
  digest(): Uint8Array;
}

/** The engine's own SHA-256 (JavaScript): a host with a native one (Node's) may give it instead. */
const nobleSha256 = (): StreamingSha256 => sha256.create();

/**
 * Checks the bundle in `src`; `pinnedKey` is the public key (hex) the regulator expects, if given;
 * `newSha256` makes the hash of each listed file. Throws {@link NotABundle} when `src` is no zip or
 * holds no manifest.
 */
export async function checkBundle(
  src: ByteSource,
  pinnedKey: string | null,
  newSha256: () => StreamingSha256 = nobleSha256,
): Promise<BundleCheck> {
  return (await readBundle(src, pinnedKey, newSha256)).check;
}

/** {@link checkBundle}, with the manifest and entries it read. */
export async function readBundle(
  src: ByteSource,
  pinnedKey: string | null,
  newSha256: () => StreamingSha256 = nobleSha256,
): Promise<BundleReading> {
  const none = (check: BundleCheck): BundleReading => ({ check, manifest: null, entries: [] });
  let entries: ZipEntry[];
  try {
    entries = await readZipEntries(src);
  } catch (e) {
    if (!(e instanceof ZipRefusal)) throw e;
    if (e.notAZip)
      throw new NotABundle(`not a zip file (${e.message}); expected a bundle made by \`instant-lab evidence\``);
    return none(failed([`the zip can be read more than one way, so nothing in it was checked: ${e.message}`]));
  }
  const byName = new Map(entries.map((e) => [e.name, e]));
  const manifestEntry = byName.get(MANIFEST);
  if (!manifestEntry || manifestEntry.directory)
    throw new NotABundle(`no ${MANIFEST} in the zip: not an evidence bundle made by \`instant-lab evidence\``);
  if (manifestEntry.size > MAX_MANIFEST_BYTES)
    return none(
      failed([
        `${MANIFEST}: declares ${mb(manifestEntry.size)} once inflated, over the ${mb(MAX_MANIFEST_BYTES)} a manifest may hold: refused without inflating it`,
      ]),
    );
  const failures: string[] = [];
  const notes: LocalizedText[] = [];
  let manifestBytes: Uint8Array;
  let manifest: Manifest;
  try {
    manifestBytes = await inflateWhole(src, manifestEntry);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(manifestBytes);
    const r = readManifest(text);
    if (!r.ok) return none(failed([`${MANIFEST}: not a bundle manifest (${r.why}): altered or damaged`]));
    manifest = r.manifest;
  } catch (e) {
    if (e instanceof ZipRefusal) return none(failed([`${MANIFEST}: ${e.message}`]));
    if (e instanceof TypeError) return none(failed([`${MANIFEST}: not UTF-8 text: altered or damaged`]));
    throw e;
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  // sizes first, before anything is inflated: what the manifest states, what the zip declares, the bounds
  const total = manifest.files.reduce((n, f) => n + f.bytes, 0);
  if (total > MAX_BUNDLE_INFLATED_BYTES)
    return none(
      failed([
        `${MANIFEST}: lists ${mb(total)} of files, over the ${mb(MAX_BUNDLE_INFLATED_BYTES)} a bundle may hold once inflated: nothing was inflated`,
      ]),
    );
  const toHash: [ZipEntry, (typeof manifest.files)[number]][] = [];
  let journal: JournalExcerptCheck | null = null;
  for (const f of manifest.files) {
    const e = byName.get(f.path);
    if (!e || e.directory) {
      failures.push(`${f.path}: listed in the manifest but missing from the bundle`);
      continue;
    }
    if (f.bytes > MAX_ENTRY_BYTES) {
      failures.push(
        `${f.path}: the manifest lists ${mb(f.bytes)}, over the ${mb(MAX_ENTRY_BYTES)} a bundled file may hold: refused without inflating it`,
      );
      continue;
    }
    if (f.path === JOURNAL_EXCERPT_PATH && f.bytes > MAX_JOURNAL_EXCERPT_BYTES) {
      failures.push(
        `${f.path}: the manifest lists ${mb(f.bytes)}, over the ${mb(MAX_JOURNAL_EXCERPT_BYTES)} a bundle's journal entries may hold: refused without inflating it`,
      );
      continue;
    }
    if (e.size !== f.bytes) {
      failures.push(
        `${f.path}: the zip declares ${e.size} bytes, the manifest ${f.bytes} bytes: the file was changed (not inflated)`,
      );
      continue;
    }
    toHash.push([e, f]);
  }
  for (const e of entries)
    if (!e.directory && !listed.has(e.name) && e.name !== MANIFEST && e.name !== SIGNATURE)
      failures.push(`${e.name}: in the bundle but not listed in the manifest`);
  // what its kind requires: an evidence bundle holds each block's export (a case's files: check-case.ts)
  if (manifest.kind === MANIFEST_KIND)
    for (const seed of manifest.seeds) {
      const path = exportPath(manifest.game, manifest.stakeCents, seed);
      if (!listed.has(path))
        failures.push(
          `${path}: the manifest lists no export of the block of seed ${seed}: an evidence bundle holds the export of each of its blocks, so there is nothing to check the block on`,
        );
    }
  // an evidence bundle's exports are read for what they say as well (export-content.ts)
  const exportSeeds = new Map(
    manifest.kind === MANIFEST_KIND
      ? manifest.seeds.map((s) => [exportPath(manifest.game, manifest.stakeCents, s), s] as const)
      : [],
  );
  for (const [e, f] of toHash) {
    const hash = newSha256();
    // the journal entries are read whole as well, to check their chain once their bytes are known
    const keep: Uint8Array[] | null = f.path === JOURNAL_EXCERPT_PATH ? [] : null;
    if (keep) journal = { entries: 0, linked: 0, inclusion: null };
    // and an evidence bundle's audit report, to check it is the audit of the blocks it holds
    const report: Uint8Array[] | null = manifest.kind === MANIFEST_KIND && f.path === REPORT_JSON ? [] : null;
    if (report && f.bytes > MAX_REPORT_BYTES) {
      failures.push(
        `${f.path}: the manifest lists ${mb(f.bytes)}, over the ${mb(MAX_REPORT_BYTES)} an audit report may hold: refused without inflating it`,
      );
      continue;
    }
    // and its printed report, to check it names that report (report-pdf.ts)
    const pdf: Uint8Array[] | null = manifest.kind === MANIFEST_KIND && f.path === PDF_PATH ? [] : null;
    if (pdf && f.bytes > MAX_REPORT_PDF_BYTES) {
      failures.push(
        `${f.path}: the manifest lists ${mb(f.bytes)}, over the ${mb(MAX_REPORT_PDF_BYTES)} a printed report may hold: refused without inflating it`,
      );
      continue;
    }
    const seed = exportSeeds.get(f.path);
    const content = seed === undefined ? null : new ExportContent(f.path, claimOf(manifest, seed));
    try {
      await inflateEntry(src, e, (piece) => {
        hash.update(piece);
        keep?.push(piece.slice());
        report?.push(piece.slice());
        pdf?.push(piece.slice());
        content?.feed(piece);
      });
    } catch (err) {
      if (!(err instanceof ZipRefusal)) throw err;
      failures.push(`${f.path}: ${err.message}`);
      continue;
    }
    const sha = bytesToHex(hash.digest());
    if (sha !== f.sha256)
      failures.push(
        `${f.path}: SHA-256 ${sha} (${e.size} bytes) differs from the manifest's ${f.sha256} (${f.bytes} bytes): the file was changed`,
      );
    else if (keep) {
      const j = checkJournalEntries(keep, manifest);
      failures.push(...j.failures);
      journal = j.check;
    } else if (content) failures.push(...content.finish());
    else if (report) failures.push(...reportFailures(concat(report), manifest));
    else if (pdf) {
      const p = await reportPdfCheck(concat(pdf), manifest);
      failures.push(...p.failures);
      notes.push(...p.notes);
    }
  }
  const sigEntry = byName.get(SIGNATURE);
  const signed = sigEntry !== undefined && !sigEntry.directory;
  if (signed) {
    let sig: string | null = null;
    if (sigEntry.size > MAX_SIGNATURE_BYTES)
      failures.push(
        `${SIGNATURE}: declares ${sigEntry.size} bytes, over the ${MAX_SIGNATURE_BYTES} a signature may hold`,
      );
    else
      try {
        sig = new TextDecoder().decode(await inflateWhole(src, sigEntry)).trim();
      } catch (err) {
        if (!(err instanceof ZipRefusal)) throw err;
        failures.push(`${SIGNATURE}: ${err.message}`);
      }
    if (!manifest.signer) failures.push(`${SIGNATURE}: present, but the manifest names no signer`);
    else if (sig !== null && !verifySignature(manifestBytes, sig, manifest.signer.publicKey))
      failures.push(
        `${MANIFEST} or ${SIGNATURE}: the signature does not match the manifest and the signer's public key: one of the two was changed`,
      );
  } else if (manifest.signer) failures.push(`${SIGNATURE}: missing, but the manifest names a signer`);
  if (pinnedKey !== null && manifest.signer?.publicKey !== pinnedKey)
    failures.push(`${MANIFEST}: the signer's public key is not the one given with --pub`);
  const check: BundleCheck = {
    ok: failures.length === 0,
    failures,
    filesChecked: manifest.files.length,
    signed,
    fingerprint: manifest.signer?.fingerprint ?? null,
    kind: manifest.kind,
    journal,
    notes,
  };
  return { check, manifest, entries };
}

/**
 * The journal entries' own check: each gives its hash, numbers rise, an entry that follows another
 * chains to it, and each is on the bundle's blocks (its game, stake and one of its seeds).
 */
function checkJournalEntries(
  pieces: readonly Uint8Array[],
  manifest: Manifest,
): { failures: string[]; check: JournalExcerptCheck } {
  const v = verifyJournal(concat(pieces), { excerpt: true });
  const failures: string[] = [];
  const first = v.findings[0];
  if (first)
    failures.push(
      `${JOURNAL_EXCERPT_PATH}: the journal entries do not hold together; first broken: ${first.text.en}${v.findings.length > 1 ? ` (and ${v.findings.length - 1} more)` : ''}`,
    );
  const blocks = { game: manifest.game, stakeCents: manifest.stakeCents, seeds: manifest.seeds };
  const stray = v.rows.filter((r) => !concernsBlocks(r.entry, blocks));
  // the manifest's blocks are typed by its schema (manifest.ts): judged against here
  if (
    v.excerpt?.blocks &&
    (v.excerpt.blocks.game !== blocks.game ||
      v.excerpt.blocks.stakeCents !== blocks.stakeCents ||
      v.excerpt.blocks.seeds.join(',') !== blocks.seeds.join(','))
  )
    failures.push(
      `${JOURNAL_EXCERPT_PATH}: line 1 says it is an excerpt on other blocks than the bundle's (${v.excerpt.blocks.game}, ${v.excerpt.blocks.stakeCents} cents, seeds ${v.excerpt.blocks.seeds.join(', ')})`,
    );
  else if (stray.length > 0)
    failures.push(
      `${JOURNAL_EXCERPT_PATH}: line ${stray[0]!.line}: entry ${stray[0]!.entry.seq} is not on this bundle's blocks (${manifest.game}, ${manifest.stakeCents} cents, seeds ${manifest.seeds.join(', ')})${stray.length > 1 ? ` (and ${stray.length - 1} more)` : ''}`,
    );
  const linked = v.rows.filter((r, i) => i > 0 && r.entry.seq === v.rows[i - 1]!.entry.seq + 1).length;
  return { failures, check: { entries: v.rows.length, linked, inclusion: v.inclusion } };
}

function concat(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A {@link ByteSource} over bytes in memory (tests, a worker holding a file the user chose). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length)) };
}
