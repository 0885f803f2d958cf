export interface SlowTest {
  seconds: number;
  name: string;
}
export function slowestTests(unit: unknown, e2e: unknown, count?: number): SlowTest[];
export function costReport(phases: readonly { name: string; seconds: number }[], slowest: readonly SlowTest[]): string;
