/**
 * The journal's part of the bridge contract (contract.ts holds the one channel map): what the
 * renderer sends to append an entry, and what it gets back when it reads the journal. Like the rest
 * of the contract it imports nothing from Electron, Node or the engine (types only), so the preload
 * and the browser build bundle it as is.
 */
import { z } from 'zod';
import type { JournalKind, JournalWork } from '../../src-engine/journal/entry';
import type { Checkpoint } from '../../src-engine/journal/checkpoint';

/** Every kind of entry, as the engine names them (the `satisfies` keeps the two lists equal). */
export const JOURNAL_WORK_KINDS = [
  'audit-report',
  'export-verified',
  'emission-verified',
  'evidence-bundle',
  'block-export',
  'replay-evidence',
  'dispute-case',
  'journal-repair',
] as const satisfies readonly JournalKind[];
type MissingKind = Exclude<JournalKind, (typeof JOURNAL_WORK_KINDS)[number]>;
const everyKind: MissingKind extends never ? true : never = true;
void everyKind;

/** An entry's inputs or outputs: at most this many bytes once serialised. */
export const MAX_JOURNAL_PART_BYTES = 64 * 1024;
/** The largest journal a screen reads whole (about 100,000 entries). */
export const MAX_JOURNAL_READ_BYTES = 64 * 1024 * 1024;

const HEX64 = /^[0-9a-f]{64}$/;

/** Plain JSON (no undefined, NaN, Date…), so the entry's canonical text is the one the engine hashes. */
const jsonObject = (isJson: (v: unknown) => boolean) =>
  z
    .record(z.string(), z.unknown())
    .refine((v) => isJson(v), 'must be plain JSON (no undefined, functions, Dates, NaN…)')
    .refine(
      (v) => new TextEncoder().encode(JSON.stringify(v)).byteLength <= MAX_JOURNAL_PART_BYTES,
      `must be at most ${MAX_JOURNAL_PART_BYTES} bytes once serialised`,
    );

/** The work to journal; `journal-repair` is written by the journal's keeper only, never asked for. */
export function journalWorkSchema(isJson: (v: unknown) => boolean) {
  return z.strictObject({
    kind: z
      .enum(JOURNAL_WORK_KINDS)
      .refine((k) => k !== 'journal-repair', 'a repair is recorded by the journal itself'),
    at: z.iso.datetime({ offset: true }),
    app: z.string().min(1).max(100),
    generator: z.string().max(100).nullable(),
    inputs: jsonObject(isJson),
    outputs: jsonObject(isJson),
  });
}

/** What `journalAppend` answers: the entry written (its number and hash). */
export const JournalAppendedSchema = z.strictObject({
  seq: z.number().int().positive(),
  hash: z.string().regex(HEX64),
});
export type JournalAppended = z.infer<typeof JournalAppendedSchema>;

/** What the journal's keeper did at start with a torn last entry (the engine's `JournalRepair`). */
export const JournalRepairSchema = z.strictObject({
  line: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(HEX64),
  keptAs: z.string().max(255).nullable(),
  seq: z.number().int().positive().nullable(),
});

/** The journal's text as stored (verified by the screen's worker) and what was repaired at start. */
export const JournalReadSchema = z.strictObject({
  text: z.string().max(MAX_JOURNAL_READ_BYTES),
  repair: JournalRepairSchema.nullable(),
  /** Where it is kept: the file on the desktop, « IndexedDB » in the browser. */
  where: z.string().max(4096),
});
export type JournalRead = z.infer<typeof JournalReadSchema>;

/** The app's journal key as the screen shows it: its public half and fingerprint, as `keygen` prints it. */
export const JournalKeySchema = z.strictObject({
  publicKey: z.string().regex(HEX64),
  fingerprint: z.string().regex(/^[0-9a-f]{4}(:[0-9a-f]{4}){15}$/),
});
export type JournalKey = z.infer<typeof JournalKeySchema>;

/** A signed checkpoint's fields (the engine's reader checks the rest: its format, fingerprint and signature). */
const CheckpointSchema = z.strictObject({
  checkpoint: z.literal('instant-lab-journal-checkpoint/1'),
  size: z.number().int().nonnegative(),
  root: z.string().regex(HEX64),
  time: z.iso.datetime({ offset: true }),
  publicKey: z.string().regex(HEX64),
  fingerprint: JournalKeySchema.shape.fingerprint,
  signature: z.string().regex(/^[0-9a-f]{128}$/),
}) satisfies z.ZodType<Checkpoint>;

/**
 * What `journalCheckpoint` answers: the journal's text as signed and its checkpoint, one read, so
 * the inclusion proofs the screen computes from that text lead to the root signed.
 */
export const JournalCheckpointSchema = z.strictObject({
  text: JournalReadSchema.shape.text,
  checkpoint: CheckpointSchema,
});
export type JournalCheckpoint = z.infer<typeof JournalCheckpointSchema>;

// the schemas describe the engine's types
export type { JournalWork };
