/** Small helpers of `npm run bench:ui`: medians, rounding, logging. */
export const median = (xs) => {
  const s = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const round = (x, d = 1) => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toFixed(d)) : x);
export const mb = (bytes) => (typeof bytes === 'number' ? round(bytes / 1024 / 1024, 1) : null);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (msg) => console.error(`[bench-ui] ${msg}`);
