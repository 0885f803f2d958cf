/**
 * The part of jStat 1.9 that the explorer's tests use (the package ships no types, and no other
 * file of the project declares it). CommonJS: the default export is the jStat object.
 * @see https://jstat.github.io/distributions.html
 */
declare module 'jstat' {
  interface Discrete {
    pdf(k: number, ...params: number[]): number;
    cdf(k: number, ...params: number[]): number;
  }
  const jStat: {
    binomial: Discrete;
    /** pdf(k, N, m, n): k successes in n draws from N items of which m are successes. */
    hypgeom: Discrete;
    normal: { inv(p: number, mean: number, sd: number): number; cdf(x: number, mean: number, sd: number): number };
  };
  export default jStat;
}
