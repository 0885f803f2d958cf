/**
 * Compensated summation (Neumaier, ZAMM 54, 1974): the rounding error of a long sum of terms
 * of mixed signs stays near one rounding of the result, whatever the number of terms.
 */
export class CompensatedSum {
  private s = 0;
  private c = 0;
  add(x: number): void {
    const t = this.s + x;
    this.c += Math.abs(this.s) >= Math.abs(x) ? this.s - t + x : x - t + this.s;
    this.s = t;
  }
  get value(): number {
    return this.s + this.c;
  }
}
