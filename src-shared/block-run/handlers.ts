/**
 * The block jobs every worker serves, command line and app alike: a range generated and audited
 * (R1, R4), a block's tallies merged into its result or its screen summary, the sales band of a
 * run, a whole block in one job (its tallies never leave the worker), a range's segment
 * digests (R1). Tallies are returned, never units.
 */
import { mergeBlock, runRange } from '@engine';
import type { BlockSpec, PresentationWeights } from '@engine';
import type { Handler, JobKind } from '../jobs/protocol';
import { throttleProgress } from '../jobs/throttle-progress';
import { curveBandOf, mergedSummary } from './summary';

/** Options of the host: a synchronous SHA-256 faster than Web Crypto's (Node's), if it has one. */
export interface BlockHandlerOptions {
  readonly sha256?: (bytes: Uint8Array) => Uint8Array;
}

/** Progress of a whole-block job at most this often (ms): screens draw it twice a second at most. */
export const WHOLE_PROGRESS_MS = 200;

type BlockKinds =
  | 'range'
  | 'mergeBlock'
  | 'summariseBlock'
  | 'wholeBlock'
  | 'wholeBlockSummary'
  | 'salesBand'
  | 'blockDigest';

export function blockHandlers(opts: BlockHandlerOptions = {}): { [K in BlockKinds]: Handler<K> } & {
  readonly [K in Exclude<JobKind, BlockKinds>]?: never;
} {
  const sha = opts.sha256 ? { sha256: opts.sha256 } : {};
  // a whole block's one range: its result says it is done, so a block of less than
  // WHOLE_PROGRESS_MS posts no progress at all (a 100-block run, one message a block)
  const whole = (spec: BlockSpec, weights: PresentationWeights | undefined, progress: (p: number) => void) =>
    runRange(spec, 0, spec.table.blockUnits, {
      ...(weights ? { weights } : {}),
      onProgress: throttleProgress(progress, { leading: false, everyMs: WHOLE_PROGRESS_MS }),
      ...sha,
    }).then((t) => mergeBlock(spec, [t], weights));
  return {
    range: (input, progress) =>
      runRange(input.spec, input.from, input.to, {
        ...(input.keepLevels ? { keepLevels: true } : {}),
        ...(input.weights ? { weights: input.weights } : {}),
        onProgress: throttleProgress(progress),
        ...sha,
      }),
    mergeBlock: (input) => mergeBlock(input.spec, input.tallies, input.weights),
    summariseBlock: (input) => mergedSummary(mergeBlock(input.spec, input.tallies, input.weights), input.keepCurve),
    wholeBlock: (input, progress) => whole(input.spec, input.weights, progress),
    wholeBlockSummary: async (input, progress) => {
      const started = performance.now();
      const s = mergedSummary(await whole(input.spec, input.weights, progress), input.keepCurve);
      return { ...s, block: { ...s.block, elapsedMs: Math.round(performance.now() - started) } };
    },
    salesBand: (input) => curveBandOf(input.table, input.curveUnits, input.curvesPaid),
    blockDigest: async (input, progress) => {
      const t = await runRange(input.spec, input.from, input.to, {
        onProgress: throttleProgress(progress),
        maxMismatches: 0,
        ...sha,
      });
      return { from: t.from, to: t.to, segmentDigests: t.segmentDigests };
    },
  };
}
