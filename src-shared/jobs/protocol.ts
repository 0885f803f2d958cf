/**
 * The one job protocol of every worker, Node `worker_threads` (command line) and Web Workers (app):
 * the kinds of job with their inputs, outputs and progress ({@link JobMap}), the messages both ways,
 * and zod schemas that check a message when it crosses a thread (the envelope always, the input of
 * the block jobs and the opening of a unit, whose specs name what the blocks are, R1) before anything is run on it.
 * To add a job: declare it here, write its handler, register it with the worker that runs it.
 */
import { z } from 'zod';
import { GAME_IDS, MAX_SEED, PLACEMENT_PARTS } from '@engine';
import type { BlockResult, BlockSpec, OpenedUnit, PresentationWeights, RangeTally } from '@engine';
import type { PrizeTable, SessionParams, SessionSummary, SessionTally } from '@engine';
import type { BlockAudit, GameId, StakeCents } from '@engine';
import type { LocalizedText, ParseResult } from '@engine';
import type { SheetTable, TableSheetResult } from '@engine';
import type { OptimisePhase, OptimiseRequest, OptimiseResult } from '@engine';
import type { AuditReport, BundlePdf, HistoryReading, Lang } from '@engine';
import type { PresentationRead } from '@engine';
import type { CurveBand, MergedSummary } from '../block-run/summary';
import type { FileJobs } from './protocol-files';
import type { JournalJobs } from './protocol-journal';
import { journalInputSchemas } from './protocol-journal';

export type { ScanProgress } from './protocol-files';

/** What the replay screen's block browser looks for. */
export interface FindUnitsInput {
  readonly spec: BlockSpec;
  /** A level index of the table (losing = levels.length), any winning level, or any unit. */
  readonly level: number | 'win' | 'any';
  /** A presentation of `unit-facts.ts` (`any`, `extra`, `aligned`, `bonus`, `near-miss` …). */
  readonly presentation: string;
  /** First index to consider. */
  readonly from: number;
  /** At most this many matches. */
  readonly limit: number;
  /** At most this many units opened (presentation filters open each candidate). */
  readonly maxScan: number;
}

/** Matching indices, ascending, and where to continue (null when the block is exhausted). */
export interface FindUnitsOutput {
  readonly indices: number[];
  readonly next: number | null;
  readonly scanned: number;
}

/**
 * Every job a worker runs, by kind (the jobs on export files in `protocol-files.ts`, on the compliance
 * journal in `protocol-journal.ts`).
 */
