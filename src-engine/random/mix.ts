/**
 * 32-bit integer mixing and a small counter-seeded stream, identical on every JavaScript engine
 * (only `Math.imul`, shifts and xors): the basis of R1 (same inputs, same bytes, any machine).
 */

/** The murmur3 finaliser: a bijective avalanche mix of a 32-bit integer. */
export function mix32(x: number): number {
  return mix32i(x) >>> 0;
}

/** {@link mix32} as an int32 (the same bits): what hot loops use, so that no result needs boxing. */
function mix32i(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** FNV-1a over the UTF-16 code units of a string, then mixed: a 32-bit key from text. */
export function hashString32(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/**
 * A mulberry32 stream. One instance is reused for every unit of a range (no allocation in the hot
 * path): `reseed` starts the stream of another unit.
 */
export class UnitStream {
  /** The mulberry32 state (int32). */
  private state = 0;

  /** Starts the stream of unit `index` under a block's unit key (R2: from (block, index) alone). */
  reseed(unitKey: number, index: number): void {
    this.state = mix32i(unitKey ^ mix32i((index + 0x9e3779b9) | 0));
  }

  /**
   * The state {@link reseed} gives each unit of [from, from + out.length), into `out`: a loop of
   * independent mixes the processor overlaps, instead of one mix chain in front of every unit.
   */
  static seedsInto(unitKey: number, from: number, out: Int32Array): void {
    for (let k = 0; k < out.length; k++) out[k] = mix32i(unitKey ^ mix32i((from + k + 0x9e3779b9) | 0));
  }

  /** Starts a unit's stream from its state as {@link seedsInto} gave it (the same as `reseed`). */
  start(state: number): void {
    this.state = state;
  }

  /** The next 32 bits as an int32 (the same bits as {@link next}): no unsigned value to box. */
  private bits(): number {
    const s = (this.state = (this.state + 0x6d2b79f5) | 0);
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return t ^ (t >>> 14);
  }

  /** The next 32-bit unsigned value. */
  next(): number {
    return this.bits() >>> 0;
  }

  /** A uniform integer in [0, n), n ≤ 2^32 (multiply-shift, no modulo bias worth naming for n ≪ 2^32). */
  below(n: number): number {
    if (n <= 0x7fff) return this.belowSmall(n);
    return Math.floor((this.next() * n) / 4294967296);
  }

  /**
   * {@link below} for 1 ≤ n ≤ 32,767 in integer arithmetic only: floor(r·n / 2^32) computed on the
   * two 16-bit halves of r (exactly the same value, so the same units, R1).
   */
  belowSmall(n: number): number {
    const r = this.bits();
    return ((r >>> 16) * n + (((r & 0xffff) * n) >>> 16)) >>> 16;
  }

  /**
   * Three {@link belowSmall} draws into `out[0..2]`, the same values in the same order, with the
   * state kept in a register between them (a losing Les 3 Gongs unit's three gongs, G3).
   */
  belowSmall3(n: number, out: Int32Array): void {
    let s = this.state;
    for (let k = 0; k < 3; k++) {
      s = (s + 0x6d2b79f5) | 0;
      let t = Math.imul(s ^ (s >>> 15), s | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const r = t ^ (t >>> 14);
      out[k] = ((r >>> 16) * n + (((r & 0xffff) * n) >>> 16)) >>> 16;
    }
    this.state = s;
  }

  /** A uniform float in [0, 1). */
  unit(): number {
    return this.next() / 4294967296;
  }
}
