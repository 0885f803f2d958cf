/** Types of scripts/bench-ui/trace-busy.mjs (a plain script of `npm run bench:ui`). */
export interface TraceEvent {
  readonly ph: string;
  readonly name: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly cat?: string;
  readonly id2?: { readonly local?: string };
}
export declare const BUSY_TRACE_CATEGORIES: readonly string[];
export function busyInMeasures(
  trace: { readonly traceEvents?: readonly TraceEvent[] } | readonly TraceEvent[],
  measures: readonly string[],
): Record<string, { windowMs: number; busyMs: number | null }>;
export function unionWithin(
  tasks: readonly { readonly ts: number; readonly dur: number }[],
  a: number,
  b: number,
): number;
