/**
 * The hostile-input corpus: one case list per class of input (`*.cases.ts` in this folder, each
 * exporting `cases` and, for files too big to keep in the repository, `generate(dir)`). Every case
 * runs through the command line (`node scripts/cli.mjs`, as a user runs it) or, for readers that
 * only screens use, through the same engine reader in a child process; each asserts its exit code,
 * its message, and that the process's peak memory stays under its class's bound.
 */

/** One hostile input and the answer it must get. */
export interface HostileCase {
  /** What the case is, in a few words. */
  readonly name: string;
  /** The command line's arguments; `dir` holds the generated and the committed files. */
  readonly args: (dir: string) => string[];
  /** Expected exit code. */
  readonly code: number;
  /** What stderr must say (and only that, on one line when it is an error). */
  readonly stderr?: RegExp;
  /** What stdout must say. */
  readonly stdout?: RegExp;
  /** How long the case may take (default 20 s). */
  readonly timeoutMs?: number;
  /**
   * Another program than the command line: a script (path from the project's root), bundled with
   * esbuild and run with node, given `args(dir)`, printing the verdict on stdout.
   */
  readonly script?: string;
}

/** A class of hostile inputs: its cases and the memory none of them may pass. */
export interface HostileClass {
  readonly name: string;
  /** Largest peak resident memory of any case, in MB (the whole process, worker threads included). */
  readonly maxRssMb: number;
  readonly cases: readonly HostileCase[];
  /** Writes the class's files into `dir` (big or sparse ones at test time, never in the repository). */
  readonly generate?: (dir: string) => Promise<void> | void;
}
