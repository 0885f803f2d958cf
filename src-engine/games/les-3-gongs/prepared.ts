/**
 * Les 3 Gongs behind the {@link PreparedGame} interface.
 */
import { getRules } from '../../rules/load';
import type { PrizeTable, StakeCents } from '../../rules/types';
import type { UnitStream } from '../../random/mix';
import type { PreparedGame } from '../prepared-game';
import { writeU32 } from '../prepared-game';
import type { UnitView } from '../unit-view';
import { evaluateGongs, gongsErrorText, lastGongSummary } from './evaluate';
import { DEFAULT_GONGS_WEIGHTS, GongsGenerator } from './generate';
import type { GongsWeights } from './generate';
import { GONG_BUFFER_SIZE, GONG_CODES, YINYANG } from './gongs';

/** Presentation classes: lost, lost with a pair shown (G3 near miss), won directly, won through the Bonus (G2). */
export const GONG_PRESENTATION_CLASSES: readonly string[] = ['lose', 'lose-near-miss', 'direct', 'bonus'];
/** First screen: what the first two gongs show before the third is revealed. */
export const GONG_FIRST_SCREEN_CLASSES: readonly string[] = [
  'first-two-differ',
  'first-two-match',
  'first-two-yinyang',
];

/** The art. 4.3.1 gain of each paying symbol at a stake, in code order. */
export function gongGains(stakeCents: StakeCents): Int32Array {
  return Int32Array.from(getRules('les-3-gongs').symbols.map((s) => s.gainCents[stakeCents]));
}

/** The three Bonus amounts of a record, u32 LE each: apart, so that `writeRecord` stays small. */
function writeBonusAmounts(b: Int32Array, out: Uint8Array, offset: number): void {
  writeU32(out, offset, b[4]!);
  writeU32(out, offset + 4, b[5]!);
  writeU32(out, offset + 8, b[6]!);
}

export class GongsGame implements PreparedGame {
  readonly table: PrizeTable;
  readonly stakeCents: StakeCents;
  readonly unreachable: readonly { level: number; prizeCents: number }[];
  readonly maxRecordBytes = 4 + 3 + 1 + 12;
  readonly presentationClasses = GONG_PRESENTATION_CLASSES;
  readonly firstScreenClasses = GONG_FIRST_SCREEN_CLASSES;
  readonly buf = new Int32Array(GONG_BUFFER_SIZE);
  private readonly gains: Int32Array;
  private readonly generator: GongsGenerator;

  /** `version`: the generator version (R5): 2 shows round Bonus amounts (G5). */
  constructor(table: PrizeTable, stakeCents: StakeCents, weights: GongsWeights = DEFAULT_GONGS_WEIGHTS, version = 1) {
    this.table = table;
    this.stakeCents = stakeCents;
    this.gains = gongGains(stakeCents);
    this.generator = new GongsGenerator(table, this.gains, weights, version);
    this.unreachable = this.generator.unreachable;
  }

  generate(level: number, stream: UnitStream): void {
    this.generator.generate(level, stream, this.buf);
  }

  evaluate(): number {
    return evaluateGongs(this.buf, this.gains, this.stakeCents);
  }

  errorText(code: number): string {
    return gongsErrorText(code);
  }

  presentationClass(): number {
    const kind = lastGongSummary[0]!;
    return kind === 0 ? lastGongSummary[1]! : kind + 1;
  }

  firstScreenClass(): number {
    if (this.buf[0] !== this.buf[1]) return 0;
    return this.buf[0] === YINYANG ? 2 : 1;
  }

  /** Record: prize u32 LE, three symbol codes, Bonus flag, then three u32 LE amounts if Bonus. */
  writeRecord(prizeCents: number, out: Uint8Array, offset: number): number {
    const b = this.buf;
    writeU32(out, offset, prizeCents);
    out[offset + 4] = b[0]!;
    out[offset + 5] = b[1]!;
    out[offset + 6] = b[2]!;
    out[offset + 7] = b[3]!;
    if (b[3] !== 1) return 8;
    writeBonusAmounts(b, out, offset + 8);
    return 20;
  }

  view(): UnitView {
    const b = this.buf;
    return {
      game: 'les-3-gongs',
      gongs: [GONG_CODES[b[0]!]!, GONG_CODES[b[1]!]!, GONG_CODES[b[2]!]!],
      bonusCents: b[3] === 1 ? [b[4]!, b[5]!, b[6]!] : null,
    };
  }

  load(view: UnitView): string | null {
    if (view.game !== 'les-3-gongs') return `a ${view.game} unit is not a Les 3 Gongs unit`;
    if (view.gongs.length !== 3) return `${view.gongs.length} gongs: expected 3 (art. 4.1)`;
    for (let i = 0; i < 3; i++) {
      const code = GONG_CODES.indexOf(view.gongs[i]!);
      if (code < 0)
        return `unknown symbol "${view.gongs[i]}" under gong ${i}: expected one of ${GONG_CODES.join(', ')}`;
      this.buf[i] = code;
    }
    if (view.bonusCents === null) {
      this.buf[3] = 0;
      this.buf[4] = this.buf[5] = this.buf[6] = 0;
    } else {
      if (view.bonusCents.length !== 3) return `${view.bonusCents.length} Bonus amounts: expected 3 (art. 4.4)`;
      for (const v of view.bonusCents) {
        if (!Number.isSafeInteger(v)) return `Bonus amount ${v} is not a whole number of cents`;
      }
      this.buf[3] = 1;
      this.buf.set(view.bonusCents, 4);
    }
    return null;
  }
}
