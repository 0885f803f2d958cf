/**
 * The exact JSONL line of each unit of one of our blocks, regenerated from its seed (R1), so that a
 * unit line can be checked by comparing it with the line the export writes (`jsonlUnit`, README
 * « Export schema »). A line equal to it byte for byte holds the right index, the reference of its
 * block and index (R3), and the unit the generator makes (R1); and since the regenerated unit is
 * evaluated here (R4) and its lot found in the table (art. 3), such a line passes every check of
 * the line-by-line reading without being parsed. Any other line is read field by field, which names
 * what differs. Regenerated in chunks of {@link EXPECTED_CHUNK} units, in bounded memory, and
 * compared piece by piece with the line (its canonical record against the text), so that no line
 * is built for a unit that conforms.
 */
import { Placement } from '../../block/placement';
import { blockKeys } from '../../block/spec';
import type { BlockSpec } from '../../block/spec';
import { asciiBytes, bytesAt, digitsAt } from '../../format/ascii-bytes';
import { GONG_CODES } from '../../games/les-3-gongs/gongs';
import { MINE_CODES } from '../../games/mine-d-or/grid';
import { prepareGame } from '../../games/registry';
import type { PresentationWeights } from '../../games/registry';
import type { PreparedGame } from '../../games/prepared-game';
import { UnitStream } from '../../random/mix';
import { RefWriter } from '../../ref/unit-ref';

/**
 * Units regenerated at a time. Small: a range of a file checked on a worker ends inside its last
 * chunk, and the rest of that chunk is made for nothing when the next range goes to another worker
 * (at 10,000, about a tenth more generation on two workers than on one).
 */
export const EXPECTED_CHUNK = 2_000;

/** What a unit line equal to its regenerated line adds up to: its lot and its level of the table. */
export interface ExpectedUnit {
  readonly prize: number;
  /** The table's index of the lot; the losing level after the table's. */
  readonly level: number;
}

export class ExpectedLines {
  private from = -1;
  private count = 0;
  /** Each unit's canonical record, {@link recordBytes} apart. */
  private records = new Uint8Array(0);
  private words = new DataView(this.records.buffer);
  /** The lot of each unit of the chunk, or -1 when the regenerated unit fails its own evaluation. */
  private prizes = new Float64Array(0);
  private levelsOf = new Uint8Array(0);
  private readonly recordBytes: number;
  private readonly refs: RefWriter;
  /** The table's level of each lot: the first level of that amount, as a line's lot is read. */
  private readonly levelOfPrize = new Map<number, number>();
  /** Each symbol code of the game's canonical record as the export writes it (a JSON string), then "," or "]". */
  private readonly quotedComma: readonly string[];
  private readonly quotedEnd: readonly string[];
  /** The same, as bytes: what {@link matchAt} compares a file's bytes with. */
  private readonly quotedCommaBytes: readonly Uint8Array[];
  private readonly quotedEndBytes: readonly Uint8Array[];
  private readonly game: PreparedGame;
  private readonly placement: Placement;
  private readonly unitKey: number;
  /** The level of each unit of the chunk, the placement's (losing = the table's count of levels). */
  private placed = new Uint8Array(0);

  constructor(
    private readonly spec: BlockSpec,
    weights: PresentationWeights | undefined,
  ) {
    this.refs = new RefWriter(spec);
    const levels = spec.table.levels;
    this.levelOfPrize.set(0, levels.length);
    levels.forEach((l, k) => {
      if (!this.levelOfPrize.has(l.prizeCents)) this.levelOfPrize.set(l.prizeCents, k);
    });
    const quoted = (spec.game === 'mine-d-or' ? MINE_CODES : GONG_CODES).map((id) => JSON.stringify(id));
    this.quotedComma = quoted.map((q) => `${q},`);
    this.quotedEnd = quoted.map((q) => `${q}]`);
    this.quotedCommaBytes = this.quotedComma.map(asciiBytes);
    this.quotedEndBytes = this.quotedEnd.map(asciiBytes);
    this.game = prepareGame(spec, weights);
    this.recordBytes = this.game.maxRecordBytes;
    const { permKey, unitKey } = blockKeys(spec);
    this.placement = new Placement(spec.table, permKey);
    this.unitKey = unitKey;
  }

  /** The level of the table of the unit last matched by {@link matchAt}. */
  matchedLevel = 0;

