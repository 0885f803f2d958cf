/**
 * The app's solver: HiGHS compiled to WebAssembly (the `highs` package), loaded once per Web Worker.
 * Vite bundles the `.wasm` as an asset of the browser and desktop builds (`?url`); running it needs
 * `'wasm-unsafe-eval'` in the CSP's script-src (src-main/main/security/csp.ts). Under Node (the
 * stores' unit tests run the handlers in-process) HiGHS finds its `.wasm` beside its own module.
 */
import loadHighs from 'highs';
import wasmUrl from 'highs/runtime?url';
import { highsSolver } from '@engine';
import type { LpSolver } from '@engine';

const underNode =
  typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

let loading: ReturnType<typeof loadHighs> | null = null;

/** An {@link LpSolver} over HiGHS in this worker, each solve bounded by `timeLimitS` seconds. */
export async function workerSolver(timeLimitS?: number): Promise<LpSolver> {
  loading ??= loadHighs(underNode ? {} : { locateFile: () => wasmUrl });
  return highsSolver(await loading, timeLimitS);
}
