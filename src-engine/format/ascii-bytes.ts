/**
 * ASCII text compared where it lies in a file's bytes, without decoding them into a string: the
 * unit lines of an export are ASCII, so a line equal byte for byte to the one expected is also
 * valid UTF-8, and `verify` compares most of a file this way (`ExpectedLines.matchAt`).
 */

/** The bytes of ASCII text `s` (one byte a character). */
export function asciiBytes(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

/** The position after `s` when `b` holds it at `p`, else -1 (and -1 stays -1). */
export function bytesAt(b: Uint8Array, p: number, s: Uint8Array): number {
  if (p < 0 || p + s.length > b.length) return -1;
  for (let k = 0; k < s.length; k++) if (b[p + k] !== s[k]) return -1;
  return p + s.length;
}

/** The position after the decimal digits of `n` (an integer ≥ 0, as `String(n)` writes it) at `p`, else -1. */
export function digitsAt(b: Uint8Array, p: number, n: number): number {
  if (p < 0) return -1;
  let len = 1;
  for (let v = n; v >= 10; v = Math.floor(v / 10)) len++;
  if (p + len > b.length) return -1;
  let v = n;
  for (let k = len - 1; k >= 0; k--) {
    if (b[p + k] !== 48 + (v % 10)) return -1;
    v = Math.floor(v / 10);
  }
  return p + len;
}
