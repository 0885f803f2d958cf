/**
 * The exact JSONL line of each unit of one of our blocks, regenerated from its seed (R1), so that a
 * unit line can be checked by comparing it with the line the export writes (`jsonlUnit`, README
 * « Export schema »). A line equal to it byte for byte holds the right index, the reference of its
 * block and index (R3), and the unit the generator makes (R1); and since the regenerated unit is
 * evaluated here (R4) and its lot found in the table (art. 3), such a line passes every check of
 * the line-by-line reading without being parsed. Any other line is read field by field, which names
 * what differs. Regenerated in chunks of {@link EXPECTED_CHUNK} units, in bounded memory.
 */
import { Placement } from '../../block/placement';
import { blockKeys } from '../../block/spec';
import type { BlockSpec } from '../../block/spec';
import { jsonlUnit } from '../../export/unit-lines';
import { prepareGame } from '../../games/registry';
import type { PresentationWeights } from '../../games/registry';
import { UnitStream } from '../../random/mix';
import { RefWriter } from '../../ref/unit-ref';

/** Units regenerated at a time. */
export const EXPECTED_CHUNK = 10_000;

/** Unit i's line, lot and level (the table's index; the losing level after the table's). */
export interface ExpectedUnit {
  readonly line: string;
  readonly prize: number;
  readonly level: number;
}

export class ExpectedLines {
  private from = -1;
  private lines: string[] = [];
  /** The lot of each unit of the chunk, or -1 when the regenerated unit fails its own evaluation. */
  private prizes = new Float64Array(0);
  private levelsOf = new Uint8Array(0);
  private readonly refs: RefWriter;
  /** The table's level of each lot: the first level of that amount, as a line's lot is read. */
  private readonly levelOfPrize = new Map<number, number>();

  constructor(
    private readonly spec: BlockSpec,
    private readonly weights: PresentationWeights | undefined,
  ) {
    this.refs = new RefWriter(spec);
    const levels = spec.table.levels;
    this.levelOfPrize.set(0, levels.length);
    levels.forEach((l, k) => {
      if (!this.levelOfPrize.has(l.prizeCents)) this.levelOfPrize.set(l.prizeCents, k);
    });
  }

  /**
   * Unit i as the export writes it, or null when i is outside the block or the regenerated unit is
   * not one a line could conform with (its shown lot is not its assigned one): its line is then
   * read field by field, as any other.
   */
  at(i: number): ExpectedUnit | null {
    if (i < 0 || i >= this.spec.table.blockUnits) return null;
    if (this.from < 0 || i < this.from || i >= this.from + this.lines.length) this.load(i);
    const k = i - this.from;
    const prize = this.prizes[k]!;
    return prize < 0 ? null : { line: this.lines[k]!, prize, level: this.levelsOf[k]! };
  }

  private load(i: number): void {
    const spec = this.spec;
    this.from = Math.floor(i / EXPECTED_CHUNK) * EXPECTED_CHUNK;
    const to = Math.min(spec.table.blockUnits, this.from + EXPECTED_CHUNK);
    const n = to - this.from;
    const game = prepareGame(spec, this.weights);
    const { permKey, unitKey } = blockKeys(spec);
    const placement = new Placement(spec.table, permKey);
    const stream = new UnitStream();
    const lines = new Array<string>(n);
    const prizes = new Float64Array(n);
    const levels = new Uint8Array(n);
    for (let j = this.from; j < to; j++) {
      const level = placement.levelAt(j);
      stream.reseed(unitKey, j);
      game.generate(level, stream);
      const prize = spec.table.levels[level]?.prizeCents ?? 0;
      const k = j - this.from;
      const lineLevel = this.levelOfPrize.get(prize);
      // what the unit shows must win its lot (R4), and that lot be the table's (art. 3)
      if (game.evaluate() !== prize || lineLevel === undefined) {
        prizes[k] = -1;
        lines[k] = '';
        continue;
      }
      prizes[k] = prize;
      levels[k] = lineLevel;
      lines[k] = jsonlUnit(j, this.refs.ref(j), prize, game.view());
    }
    this.lines = lines;
    this.prizes = prizes;
    this.levelsOf = levels;
  }
}