  /**
   * {@link match} of the line at `p` of `b` (bytes, not text): the position where unit i's line, as
   * the export writes it, ends there (its line end not included), else -1. Then its level is
   * {@link matchedLevel}. Bytes equal to that ASCII line are valid UTF-8: nothing is decoded.
   */
  matchAt(i: number, b: Uint8Array, p: number): number {
    const k = this.slot(i);
    if (k < 0) return -1;
    const r = this.records;
    const o = k * this.recordBytes;
    p = bytesAt(b, p, INDEX);
    p = digitsAt(b, p, i);
    p = bytesAt(b, p, REF);
    p = p < 0 ? -1 : this.refs.matchAt(b, p, i);
    p = bytesAt(b, p, PRIZE);
    p = digitsAt(b, p, this.prizes[k]!);
    if (this.spec.game === 'mine-d-or') {
      p = bytesAt(b, p, MAIN);
      p = this.gridAt(b, p, o + 5);
      p = bytesAt(b, p, EXTRAS);
      for (let g = 1; g <= r[o + 4]! && p >= 0; g++) {
        p = bytesAt(b, p, g > 1 ? NEXT_GRID : FIRST_GRID);
        p = this.gridAt(b, p, o + 5 + 9 * g);
      }
      p = bytesAt(b, p, MINE_END);
    } else {
      const q = this.quotedCommaBytes;
      p = bytesAt(b, p, GONGS);
      p = bytesAt(b, p, q[r[o + 4]!]!);
      p = bytesAt(b, p, q[r[o + 5]!]!);
      p = bytesAt(b, p, this.quotedEndBytes[r[o + 6]!]!);
      p = bytesAt(b, p, BONUS);
      if (r[o + 7] === 1) {
        const w = this.words;
        p = bytesAt(b, p, OPEN);
        p = digitsAt(b, p, w.getUint32(o + 8, true));
        p = bytesAt(b, p, COMMA);
        p = digitsAt(b, p, w.getUint32(o + 12, true));
        p = bytesAt(b, p, COMMA);
        p = digitsAt(b, p, w.getUint32(o + 16, true));
        p = bytesAt(b, p, CLOSE);
      } else p = bytesAt(b, p, NULL);
      p = bytesAt(b, p, END);
    }
    this.matchedLevel = this.levelsOf[k]!;
    return p;
  }

  /** {@link grid} on bytes. */
  private gridAt(b: Uint8Array, p: number, at: number): number {
    const r = this.records;
    const q = this.quotedCommaBytes;
    for (let c = 0; c < 8 && p >= 0; c++) p = bytesAt(b, p, q[r[at + c]!]!);
    return bytesAt(b, p, this.quotedEndBytes[r[at + 8]!]!);
  }

  /**
   * Whether `text` is unit i's line exactly as the export writes it: then its lot and level, else
   * null (also when i is outside the block, or its regenerated unit is not one a line could conform
   * with: its shown lot is not its assigned one). Such a line is read field by field, as any other.
   */
  match(i: number, text: string): ExpectedUnit | null {
    const k = this.slot(i);
    if (k < 0) return null;
    const prize = this.prizes[k]!;
    const r = this.records;
    const o = k * this.recordBytes;
    let p = piece(text, 0, '{"index":');
    p = piece(text, p, String(i));
    p = piece(text, p, ',"ref":"');
    p = piece(text, p, this.refs.ref(i));
    p = piece(text, p, '","prize_cents":');
    p = piece(text, p, String(prize));
    if (this.spec.game === 'mine-d-or') {
      p = piece(text, p, ',"main":[');
      p = this.grid(text, p, o + 5);
      p = piece(text, p, ',"extras":[');
      for (let g = 1; g <= r[o + 4]!; g++) {
        p = piece(text, p, g > 1 ? ',[' : '[');
        p = this.grid(text, p, o + 5 + 9 * g);
      }
      p = piece(text, p, ']}');
    } else {
      const q = this.quotedComma;
      p = piece(text, p, ',"gongs":[');
      p = piece(text, p, q[r[o + 4]!]!);
      p = piece(text, p, q[r[o + 5]!]!);
      p = piece(text, p, this.quotedEnd[r[o + 6]!]!);
      p = piece(text, p, ',"bonus_cents":');
      p = piece(text, p, r[o + 7] === 1 ? this.bonus(o) : 'null');
      p = piece(text, p, '}');
    }
    return p === text.length ? { prize, level: this.levelsOf[k]! } : null;
  }

