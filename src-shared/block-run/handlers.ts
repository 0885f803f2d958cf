/**
 * The block jobs every worker serves, command line and app alike: a range generated and audited
 * (R1, R4), a block's tallies merged into its result or its screen summary, the sales band of a
 * run, and a range's segment digests (R1). Tallies are returned, never units.
 */
import { mergeBlock, runRange } from '@engine';
import type { Handler, JobKind } from '../jobs/protocol';
import { throttleProgress } from '../jobs/throttle-progress';
import { curveBandOf, mergedSummary } from './summary';

/** Options of the host: a synchronous SHA-256 faster than Web Crypto's (Node's), if it has one. */
export interface BlockHandlerOptions {
  readonly sha256?: (bytes: Uint8Array) => Uint8Array;
}

type BlockKinds = 'range' | 'mergeBlock' | 'summariseBlock' | 'salesBand' | 'blockDigest';

export function blockHandlers(opts: BlockHandlerOptions = {}): { [K in BlockKinds]: Handler<K> } & {
  readonly [K in Exclude<JobKind, BlockKinds>]?: never;
} {
  const sha = opts.sha256 ? { sha256: opts.sha256 } : {};
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
