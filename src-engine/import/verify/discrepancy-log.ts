/**
 * The discrepancies of one check: all counted, the first ones described, each with the reference
 * (R3) of the unit its line should hold when the block is one of ours.
 */
import type { Discrepancy } from './types';

/** What a discrepancy may name beside its message. */
export interface DiscrepancyValues {
  readonly expected?: string | undefined;
  readonly found?: string | undefined;
  readonly expectedFr?: string | undefined;
  /** Described even once the list is full: a fact about the rest of the file a reader must see. */
  readonly always?: boolean;
}

export class DiscrepancyLog {
  private n = 0;
  private readonly list: Discrepancy[] = [];

  /**
   * @param max how many are described (all are counted)
   * @param refOfIndex the reference of the unit at an index, when the block is known and ours
   */
  constructor(
    private readonly max: number,
    private readonly refOfIndex: (index: number) => string | undefined,
  ) {}

  get count(): number {
    return this.n;
  }

  /** No more are described: the next ones are only counted. */
  get full(): boolean {
    return this.list.length >= this.max;
  }

  get described(): readonly Discrepancy[] {
    return this.list;
  }

  /** Counts a discrepancy without describing it (the same fault repeated). */
  countOnly(): void {
    this.n++;
  }

  /**
   * Says the last described discrepancy, of `line`, in other words (what it turned out to be once
   * the next line was read); counted once still. Nothing when it was not described or not of `line`.
   */
  amendLast(line: number, text: string, fr: string): void {
    const last = this.list.at(-1);
    if (!last || last.line !== line) return;
    this.list[this.list.length - 1] = {
      line,
      ...(last.index !== undefined ? { index: last.index } : {}),
      ...(last.ref !== undefined ? { ref: last.ref } : {}),
      field: 'index',
      message: `line ${line}: ${text}`,
      fr: `ligne ${line} : ${fr}`,
    };
  }

  report(
    line: number | null,
    index: number | undefined,
    field: string | undefined,
    text: string,
    fr: string,
    values: DiscrepancyValues = {},
  ): void {
    this.n++;
    if (this.list.length >= this.max && !values.always) return;
    const ref = index !== undefined ? this.refOfIndex(index) : undefined;
    this.list.push({
      line,
      ...(index !== undefined ? { index } : {}),
      ...(field !== undefined ? { field } : {}),
      ...(ref !== undefined ? { ref } : {}),
      ...(values.expected !== undefined ? { expected: values.expected } : {}),
      ...(values.expectedFr !== undefined ? { expectedFr: values.expectedFr } : {}),
      ...(values.found !== undefined ? { found: values.found } : {}),
      message: line === null ? text : `line ${line}: ${text}`,
      fr: line === null ? fr : `ligne ${line} : ${fr}`,
    });
  }
}