  /** Unit i's line as the export writes it (`jsonlUnit`), or null as for {@link match}. */
  line(i: number): string | null {
    const k = this.slot(i);
    if (k < 0) return null;
    const r = this.records;
    const o = k * this.recordBytes;
    const head = `{"index":${i},"ref":"${this.refs.ref(i)}","prize_cents":${this.prizes[k]!},`;
    const grid = (at: number): string =>
      `[${[...r.subarray(at, at + 8)].map((c) => this.quotedComma[c]!).join('')}${this.quotedEnd[r[at + 8]!]!}`;
    if (this.spec.game === 'mine-d-or') {
      const extras = Array.from({ length: r[o + 4]! }, (_, g) => grid(o + 5 + 9 * (g + 1))).join(',');
      return `${head}"main":${grid(o + 5)},"extras":[${extras}]}`;
    }
    const q = this.quotedComma;
    return `${head}"gongs":[${q[r[o + 4]!]!}${q[r[o + 5]!]!}${this.quotedEnd[r[o + 6]!]!},"bonus_cents":${r[o + 7] === 1 ? this.bonus(o) : 'null'}}`;
  }

  /** The chunk slot of unit i, loading its chunk; -1 outside the block or for a unit no line conforms with. */
  private slot(i: number): number {
    if (i < 0 || i >= this.spec.table.blockUnits) return -1;
    if (this.from < 0 || i < this.from || i >= this.from + this.count) this.load(i);
    const k = i - this.from;
    return this.prizes[k]! < 0 ? -1 : k;
  }

  /** Nine codes of a Mine d'or grid at `at` of the records (canonical record: 9 codes a grid). */
  private grid(text: string, p: number, at: number): number {
    const r = this.records;
    const q = this.quotedComma;
    for (let c = 0; c < 8; c++) p = piece(text, p, q[r[at + c]!]!);
    return piece(text, p, this.quotedEnd[r[at + 8]!]!);
  }

  /** A Les 3 Gongs record's three Bonus amounts (u32 little-endian each) as JSON. */
  private bonus(o: number): string {
    const w = this.words;
    return `[${w.getUint32(o + 8, true)},${w.getUint32(o + 12, true)},${w.getUint32(o + 16, true)}]`;
  }

  private load(i: number): void {
    const spec = this.spec;
    // from the unit asked on, not from a multiple of the chunk: a range of a file checked on a worker
    // starts anywhere, and the units before it, another worker's, are not made a second time here
    this.from = i;
    const to = Math.min(spec.table.blockUnits, this.from + EXPECTED_CHUNK);
    const n = to - this.from;
    const game = this.game;
    const unitKey = this.unitKey;
    const stream = new UnitStream();
    if (this.records.length < n * this.recordBytes) {
      this.records = new Uint8Array(n * this.recordBytes);
      this.words = new DataView(this.records.buffer);
      this.prizes = new Float64Array(n);
      this.levelsOf = new Uint8Array(n);
      this.placed = new Uint8Array(n);
    }
    // the chunk's levels in one pass, as a block's run reads them
    const placed = this.placed.subarray(0, n);
    this.placement.levelsInto(this.from, placed);
    for (let j = this.from; j < to; j++) {
      const level = placed[j - this.from]!;
      stream.reseed(unitKey, j);
      game.generate(level, stream);
      const prize = spec.table.levels[level]?.prizeCents ?? 0;
      const k = j - this.from;
      const lineLevel = this.levelOfPrize.get(prize);
      // what the unit shows must win its lot (R4), and that lot be the table's (art. 3)
      if (game.evaluate() !== prize || lineLevel === undefined) {
        this.prizes[k] = -1;
        continue;
      }
      this.prizes[k] = prize;
      this.levelsOf[k] = lineLevel;
      game.writeRecord(prize, this.records, k * this.recordBytes);
    }
    this.count = n;
  }
}

/** The fixed parts of a unit line as the export writes it (`jsonlUnit`), as bytes. */
const INDEX = asciiBytes('{"index":');
const REF = asciiBytes(',"ref":"');
const PRIZE = asciiBytes('","prize_cents":');
const MAIN = asciiBytes(',"main":[');
const EXTRAS = asciiBytes(',"extras":[');
const FIRST_GRID = asciiBytes('[');
const NEXT_GRID = asciiBytes(',[');
const MINE_END = asciiBytes(']}');
const GONGS = asciiBytes(',"gongs":[');
const BONUS = asciiBytes(',"bonus_cents":');
const OPEN = asciiBytes('[');
const COMMA = asciiBytes(',');
const CLOSE = asciiBytes(']');
const NULL = asciiBytes('null');
const END = asciiBytes('}');

/** The position after `s` when `text` holds it at `p`, else -1 (and -1 stays -1). */
function piece(text: string, p: number, s: string): number {
  return p >= 0 && text.startsWith(s, p) ? p + s.length : -1;
}
