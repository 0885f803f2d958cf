import { bytesToHex } from '@noble/hashes/utils.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { blockDigest, blockKey, officialBlock } from '@engine';
import type { BlockSpec } from '@engine';
import { openUnitHandler } from '../../workers/handlers/open-unit';

/** The shared pool, replaced by jobs the test finishes itself (segment digests made up per block). */
const jobs: { spec: BlockSpec; from: number; to: number; finish: (fail?: Error) => void }[] = [];
const segmentsOf = (spec: BlockSpec, from: number, to: number): Uint8Array[] => {
  const out: Uint8Array[] = [];
  for (let s = from; s < to; s += 10_000) out.push(new Uint8Array(32).fill((spec.seed + s / 10_000) % 256));
  return out;
};
vi.mock('../../workers/engine-pool', () => {
  const pool = {
    size: 2,
    run: (kind: 'blockDigest' | 'openUnit', input: { spec: BlockSpec; from: number; to: number; index: number }) =>
      // units open with the real handler, at once; digests wait for the test
      kind === 'openUnit'
        ? Promise.resolve(openUnitHandler(input, () => undefined))
        : new Promise((resolve, reject) =>
            jobs.push({
              ...input,
              finish: (fail) =>
                fail
                  ? reject(fail)
                  : resolve({ ...input, segmentDigests: segmentsOf(input.spec, input.from, input.to) }),
            }),
          ),
  };
  return { enginePool: () => pool, EnginePool: class {} };
});

const { useBlockDigestStore } = await import('./useBlockDigestStore');
const { useReplayUnitStore } = await import('./useReplayUnitStore');

async function finishAll(fail?: Error): Promise<void> {
  for (const j of jobs.splice(0)) j.finish(fail);
  await new Promise((r) => setTimeout(r, 0));
}

describe('replay: block digests by block identity (R1)', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    jobs.length = 0;
  });

  it('computes the digest of the block of the unit on screen, in parts, once per block', async () => {
    const units = useReplayUnitStore();
    const d = useBlockDigestStore();
    await units.openIndex('les-3-gongs', 100, 12345, 5);
    const spec = officialBlock('les-3-gongs', 100, 12345);
    expect(d.digest).toEqual({ key: blockKey(spec), status: 'computing' });
    // planRanges: 8 ranges a worker on the 2 workers (MIN_RANGES_PER_WORKER)
    expect(jobs).toHaveLength(16);
    await finishAll();
    expect(d.digest).toEqual({
      key: blockKey(spec),
      status: 'done',
      digest: blockDigest(segmentsOf(spec, 0, 300_000)),
      segments: segmentsOf(spec, 0, 300_000).map(bytesToHex),
    });
    await units.openIndex('les-3-gongs', 100, 12345, 6);
    expect(jobs).toHaveLength(0);
    expect(d.digest!.status).toBe('done');
  });

  it('never shows the digest of another block: a new block shows its own, pending, state', async () => {
    const units = useReplayUnitStore();
    const d = useBlockDigestStore();
    await units.openIndex('les-3-gongs', 100, 12345, 5);
    await finishAll();
    await units.openIndex('les-3-gongs', 100, 12346, 5);
    expect(d.digest).toEqual({ key: blockKey(officialBlock('les-3-gongs', 100, 12346)), status: 'computing' });
    await finishAll();
    const first = d.digests[blockKey(officialBlock('les-3-gongs', 100, 12345))];
    expect(d.digest!.status).toBe('done');
    expect(first!.status === 'done' && d.digest!.status === 'done' && first!.digest !== d.digest!.digest).toBe(true);
  });

  it('a failed digest says why, and is computed again when the block is opened again', async () => {
    const units = useReplayUnitStore();
    const d = useBlockDigestStore();
    await units.openIndex('mine-d-or', 50, 1, 0);
    await finishAll(new Error('worker crashed'));
    expect(d.digest).toMatchObject({ status: 'error', text: { en: 'worker crashed' } });
    await units.openIndex('mine-d-or', 50, 1, 1);
    expect(d.digest!.status).toBe('computing');
    await finishAll();
    expect(d.digest!.status).toBe('done');
  });
});
