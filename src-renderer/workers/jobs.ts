/**
 * The jobs that the renderer's Web Workers run, by kind: one map shared by the pool (UI side)
 * and the worker, so both sides agree on inputs, outputs and progress.
 * To add a job: declare it here, write its handler in `handlers/`, register it in `handlers/index.ts`.
 */
import type { BlockSpec, PresentationWeights, RangeTally } from '@engine';
import type { PrizeTable, SessionParams, SessionSummary, SessionTally } from '@engine';
import type { BlockAudit, GameId, StakeCents, VerifyResult } from '@engine';
import type { LocalizedText, ParseResult } from '@engine';
import type { SheetTable, TableSheetResult } from '@engine';
import type { OptimisePhase, OptimiseRequest, OptimiseResult } from '@engine';
import type { AuditReport, BundlePdf, Lang } from '@engine';
import type { PresentationRead } from '@engine';

export interface JobMap {
  /** Generate and audit units [from, to) of a block (R1, R4). Progress: units done. */
  range: {
    input: { spec: BlockSpec; from: number; to: number; keepLevels?: boolean; weights?: PresentationWeights };
    output: RangeTally;
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
   * ones (the exact chance of ending ahead without replacement can take a second: never on the UI
   * thread). Progress: none.
   */
  sessionSummary: {
    input: { params: SessionParams; table: PrizeTable; tally: SessionTally };
    output: SessionSummary;
    progress: never;
  };
}

export type JobKind = keyof JobMap;

export interface JobRequest<K extends JobKind = JobKind> {
  readonly id: number;
  readonly kind: K;
  readonly input: JobMap[K]['input'];
}

export type JobReply =
  | { readonly id: number; readonly type: 'progress'; readonly progress: unknown }
  | { readonly id: number; readonly type: 'done'; readonly output: unknown }
  | {
      readonly id: number;
      readonly type: 'error';
      readonly message: string;
      /** The message in English and French, when the engine gave both (structured clone). */
      readonly text?: LocalizedText;
    };

/** A handler runs one job inside a worker; `progress` posts intermediate values. */
export type Handler<K extends JobKind> = (
  input: JobMap[K]['input'],
  progress: (p: JobMap[K]['progress']) => void,
) => Promise<JobMap[K]['output']> | JobMap[K]['output'];

/** Job kinds of the replay screen, merged into {@link JobMap}. */
export interface JobMap {
  /**
   * Segment digests of units [from, to) of a block, for its block digest (R1): the replay screen's
   * recall field, computed off the UI thread. Progress: units done.
   */
  blockDigest: {
    input: { spec: BlockSpec; from: number; to: number };
    output: { from: number; to: number; segmentDigests: Uint8Array[] };
    progress: number;
  };
  /** Units of a block matching a prize level and a presentation, from an index on (R2). */
  findUnits: {
    input: FindUnitsInput;
    output: FindUnitsOutput;
    progress: number;
  };
}

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

// Compliance screen jobs (declaration merging: appended, apart from the other screens' jobs).
export interface JobMap {
  /** One whole block audited with every unit's level kept, then its report section (placement tests, first screen) built in the worker. Progress: units done. */
  auditBlock: {
    input: { game: GameId; stakeCents: StakeCents; seed: number };
    /** The section, the generator's name, and the block's segment digests (hex, R1) an evidence bundle holds. */
    output: { section: BlockAudit; generator: string; segmentDigests: readonly string[] };
    progress: number;
  };
  /** Export lines of units [from, to) of an official block, JSONL or CSV (README "Export schema"); the header goes with from = 0. */
  exportChunk: {
    input: { game: GameId; stakeCents: StakeCents; seed: number; format: 'jsonl' | 'csv'; from: number; to: number };
    output: string;
    progress: number;
  };
  /** Verifies an export file (streamed from a File, or given as text). Progress: characters read. */
  verifyImport: {
    input: { file?: Blob; text?: string; regenerate: boolean };
    /** The verdict and the SHA-256 (hex) of the bytes checked. */
    output: VerifyResult & { readonly sha256: string };
    progress: { chars: number; lines: number };
  };
}

/** The compliance screen's evidence bundle, merged into {@link JobMap}. */
export interface JobMap {
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
    };
    output: { zip: Uint8Array; files: number; fingerprint: string | null; pdf: boolean };
    progress: number;
  };
}

/** Job kinds of the payout explorer, merged into {@link JobMap}. */
export interface JobMap {
  /** Reads a scenario file's text (explorer/scenario.ts): the scenario, or every problem once. */
  parseScenario: {
    input: { text: string };
    output: ParseResult;
    progress: never;
  };
}

/** Spreadsheet jobs of the payout explorer, merged into {@link JobMap}: exceljs runs only in workers. */
export interface JobMap {
  /** An XLSX workbook of the sheets given, one worksheet each. */
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
}

/** The table optimiser of the payout explorer, merged into {@link JobMap}. */
export interface JobMap {
  /**
   * Integer lot counts that meet the request best, or the reasons none exists (HiGHS in the
   * worker; a solve cannot be interrupted, so a cancel terminates the worker). Progress: the phase started.
   */
  optimise: {
    input: { request: OptimiseRequest; timeLimitS?: number };
    output: OptimiseResult;
    progress: OptimisePhase | 'loading';
  };
}

/** Presentation settings files of the simulation screen (M4, G2), merged into {@link JobMap}. */
export interface JobMap {
  /** Reads a settings file's text (presentation/settings-file.ts): the settings, or every problem once. */
  parsePresentation: {
    input: { text: string };
    output: PresentationRead;
    progress: never;
  };
}
