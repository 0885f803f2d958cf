/**
 * The command line's solver: HiGHS compiled to WebAssembly (the `highs` package), loaded once under
 * Node, which finds its `.wasm` beside its own module. The engine receives it as an `LpSolver`.
 */
import loadHighs from 'highs';
import { highsSolver } from '@engine';
import type { LpSolver } from '@engine';

let loading: Promise<Awaited<ReturnType<typeof loadHighs>>> | null = null;

/** An {@link LpSolver} over HiGHS, each solve bounded by `timeLimitS` seconds. */
export async function nodeSolver(timeLimitS?: number): Promise<LpSolver> {
  loading ??= loadHighs();
  return highsSolver(await loading, timeLimitS);
}