export interface JobMap extends FileJobs, JournalJobs {
  /** Generate and audit units [from, to) of a block (R1, R4). Progress: units done. */
  range: {
    input: { spec: BlockSpec; from: number; to: number; keepLevels?: boolean; weights?: PresentationWeights };
    output: RangeTally;
    progress: number;
  };
  /** The tallies that cover a whole block merged into its reconciliation and audit (R4), and digests (R1). */
  mergeBlock: {
    input: { spec: BlockSpec; tallies: RangeTally[]; weights?: PresentationWeights };
    output: BlockResult;
    progress: never;
  };
  /** The same merge, kept as the compact summary a screen draws and keeps (no per-segment data). */
  summariseBlock: {
    input: { spec: BlockSpec; tallies: RangeTally[]; weights?: PresentationWeights; keepCurve: boolean };
    output: MergedSummary;
    progress: never;
  };
  /**
   * A whole block generated, audited and merged in one worker, when a run gives each block one
   * range: its tallies never leave the worker. Progress: units done.
   */
  wholeBlock: {
    input: { spec: BlockSpec; weights?: PresentationWeights };
    output: BlockResult;
    progress: number;
  };
  /** The same, kept as a screen's summary, with the worker's own time on the block. Progress: units done. */
  wholeBlockSummary: {
    input: { spec: BlockSpec; weights?: PresentationWeights; keepCurve: boolean };
    output: MergedSummary;
    progress: number;
  };
  /** The spread of every block's sales curve (percentiles over blocks at each sampled point). */
  salesBand: {
    input: { table: PrizeTable; curveUnits: number[]; curvesPaid: number[][] };
    output: CurveBand;
    progress: never;
  };
  /**
   * Segment digests of units [from, to) of a block, for its block digest (R1): the replay screen's
   * recall field, computed off the UI thread. Progress: units done.
   */
  blockDigest: {
    input: { spec: BlockSpec; from: number; to: number };
    output: { from: number; to: number; segmentDigests: Uint8Array[] };
    progress: number;
  };
  /**
   * One unit of a block opened alone from its block's spec and its index (R2: the block is never
   * built), with the time opening took: the replay screen's unit, off the UI thread.
   */
  openUnit: {
    input: { spec: BlockSpec; index: number };
    output: { unit: OpenedUnit; openMs: number };
    progress: never;
  };
  /** Units of a block matching a prize level and a presentation, from an index on (R2). */
  findUnits: {
    input: FindUnitsInput;
    output: FindUnitsOutput;
    progress: number;
  };
  /** Explorer: players [from, to) of a session run (explorer/sessions.ts). Progress: players done. */
  sessions: {
    input: { params: SessionParams; from: number; to: number };
    output: SessionTally;
    progress: number;
  };
  /**
   * Explorer: the summary of merged session tallies, with the exact figures beside the simulated
   * ones (the exact chance of ending ahead without replacement can take a second). Progress: none.
   */
  sessionSummary: {
    input: { params: SessionParams; table: PrizeTable; tally: SessionTally };
    output: SessionSummary;
    progress: never;
  };
  /** One whole block audited with every unit's level kept, then its report section (placement tests, first screen). Progress: units done. */
  auditBlock: {
    input: { game: GameId; stakeCents: StakeCents; seed: number };
    /** The section, the generator's name, and the block's segment digests (hex, R1) an evidence bundle holds. */
    output: { section: BlockAudit; generator: string; segmentDigests: readonly string[] };
    progress: number;
  };
  /**
   * The evidence bundle of a report (the same files as `npm run evidence`), built whole in one
   * worker. The private key file is read here and only here: the page never holds the secret key,
   * and only the signature and the public key's fingerprint come back. Progress: 0 to 1.
   */
  evidenceBundle: {
    input: {
      report: AuditReport;
      segmentDigests: readonly (readonly string[])[];
      lang: Lang;
      appVersion: string;
      /** The private key file the user chose (`npm run keygen`), or null for an unsigned bundle. */
      keyFile: Blob | null;
      keyName: string;
      pdf: BundlePdf;
      /** The app journal's entries on these blocks (journalExcerpt), held in the bundle; absent: none held. */
      journalEntries?: string;
    };
    /** The zip, its SHA-256 (hex, for the journal), the files its manifest lists, the signer's fingerprint. */
    output: { zip: Uint8Array; sha256: string; files: number; fingerprint: string | null; pdf: boolean };
    progress: number;
  };
  /**
   * The replay screen's dispute case (src-engine/dispute/: the same zip as `replay REF --case`),
   * built whole in one worker; the private key file is read here only, as for the bundle.
   */
  disputeCase: {
    input: {
      ref: string;
      claim: string;
      conclusion: string;
      lang: Lang;
      appVersion: string;
      /** The segment digests of the unit's block (hex, R1), as the replay screen computed them. */
      segmentDigests: readonly string[];
      /** The screen's PNG of the final state. */
      png: Uint8Array | null;
      keyFile: Blob | null;
      keyName: string;
      /** The app journal's entries on the unit's block, with its signed checkpoint (journal/entries.jsonl). */
      journalEntries?: string;
    };
    /**
     * The case made, or why the claim or the conclusion was refused (empty, too long, or holding a
     * character the PDF's font cannot print), before anything was built or signed: the screen shows
     * it beside that field.
     */
    output:
      | {
          refused: null;
          zip: Uint8Array;
          sha256: string;
          files: number;
          fingerprint: string | null;
          merkleRoot: string;
          caseSha256: string;
        }
      | { refused: { field: 'claim' | 'conclusion'; text: LocalizedText } };
    progress: never;
  };
  /** A player's history (src-engine/dispute/history.ts): each line's unit opened, or why it is not a reference. */
  historyUnits: {
    input: { text: string };
    output: HistoryReading;
    progress: never;
  };
  /** Reads a scenario file's text (explorer/scenario.ts): the scenario, or every problem once. */
  parseScenario: {
    input: { text: string };
    output: ParseResult;
    progress: never;
  };
  /** An XLSX workbook of the sheets given, one worksheet each (exceljs runs only in workers). */
  writeXlsx: {
    input: { sheets: SheetTable[] };
    output: Uint8Array;
    progress: never;
  };
  /** A prize table read from a spreadsheet (XLSX bytes or CSV text): the scenario, or every problem by row. */
  readTableSheet: {
    /** XLSX bytes; a CSV file's bytes (`csv`: decoded by the engine, UTF-8, UTF-16 or Windows-1252); or CSV text. */
    input: { bytes: Uint8Array } | { bytes: Uint8Array; csv: true } | { text: string };
    output: TableSheetResult;
    progress: never;
  };
  /**
   * Integer lot counts that meet the request best, or the reasons none exists (HiGHS in the
   * worker; a solve cannot be interrupted, so a cancel terminates the worker). Progress: the phase started.
   */
  optimise: {
    input: { request: OptimiseRequest; timeLimitS?: number };
    output: OptimiseResult;
    progress: OptimisePhase | 'loading';
  };
  /** Reads a presentation settings file's text (presentation/settings-file.ts): the settings, or every problem once. */
  parsePresentation: {
    input: { text: string };
    output: PresentationRead;
    progress: never;
  };
}

