/**
 * The jobs of the one protocol ({@link JobMap} in `protocol.ts`) on the compliance journal: its
 * text verified, its head and tip, an excerpt proved against a checkpoint, a zip's entries opened,
 * and a journal checked against the checkpoints of other files.
 */
import { z } from 'zod';
import type { AgainstVerdict, Checkpoint, JournalBlocks, JournalTip, JournalVerdict, LocalizedText } from '@engine';

/** The jobs on the compliance journal, by kind. */
export interface JournalJobs {
  /** Checks the compliance journal's text entry by entry (journal/verify.ts): the verdict and every entry read. */
  verifyJournal: {
    input: { text: string };
    output: JournalVerdict;
    progress: never;
  };
  /** A journal's head: its size and the root of its tree (journal-tree.ts), to sign as a checkpoint. */
  journalHead: {
    input: { text: string };
    output: { size: number; root: string };
    progress: never;
  };
  /**
   * The last entry of a journal file's whole lines (journal/verify.ts, every entry hashed): the tip
   * the next entry chains to, or null for an empty journal.
   */
  journalTip: {
    input: { bytes: Uint8Array };
    output: JournalTip | null;
    progress: never;
  };
  /**
   * The entries of a journal on some blocks, as a bundle or case made on screen holds them: each
   * with its inclusion proof against `checkpoint`, signed over this text; without proofs when the
   * journal does not verify (no tree to prove entries in).
   */
  provedExcerpt: {
    input: { text: string; blocks: JournalBlocks; checkpoint: Checkpoint };
    output: string;
    progress: never;
  };
  /**
   * A bundle's or a dispute case's zip opened on the Journal screen: the journal entries it holds
   * (read as `verify-bundle` reads them), checked as the excerpt they are; or why none was read.
   */
  openJournalZip: {
    input: { name: string; file: Blob };
    output: { verdict: JournalVerdict; text: string } | { refused: LocalizedText };
    progress: never;
  };
  /**
   * A journal's text checked against the checkpoints the files given hold (checkpoint files, or
   * bundles' and cases' zips, read in the worker as `journal verify --against` reads them); a file
   * that holds none is refused with why, by its name.
   */
  journalAgainst: {
    input: {
      journal: string;
      files: readonly { readonly name: string; readonly file: Blob }[];
      /** The public key file (`keygen`'s KEYFILE.pub) every checkpoint must be signed with, as `--pub`. */
      pub?: { readonly name: string; readonly file: Blob };
    };
    output: {
      verdict: AgainstVerdict;
      refused: readonly { readonly name: string; readonly text: LocalizedText }[];
      /** The key required (the pub file read), or null when none was given or it did not read. */
      key: { readonly name: string; readonly fingerprint: string } | null;
    };
    progress: never;
  };
}

/** The journal jobs' inputs checked before their job runs (the others carry files their handler reads). */
export const journalInputSchemas = {
  journalHead: z.object({ text: z.string() }),
  journalTip: z.object({ bytes: z.instanceof(Uint8Array) }),
} satisfies { readonly [K in keyof JournalJobs]?: z.ZodType };
