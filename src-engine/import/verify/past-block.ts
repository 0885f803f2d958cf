/**
 * A file that goes on past its block: the first lines past it are read as any unit line, the rest
 * only counted, so that millions of junk lines after a header cost a count each, not a parse.
 */
import { enInt, frInt } from '../../i18n/localized-text';
import type { DiscrepancyLog } from './discrepancy-log';

/**
 * Unit lines read past a block's last unit before the rest are only counted: a swap or a few lines
 * repeated near the end still read as before, while a file that goes on for millions of lines past
 * its block costs a count, not a parse, each.
 */
export const READ_PAST_BLOCK = 1_000;

/** Whether the next unit line, after `unitLines` of them, is past the block and {@link READ_PAST_BLOCK} more. */
export function isPastBlock(unitLines: number, blockUnits: number): boolean {
  return unitLines >= blockUnits + READ_PAST_BLOCK;
}

/**
 * Line `line`, past the block and {@link READ_PAST_BLOCK} more, after `unitLines` unit lines: the
 * first such line is said once, whatever the log already holds; every later one is only counted.
 */
export function reportPastBlock(log: DiscrepancyLog, line: number, unitLines: number, blockUnits: number): void {
  if (unitLines === blockUnits + READ_PAST_BLOCK)
    log.report(
      line,
      undefined,
      undefined,
      `the file goes on past its block's ${enInt(blockUnits)} units and ${enInt(READ_PAST_BLOCK)} more lines: this line and every one after it are counted as discrepancies, not read (a block export holds one line per unit)`,
      `le fichier continue au-delà des ${frInt(blockUnits)} unités de son bloc et de ${frInt(READ_PAST_BLOCK)} lignes de plus : cette ligne et toutes les suivantes sont comptées comme des écarts, sans être lues (un export de bloc compte une ligne par unité)`,
      { always: true },
    );
  else log.countOnly();
}
