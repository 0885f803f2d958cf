/**
 * The jobs of the one protocol ({@link JobMap} in `protocol.ts`) that read, check or write export
 * files: the command line's ranges of a file on disk, the screen's ranges of a File, their hashing,
 * export lines and an emission judged as one.
 */
import type { BlockSpec, EmissionInput, JudgedEmission, PlacementTest, PresentationWeights } from '@engine';
import type { GameId, PrizeTable, StakeCents, VerifyResult, WinnerSketch } from '@engine';

/** What the pass over an export file reports: the block its header names, then each range of whole unit lines. */
export type ScanProgress =
  | { kind: 'header'; header: string; spec: BlockSpec; weights?: PresentationWeights; nextIndex: number }
  | { kind: 'range'; start: number; end: number; firstIndex: number; lines: number };

/** The jobs on export files, by kind. */
export interface FileJobs {
  /**
   * A byte range [start, end) of an export file (whole unit lines, cut at line ends by the reading
   * that hashes the file), read by the worker itself and each line compared with the line its unit
   * is exported as (`matchLineRange`): the first line's unit index and every line's level when
   * every one is, else null (the file is then read line by line in order), also when the path no
   * longer names the file hashed (its device and inode). Command line only: the worker opens the file.
   */
  verifyFileRange: {
    input: {
      spec: BlockSpec;
      weights?: PresentationWeights;
      path: string;
      file: { dev: number; ino: number };
      start: number;
      end: number;
    };
    output: { firstIndex: number; levels: Uint8Array } | null;
    progress: never;
  };
  /**
   * Units [from, to) of a block as `export` writes their lines (JSONL, or CSV rows), as UTF-8
   * bytes, ended by a line end; `scenario`: the units of a table's block, labelled instead of
   * referenced. Command line only: its main thread hashes and writes the ranges in order.
   */
  exportLines: {
    input: {
      spec: BlockSpec;
      weights?: PresentationWeights;
      scenario: boolean;
      format: 'jsonl' | 'csv';
      from: number;
      to: number;
    };
    output: Uint8Array;
    progress: never;
  };
  /**
   * Part `part` of a whole block's placement tests (`placementTestPart`), from the level of every
   * unit: `verify` runs the parts on its workers at once, then gives them to its verdict.
   */
  placementTestPart: {
    input: { levels: Uint8Array; table: PrizeTable; part: number };
    output: PlacementTest[];
    progress: never;
  };
  /** Export lines of units [from, to) of an official block, JSONL or CSV (docs/reference/file-formats.md); the header goes with from = 0. */
  exportChunk: {
    input: { game: GameId; stakeCents: StakeCents; seed: number; format: 'jsonl' | 'csv'; from: number; to: number };
    /** The text the bridge writes, and its UTF-8 bytes (what the file holds), hashed at the end of the file (`hashBytes`). */
    output: { text: string; bytes: Uint8Array };
    progress: number;
  };
  /** Verifies an export file (streamed from a File, or given as text). Progress: characters read. */
  verifyImport: {
    /** `sketch`: where the block's winners sit is returned too (a file of an emission). */
    input: { file?: Blob; text?: string; regenerate: boolean; sketch?: boolean };
    /** The verdict and the SHA-256 (hex) of the bytes checked; the sketch when asked (null: not a whole block). */
    output: VerifyResult & { readonly sha256: string; readonly sketch?: WinnerSketch | null };
    progress: { chars: number; lines: number };
  };
  /**
   * An emission judged as one (`judgeEmission`): the checks across its blocks lay every pair's
   * winners on one another, work for a worker, not the page.
   */
  judgeEmission: {
    input: EmissionInput;
    output: JudgedEmission;
    progress: never;
  };
  /**
   * The one pass in order of the screen's check of an export file: its header read and its unit lines cut into ranges of whole lines (about `rangeBytes` each), each posted as found
   * for other workers to compare apart (`verifyBlobRange`). `fast: false` when the file cannot be
   * checked so (not our block's JSONL, bytes that are not UTF-8, no final line end): it is then read
   * line by line (`verifyImport`). Progress: the header's block, then each range.
   */
  scanExport: {
    input: { file: Blob; rangeBytes: number; regenerate: boolean };
    output: { fast: false } | { fast: true; bytes: number };
    progress: ScanProgress;
  };
  /** The SHA-256 (hex) of a file's bytes, in a worker (the platform's own SHA-256 where the file allows it). */
  hashBlob: {
    input: { file: Blob };
    output: string;
    progress: never;
  };
  /** The SHA-256 (hex) of bytes given in parts, in order (the platform's own SHA-256 where their size allows it). */
  hashBytes: {
    input: { parts: Uint8Array[] };
    output: string;
    progress: never;
  };
  /**
   * Bytes [start, end) of an export file (whole lines, unit `firstIndex` first), read here from the
   * file and compared with the lines the block's units are exported as (`matchLineRange`, as
   * `verify` on the command line): their levels when every one is, else null.
   */
  verifyBlobRange: {
    input: {
      file: Blob;
      start: number;
      end: number;
      spec: BlockSpec;
      weights?: PresentationWeights;
      firstIndex: number;
    };
    output: Uint8Array | null;
    progress: never;
  };
  /** The verdict of a file whose every unit line matched: its header, then its units' levels in order. */
  verifyFinish: {
    input: { header: string; levels: Uint8Array; regenerate: boolean };
    output: VerifyResult;
    progress: never;
  };
}