export type JobKind = keyof JobMap;

/**
 * The kinds only the command line's worker threads serve: a range of a file read by its path, and
 * the passes `verify` and `export` split over their pool. The app's workers serve every other kind.
 */
export type CommandLineJobKind = 'verifyFileRange' | 'placementTestPart' | 'exportLines';

/** Every kind, for the envelope's check (a `satisfies` keeps it equal to {@link JobMap}'s keys). */
export const JOB_KINDS = [
  'range',
  'mergeBlock',
  'summariseBlock',
  'wholeBlock',
  'wholeBlockSummary',
  'salesBand',
  'blockDigest',
  'verifyFileRange',
  'placementTestPart',
  'exportLines',
  'openUnit',
  'findUnits',
  'sessions',
  'sessionSummary',
  'auditBlock',
  'exportChunk',
  'verifyImport',
  'judgeEmission',
  'scanExport',
  'hashBlob',
  'hashBytes',
  'verifyBlobRange',
  'verifyFinish',
  'evidenceBundle',
  'disputeCase',
  'historyUnits',
  'parseScenario',
  'writeXlsx',
  'readTableSheet',
  'optimise',
  'parsePresentation',
  'verifyJournal',
  'journalHead',
  'journalTip',
  'provedExcerpt',
  'journalAgainst',
  'openJournalZip',
] as const satisfies readonly JobKind[];
// and no kind is left out of the list
type Missing = Exclude<JobKind, (typeof JOB_KINDS)[number]>;
const everyKind: Missing extends never ? true : never = true;
void everyKind;

export interface JobRequest<K extends JobKind = JobKind> {
  readonly id: number;
  readonly kind: K;
  readonly input: JobMap[K]['input'];
}

/** What a job cost its thread: wall time, CPU time and time waiting for a core (null where unknown). */
export interface JobCost {
  readonly wallMs: number;
  readonly runNs: number | null;
  readonly waitNs: number | null;
}

export type JobReply =
  | { readonly id: number; readonly type: 'progress'; readonly progress: unknown }
  | { readonly id: number; readonly type: 'done'; readonly output: unknown; readonly cost?: JobCost }
  | {
      readonly id: number;
      readonly type: 'error';
      readonly message: string;
      /** The message in English and French, when the engine gave both (structured clone). */
      readonly text?: LocalizedText;
    };

/** What a worker posts once its code is loaded, before any reply. */
export interface WorkerReady {
  readonly type: 'ready';
}

/** A handler runs one job inside a worker; `progress` posts intermediate values. */
export type Handler<K extends JobKind> = (
  input: JobMap[K]['input'],
  progress: (p: JobMap[K]['progress']) => void,
) => Promise<JobMap[K]['output']> | JobMap[K]['output'];

