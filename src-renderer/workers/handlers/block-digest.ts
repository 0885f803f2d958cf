/** Worker handler: the segment digests of one range of a block (R1), for the replay screen's block digest. */
import { runRange } from '../../../src-engine/index';
import type { Handler } from '../jobs';
import { throttleProgress } from '../throttle-progress';

export const blockDigest: Handler<'blockDigest'> = async (input, progress) => {
  const t = await runRange(input.spec, input.from, input.to, {
    onProgress: throttleProgress(progress),
    maxMismatches: 0,
  });
  return { from: t.from, to: t.to, segmentDigests: t.segmentDigests };
};
