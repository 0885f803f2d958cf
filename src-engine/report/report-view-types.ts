/**
 * The shapes of the audit report's view ({@link ./report-view.ts}): cells, rows, tables, sections
 * and the printed page's frame, shared by the printable HTML and the compliance screen.
 */
import type { Lang } from '../format/numbers';
import type { GameId } from '../rules/types';

/** A verdict's colour. */
/** `warn`: a finding to examine (a placement test below 1 %), no failure. */
export type ViewStatus = 'pass' | 'fail' | 'warn';

/** One value as shown: its text, and how it is shown. */
export interface ViewCell {
  readonly text: string;
  readonly status?: ViewStatus;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
  /** A digest or identifier, in a fixed-width font. */
  readonly code?: boolean;
  /** The hook end-to-end tests read (`data-testid`). */
  readonly testId?: string;
}

export interface ViewRow {
  readonly key: string;
  readonly cells: readonly ViewCell[];
  readonly testId?: string;
}

/** A table with a header row. */
export interface ViewTable {
  readonly testId: string;
  readonly head: readonly string[];
  readonly rows: readonly ViewRow[];
  readonly foot?: ViewRow;
}

/** A label and its value (a two-column table). */
export interface ViewPair {
  readonly label: string;
  readonly value: ViewCell;
}

/** A titled part of the report: pairs, a table and paragraphs, each optional, in that order. */
export interface ViewSection {
  readonly title: string;
  readonly pairs?: readonly ViewPair[];
  readonly table?: ViewTable;
  readonly paragraphs?: readonly (ViewCell & { readonly small?: boolean })[];
}

export interface BlockView {
  readonly seed: number;
  readonly testId: string;
  readonly title: string;
  readonly sections: readonly ViewSection[];
}

export interface ReportView {
  readonly lang: Lang;
  /** The game whose rules the report cites. */
  readonly game: GameId;
  readonly title: string;
  readonly subtitle: string;
  readonly identity: ViewSection;
  readonly summary: ViewSection;
  /** Every block's seed and digest in one table: where the printed footer's list continues. */
  readonly digests: ViewSection;
  /** The compliance journal's signed checkpoint the report carries, when it carries one. */
  readonly journal?: ViewSection;
  readonly blocks: readonly BlockView[];
  readonly legal: ViewSection;
  /** What every printed page repeats: the header line, and the footer's digest line and page words. */
  readonly print: PrintFrame;
}

/** The running header and footer of the printed report, the same on the desktop PDF and the browser print. */
export interface PrintFrame {
  /** Title, game, stake, seeds and date. */
  readonly header: string;
  /** Each block's SHA-256 digest (R1), or the first ones and where the others are listed. */
  readonly footer: string;
  /** « Page » and « sur » (« of »), around the page number and the page count. */
  readonly page: string;
  readonly of: string;
}