/** The handlers a worker serves: every kind (the app), or the few a command line worker needs. */
export type Handlers = { readonly [K in JobKind]?: Handler<K> };

const id = z.number().int().positive();
const localizedText = z.object({ en: z.string(), fr: z.string() });

/** A request's envelope: its id, a known kind, and an input. */
export const jobRequestSchema = z.object({ id, kind: z.enum(JOB_KINDS), input: z.unknown() });

/** A reply's envelope, or the worker's first word. */
export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ id, type: z.literal('progress'), progress: z.unknown() }),
  z.object({
    id,
    type: z.literal('done'),
    output: z.unknown(),
    cost: z.object({ wallMs: z.number(), runNs: z.number().nullable(), waitNs: z.number().nullable() }).optional(),
  }),
  z.object({ id, type: z.literal('error'), message: z.string(), text: localizedText.optional() }),
]);

const count = z.number().int().nonnegative();
const gameId = z.custom<GameId>((v) => (GAME_IDS as readonly unknown[]).includes(v), 'a game id');
const prizeTable = z.object({
  game: gameId,
  stakeCents: z.number().int().positive(),
  blockUnits: z.number().int().positive(),
  levels: z.array(z.object({ prizeCents: z.number().int().positive(), lots: count })),
  source: z.string(),
});
const blockSpec = z.object({
  game: gameId,
  stakeCents: z.number().int().positive(),
  seed: z.number().int().min(0).max(MAX_SEED),
  generatorVersion: z.number().int().positive(),
  m6Strict: z.boolean().optional(),
  table: prizeTable,
});
const weights = z.object({ mineDor: z.object({}).loose().optional(), gongs: z.object({}).loose().optional() });
const tally = z.custom<RangeTally>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger((v as RangeTally).from) &&
    Number.isInteger((v as RangeTally).to) &&
    (v as RangeTally).levelCounts instanceof Float64Array &&
    Array.isArray((v as RangeTally).segmentDigests),
  'a range tally',
);
const unitRange = { from: count, to: count };

/**
 * Inputs checked before their job runs: the block jobs, whose spec names the blocks (R1). Other
 * kinds carry files or engine records the handler itself reads (and refuses) one way only.
 */
export const inputSchemas: { readonly [K in JobKind]?: z.ZodType } = {
  range: z.object({ spec: blockSpec, ...unitRange, keepLevels: z.boolean().optional(), weights: weights.optional() }),
  mergeBlock: z.object({ spec: blockSpec, tallies: z.array(tally).min(1), weights: weights.optional() }),
  summariseBlock: z.object({
    spec: blockSpec,
    tallies: z.array(tally).min(1),
    weights: weights.optional(),
    keepCurve: z.boolean(),
  }),
  wholeBlock: z.object({ spec: blockSpec, weights: weights.optional() }),
  wholeBlockSummary: z.object({ spec: blockSpec, weights: weights.optional(), keepCurve: z.boolean() }),
  salesBand: z.object({ table: prizeTable, curveUnits: z.array(count), curvesPaid: z.array(z.array(z.number())) }),
  blockDigest: z.object({ spec: blockSpec, ...unitRange }),
  verifyFileRange: z.object({
    spec: blockSpec,
    weights: weights.optional(),
    path: z.string().min(1),
    file: z.object({ dev: z.number(), ino: z.number() }),
    start: count,
    end: count,
  }),
  exportLines: z.object({
    spec: blockSpec,
    weights: weights.optional(),
    scenario: z.boolean(),
    format: z.enum(['jsonl', 'csv']),
    ...unitRange,
  }),
  placementTestPart: z.object({
    levels: z.instanceof(Uint8Array),
    table: prizeTable,
    part: z
      .number()
      .int()
      .min(0)
      .max(PLACEMENT_PARTS - 1),
  }),
  verifyBlobRange: z.object({
    file: z.instanceof(Blob),
    start: count,
    end: count,
    spec: blockSpec,
    weights: weights.optional(),
    firstIndex: count,
  }),
  openUnit: z.object({ spec: blockSpec, index: count }),
  ...journalInputSchemas,
};
