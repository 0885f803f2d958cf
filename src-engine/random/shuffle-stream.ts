/**
 * The draws of the calibration's ideal shuffles: a ChaCha20 keystream (RFC 8439, from
 * `@noble/ciphers`) keyed by the run's seed and the trial's number, and whole numbers below n
 * exactly uniform by rejection.
 *
 * Not the units' stream (`UnitStream`, `mix.ts`): that is made for a unit's few draws (R2), a 32-bit
 * state stepping along one Weyl sequence. A shuffle of a whole block takes a million draws in a
 * row, and the placement tests see it in their far tail (docs/explanations/compliance-statistics.md,
 * « Ideal shuffles »). A calibration measures its tests only on shuffles beyond suspicion.
 */
import { chacha20 } from '@noble/ciphers/chacha.js';

/** What a shuffle or a bias draws from: 32 random bits, or a whole number below n. */
export interface Draws {
  next(): number;
  below(n: number): number;
}

/** Keystream words made at a time: 64 KiB, 1,024 ChaCha20 blocks. */
const WORDS = 16_384;
const BLOCKS = (WORDS * 4) / 64;
const TWO_32 = 4294967296;

export class ShuffleStream implements Draws {
  private readonly key = new Uint8Array(32);
  private readonly nonce = new Uint8Array(12);
  private readonly zeros = new Uint8Array(WORDS * 4);
  private readonly bytes = new Uint8Array(WORDS * 4);
  // the platform's byte order: little-endian on every machine the app runs on
  private readonly words = new Uint32Array(this.bytes.buffer);
  private at = WORDS;
  private counter = 0;

  /** Starts the stream of trial `trial` of the run of seed `seed` (both whole numbers below 2^32). */
  reseed(seed: number, trial: number): void {
    const view = new DataView(this.key.buffer);
    view.setUint32(0, seed >>> 0, true);
    view.setUint32(4, trial >>> 0, true);
    view.setUint32(8, 0x4c41_4343, true); // "CCAL": no other stream of the project shares the key
    this.counter = 0;
    this.at = WORDS;
  }

  next(): number {
    if (this.at === WORDS) {
      chacha20(this.key, this.nonce, this.zeros, this.bytes, this.counter);
      this.counter += BLOCKS;
      this.at = 0;
    }
    return this.words[this.at++]!;
  }

  /** A whole number in [0, n), each equally likely (1 ≤ n ≤ 2^32): words past the last whole multiple of n are drawn again. */
  below(n: number): number {
    if (!(n >= 1 && n <= TWO_32)) throw new RangeError(`below(n) needs 1 ≤ n ≤ 2^32, not ${n}`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const r = this.next();
      if (r < limit) return r % n;
    }
  }
}
