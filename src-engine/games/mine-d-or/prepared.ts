/**
 * Mine d'or behind the {@link PreparedGame} interface.
 */
import { getRules } from '../../rules/load';
import type { PrizeTable, StakeCents } from '../../rules/types';
import type { UnitStream } from '../../random/mix';
import type { PreparedGame } from '../prepared-game';
import { writeU32 } from '../prepared-game';
import type { UnitView } from '../unit-view';
import { evaluateMineDor, lastSummary, mineDorErrorText } from './evaluate';
import { MineDorGenerator } from './generate';
import { BUFFER_SIZE, MAX_STAGES, MINE_CODES, gridOffset } from './grid';
import { DEFAULT_MINE_DOR_WEIGHTS } from './presentations';
import type { MineDorWeights } from './presentations';

const WHERE = ['none', 'main', 'extra', 'main+extra'] as const;

/** Presentation classes: EXTRA count × where the gains are × any aligned combination. */
export const MINE_PRESENTATION_CLASSES: readonly string[] = (() => {
  const names: string[] = [];
  for (let e = 0; e < 4; e++)
    for (const w of WHERE) for (const a of [false, true]) names.push(`extra=${e};win=${w};aligned=${a}`);
  return names;
})();

/**
 * First screen: what the main grid shows before any Extra stage. A visible combination (a win)
 * or no EXTRA and no combination (a loss) decides the unit on sight; otherwise the Extra stages
 * decide, and the EXTRA count and the pairs shown (near misses, M5) are all the player has.
 */
export const MINE_FIRST_SCREEN_CLASSES: readonly string[] = [
  'extra=0;main=lose',
  ...[0, 1, 2, 3].map((e) => `extra=${e};main=win`),
  ...[1, 2, 3].flatMap((e) => ['0', '1', '2+'].map((p) => `extra=${e};main=none;pairs=${p}`)),
];

/** The art. 4.4 gain of each paying symbol at a stake, in code order. */
export function mineDorGains(stakeCents: StakeCents): Int32Array {
  return Int32Array.from(getRules('mine-d-or').symbols.map((s) => s.gainCents[stakeCents]));
}

export class MineDorGame implements PreparedGame {
  readonly table: PrizeTable;
  readonly stakeCents: StakeCents;
  readonly maxRecordBytes = 4 + 1 + 9 * 4;
  readonly presentationClasses = MINE_PRESENTATION_CLASSES;
  readonly firstScreenClasses = MINE_FIRST_SCREEN_CLASSES;
  readonly buf = new Uint8Array(BUFFER_SIZE);
  private readonly gains: Int32Array;
  private readonly generator: MineDorGenerator;

  /** `m6Strict`: M6's strict reading (the M6 lots always show two gains or more). */
  constructor(
    table: PrizeTable,
    stakeCents: StakeCents,
    weights: MineDorWeights = DEFAULT_MINE_DOR_WEIGHTS,
    m6Strict = false,
  ) {
    this.table = table;
    this.stakeCents = stakeCents;
    this.gains = mineDorGains(stakeCents);
    this.generator = new MineDorGenerator(table, this.gains, weights, m6Strict);
  }

  get unreachable(): readonly { level: number; prizeCents: number }[] {
    return this.generator.unreachable;
  }

  generate(level: number, stream: UnitStream): void {
    this.generator.generate(level, stream, this.buf);
  }

  evaluate(): number {
    return evaluateMineDor(this.buf, this.gains);
  }

  errorText(code: number): string {
    return mineDorErrorText(code);
  }

  presentationClass(): number {
    const e = Math.min(lastSummary[0]!, 3);
    const where = (lastSummary[1]! > 0 ? 1 : 0) + (lastSummary[2]! > 0 ? 2 : 0);
    return e * 8 + where * 2 + (lastSummary[3]! > 0 ? 1 : 0);
  }

  firstScreenClass(): number {
    const e = Math.min(lastSummary[0]!, 3);
    if (lastSummary[1]! > 0) return 1 + e; // a combination in the main grid: a win on sight
    if (e === 0) return 0; // no combination and no EXTRA: a loss on sight (art. 4.8)
    return 5 + (e - 1) * 3 + Math.min(lastSummary[5]!, 2);
  }

  /** Record: prize u32 LE, Extra stage count, main grid codes, each stage's codes. */
  writeRecord(prizeCents: number, out: Uint8Array, offset: number): number {
    writeU32(out, offset, prizeCents);
    const b = this.buf;
    const o = offset + 4;
    // the stage count and the main grid, written out (no loop whose length varies: most units)
    out[o] = b[0]!;
    out[o + 1] = b[1]!;
    out[o + 2] = b[2]!;
    out[o + 3] = b[3]!;
    out[o + 4] = b[4]!;
    out[o + 5] = b[5]!;
    out[o + 6] = b[6]!;
    out[o + 7] = b[7]!;
    out[o + 8] = b[8]!;
    out[o + 9] = b[9]!;
    const n = 1 + 9 * (b[0]! + 1);
    for (let i = 10; i < n; i++) out[o + i] = b[i]!;
    return 4 + n;
  }

  view(): UnitView {
    const grid = (g: number): string[] =>
      Array.from(this.buf.subarray(gridOffset(g), gridOffset(g) + 9), (c) => MINE_CODES[c]!);
    const extras: string[][] = [];
    for (let g = 1; g <= this.buf[0]!; g++) extras.push(grid(g));
    return { game: 'mine-d-or', main: grid(0), extras };
  }

  load(view: UnitView): string | null {
    if (view.game !== 'mine-d-or') return `a ${view.game} unit is not a Mine d'or unit`;
    if (view.main.length !== 9) return `the main grid has ${view.main.length} cells: expected 9 (art. 4.1)`;
    if (view.extras.length > MAX_STAGES)
      return `${view.extras.length} Extra stages: at most ${MAX_STAGES} fit in a grid`;
    const grids = [view.main, ...view.extras];
    for (let g = 0; g < grids.length; g++) {
      const cells = grids[g]!;
      if (cells.length !== 9) return `Extra stage ${g} has ${cells.length} cells: expected 9 (art. 4.6)`;
      for (let i = 0; i < 9; i++) {
        const code = MINE_CODES.indexOf(cells[i]!);
        if (code < 0) {
          const where = g === 0 ? 'the main grid' : `Extra stage ${g}`;
          return `unknown symbol "${cells[i]}" in cell ${i} of ${where}: expected one of ${MINE_CODES.join(', ')}`;
        }
        this.buf[gridOffset(g) + i] = code;
      }
    }
    this.buf[0] = view.extras.length;
    return null;
  }
}
