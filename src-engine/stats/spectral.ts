/**
 * Periodicity at every longer period: the periodogram of the winners' counts in bins of 16 units,
 * at every Fourier frequency of the block (periods from 32 units to the block's length), and the
 * largest ordinate against its law (Fisher's test of the maximum periodogram ordinate; Brockwell &
 * Davis, Time Series: Theory and Methods, §10.2). Hot and cold windows that alternate, a generator
 * refilling a buffer every so many units, leave one frequency far above the others.
 *
 * The analysed units are the first n′ = 16·M (M = ⌊n/16⌋ bins; given their count w′, their
 * arrangement is uniform). For a uniformly random arrangement with fixed count, the bins' sums
 * are exchangeable with variance b·p·q·(n′ − b)/(n′ − 1) and covariance −b²·p·q/(n′ − 1), so at
 * every Fourier frequency 0 < k < M/2, E|Y_k|² = n′²·p·q/(n′ − 1) exactly, and the ordinates
 * I_k = |Y_k|² / E|Y_k|² are asymptotically independent Exp(1) (a sum of many exchangeable
 * bounded terms: complex normal). So P(max I_k ≥ t) = 1 − (1 − e^{−t})^K over the K ordinates.
 *
 * The block's length is seldom a power of two, so the exact Fourier frequencies come from
 * Bluestein's chirp-z algorithm (Bluestein, IEEE Trans. Audio 18, 1970) over power-of-two FFTs
 * from fft.js.
 */
import FFT from 'fft.js';
import { passes } from './placement-constants';
import type { PlacementTest } from './placement-constants';

/** Units per bin of the spectral test: periods from 2 × 16 units up are looked at. */
export const SPECTRAL_BIN = 16;

interface Chirp {
  readonly m: number;
  readonly fft: FFT;
  /** e^{−iπ j²/M}, interleaved re/im, j < M. */
  readonly w: Float64Array;
  /** FFT of the conjugate chirp laid out for the circular convolution. */
  readonly bHat: Float64Array;
  readonly a: Float64Array;
  readonly aHat: Float64Array;
  readonly conv: Float64Array;
}

let cached: Chirp | null = null;

function chirpFor(m: number): Chirp {
  if (cached?.m === m) return cached;
  let size = 4;
  while (size < 2 * m - 1) size *= 2;
  const fft = new FFT(size);
  const w = new Float64Array(2 * m);
  for (let j = 0; j < m; j++) {
    // j² modulo 2M keeps the angle small, hence exact to the last digits
    const angle = (Math.PI * ((j * j) % (2 * m))) / m;
    w[2 * j] = Math.cos(angle);
    w[2 * j + 1] = -Math.sin(angle);
  }
  const b = new Float64Array(2 * size);
  for (let j = 0; j < m; j++) {
    b[2 * j] = w[2 * j]!;
    b[2 * j + 1] = -w[2 * j + 1]!;
    if (j > 0) {
      b[2 * (size - j)] = w[2 * j]!;
      b[2 * (size - j) + 1] = -w[2 * j + 1]!;
    }
  }
  const bHat = new Float64Array(2 * size);
  fft.transform(bHat, b);
  cached = {
    m,
    fft,
    w,
    bHat,
    a: new Float64Array(2 * size),
    aHat: new Float64Array(2 * size),
    conv: new Float64Array(2 * size),
  };
  return cached;
}

/**
 * The discrete Fourier transform Y_k = Σ_j x_j e^{−2πi jk/M} of a real sequence of any length M, for
 * k < M, interleaved re/im (Bluestein: jk = (j² + k² − (k − j)²)/2).
 */
export function dft(x: ArrayLike<number>): Float64Array {
  const m = x.length;
  const c = chirpFor(m);
  const { a, aHat, conv, w, bHat, fft } = c;
  a.fill(0);
  for (let j = 0; j < m; j++) {
    a[2 * j] = x[j]! * w[2 * j]!;
    a[2 * j + 1] = x[j]! * w[2 * j + 1]!;
  }
  fft.transform(aHat, a);
  for (let i = 0; i < aHat.length; i += 2) {
    const re = aHat[i]! * bHat[i]! - aHat[i + 1]! * bHat[i + 1]!;
    const im = aHat[i]! * bHat[i + 1]! + aHat[i + 1]! * bHat[i]!;
    aHat[i] = re;
    aHat[i + 1] = im;
  }
  fft.inverseTransform(conv, aHat);
  const out = new Float64Array(2 * m);
  for (let k = 0; k < m; k++) {
    const re = conv[2 * k]!;
    const im = conv[2 * k + 1]!;
    out[2 * k] = re * w[2 * k]! - im * w[2 * k + 1]!;
    out[2 * k + 1] = re * w[2 * k + 1]! + im * w[2 * k]!;
  }
  return out;
}

/** P(max of K independent Exp(1) ≥ t) = 1 − (1 − e^{−t})^K, without cancellation. */
export function maxExponentialUpper(t: number, k: number): number {
  if (!(t > 0) || k <= 0) return 1;
  return Math.min(1, -Math.expm1(k * Math.log1p(-Math.exp(-t))));
}

/** The spectral test of the winners' indices in a block of `n` units; null when under 64 bins. */
export function spectralTest(winners: Int32Array, n: number): PlacementTest | null {
  const m = Math.floor(n / SPECTRAL_BIN);
  if (m < 64) return null;
  const used = m * SPECTRAL_BIN;
  const bins = new Float64Array(m);
  let w = 0;
  for (let i = 0; i < winners.length; i++) {
    const x = winners[i]!;
    if (x >= used) break;
    bins[Math.floor(x / SPECTRAL_BIN)]!++;
    w++;
  }
  const k = Math.ceil(m / 2) - 1; // 0 < f < M/2: the Nyquist ordinate (M even) is real, left out
  if (w === 0 || w === used) return null;
  const mean = w / m;
  for (let j = 0; j < m; j++) bins[j]! -= mean;
  const y = dft(bins);
  const p1 = w / used;
  const norm = (used * used * p1 * (1 - p1)) / (used - 1);
  let best = 1;
  let top = 0;
  for (let f = 1; f <= k; f++) {
    const v = (y[2 * f]! ** 2 + y[2 * f + 1]! ** 2) / norm;
    if (v > top) {
      top = v;
      best = f;
    }
  }
  const p = maxExponentialUpper(top, k);
  const period = used / best;
  // the excess peaks where 2π·f·j/M + φ = 0 (mod 2π): the first such unit
  const phase = Math.atan2(y[2 * best + 1]!, y[2 * best]!);
  const peak = ((((-phase / (2 * Math.PI)) * m) / best) * SPECTRAL_BIN + period * 10) % period;
  return {
    id: 'spectral',
    statisticName: 'I',
    statistic: top,
    df: k,
    n: used,
    pValue: p,
    pass: passes(p),
    detail: `periodogram of winners per ${SPECTRAL_BIN} units at ${k} Fourier frequencies (periods ${(2 * SPECTRAL_BIN).toString()}–${used} units): largest ordinate ${top.toFixed(1)} (Exp(1) each) at a period of ${period.toFixed(1)} units, excess peaking at unit ${peak.toFixed(0)} of each period`,
    where: { from: 0, to: used, period, residue: Math.round(peak) },
  };
}
