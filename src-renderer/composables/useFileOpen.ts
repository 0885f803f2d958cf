/**
 * The one way a screen opens a file to read: the dialog through the bridge, the file refused by its
 * size before a byte is read, parsed in the engine's workers (never a frozen page), then taken or
 * refused with every problem listed and nothing the user had changed. Opens land in the order
 * their files were chosen, whatever each parse takes; a failure is one message (`error`).
 */
import { ref, shallowRef } from 'vue';
import type { LocalizedText } from '@engine';
import type { FileFilter, InstantLabApi } from '../../src-main/bridge/contract';
import { textOf } from '@shared/jobs/localized-error';
import { getBridge } from '../bridge';
import type { BoundedFile, BoundedSheet } from '../bridge/open-bounded';

/** A parser's answer: the file taken, or every problem that refuses it. */
export type Parsed = { readonly ok: true } | { readonly ok: false; readonly problems: readonly unknown[] };
/** The answer of a taken file. */
export type Accepted<R extends Parsed> = Exclude<R, { readonly ok: false }>;
/** One problem of a refused file. */
export type ProblemOf<R extends Parsed> = Extract<R, { readonly ok: false }>['problems'][number];
/** A file as read, within its bound. */
export type ReadFile<B extends BoundedFile | BoundedSheet> = Exclude<B, null | { tooLarge: true }>;

/** One file-open flow: how the file is read and bounded, parsed and taken. */
export interface FileOpenFlow<R extends Parsed, B extends BoundedFile | BoundedSheet> {
  /** The dialog's filters. */
  readonly filters: FileFilter[];
  /** The largest file read; a larger one is refused before it is read. */
  readonly maxBytes: number;
  /** Reads the file within `maxBytes`: `openBounded` (text) or `openBoundedSheet` (a spreadsheet's bytes). */
  readonly read: (bridge: InstantLabApi, filters: FileFilter[], maxBytes: number) => Promise<B>;
  /** The problem that refuses a file of `size` bytes, over the bound. */
  readonly tooLarge: (size: number) => ProblemOf<R>;
  /** Parses the file, in the engine's workers. */
  readonly parse: (file: ReadFile<B>) => Promise<R>;
  /** Takes a file the parser accepted (it may still refuse it, with `refuse`). */
  readonly accept: (file: string, r: Accepted<R>) => void;
}

export function useFileOpen<R extends Parsed, B extends BoundedFile | BoundedSheet>(flow: FileOpenFlow<R, B>) {
  /** Problems of the last refused file (all of them), with its name. */
  const problems = shallowRef<readonly ProblemOf<R>[]>([]);
  const refusedFile = ref('');
  const error = shallowRef<LocalizedText | null>(null);
  /** The last open's turn to land: a small file chosen second must not land before a larger one chosen first. */
  let landed: Promise<void> = Promise.resolve();

  /** Refuses `file`, listing every problem. */
  function refuse(file: string, found: readonly ProblemOf<R>[]): void {
    refusedFile.value = file;
    problems.value = found;
  }

  /** Takes the refusal away. */
  function clearRefusal(): void {
    refusedFile.value = '';
    problems.value = [];
  }

  /** A parsed file: refused with every problem, else taken. */
  function land(file: string, r: R): void {
    if (r.ok) flow.accept(file, r as Accepted<R>);
    else refuse(file, (r as Extract<R, { readonly ok: false }>).problems);
  }

  /** Opens a file through the dialog; resolves once it has landed or failed (never rejects). */
  async function open(): Promise<void> {
    error.value = null;
    const turn = landed;
    let done!: () => void;
    landed = new Promise<void>((resolve) => (done = resolve));
    try {
      const f = await flow.read(getBridge(), flow.filters, flow.maxBytes);
      if (f === null) return;
      if ('tooLarge' in f) {
        await turn;
        refuse(f.name, [flow.tooLarge(f.size)]);
        return;
      }
      const parsed = await flow.parse(f as ReadFile<B>);
      await turn;
      land(f.name, parsed);
    } catch (e) {
      await turn;
      error.value = textOf(e);
    } finally {
      // a cancelled dialog too waits for the opens chosen before it, so that later ones keep their place
      await turn;
      done();
    }
  }

  return { problems, refusedFile, error, refuse, clearRefusal, land, open };
}
