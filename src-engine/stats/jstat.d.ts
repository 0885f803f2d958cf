/**
 * The part of jStat (https://jstat.github.io/, MIT) that the statistics use; the package ships no
 * types. Distribution functions as documented at https://jstat.github.io/distributions.html.
 */
declare module 'jstat' {
  interface Continuous1 {
    cdf(x: number, dof: number): number;
    inv(p: number, dof: number): number;
  }
  interface Normal {
    cdf(x: number, mean: number, sd: number): number;
    inv(p: number, mean: number, sd: number): number;
  }
  interface Continuous2 {
    cdf(x: number, a: number, b: number): number;
    inv(p: number, a: number, b: number): number;
  }
  interface Discrete {
    pdf(k: number, ...params: number[]): number;
    cdf(k: number, ...params: number[]): number;
  }
  interface JStatStatic {
    chisquare: Continuous1;
    beta: Continuous2;
    gammaln(x: number): number;
    normal: Normal;
    binomial: Discrete;
    hypgeom: Discrete;
    jStat?: JStatStatic;
  }
  const jStat: JStatStatic;
  export default jStat;
}
