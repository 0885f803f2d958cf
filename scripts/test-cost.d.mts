export interface SlowTest {
  seconds: number;
  name: string;
}
export interface Phase {
  name: string;
  seconds: number;
  /** Tasks the phase ran side by side, each with its own time. */
  parts?: readonly { name: string; seconds: number }[];
}
export function slowestTests(unit: unknown, e2e: unknown, count?: number): SlowTest[];
export function costReport(phases: readonly Phase[], slowest: readonly SlowTest[]): string;
