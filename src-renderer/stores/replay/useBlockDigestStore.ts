/**
 * Block digests (R1) for the replay screen's recall fields and evidence, computed in Web Workers
 * and kept by block identity (`blockKey`): a digest is only ever shown for the block it was
 * computed from, and each block is computed once.
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { SEGMENT_UNITS, blockDigest, blockKey, planRanges } from '@engine';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { BlockSpec, LocalizedText } from '@engine';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import { useReplayUnitStore } from './useReplayUnitStore';

/** The block digest of one block: pending, known, or failed; `key` is the block it belongs to. */
export type DigestState =
  | { readonly key: string; readonly status: 'computing' }
  | {
      readonly key: string;
      readonly status: 'done';
      readonly digest: string;
      /** The block's segment digests (hex, in order): a dispute case's Merkle proof is made from them (R1). */
      readonly segments: readonly string[];
    }
  | { readonly key: string; readonly status: 'error'; readonly text: LocalizedText };

export const useBlockDigestStore = defineStore('useBlockDigestStore', () => {
  const units = useReplayUnitStore();
  const digests = ref<Record<string, DigestState>>({});

  /** Computes the digest of `spec` once (segment digests in the pool's workers, then combined). */
  async function compute(spec: BlockSpec): Promise<void> {
    const key = blockKey(spec);
    if (digests.value[key] && digests.value[key].status !== 'error') return;
    digests.value = { ...digests.value, [key]: { key, status: 'computing' } };
    let state: DigestState;
    try {
      const pool = enginePool();
      const parts = planRanges(spec.table.blockUnits, 1, pool.size);
      const results = await Promise.all(parts.map((p) => pool.run('blockDigest', { spec, from: p.from, to: p.to })));
      results.sort((a, b) => a.from - b.from);
      const segments = results.flatMap((r) => r.segmentDigests);
      if (segments.length !== Math.ceil(spec.table.blockUnits / SEGMENT_UNITS))
        throw new Error(`${segments.length} segment digests for a block of ${spec.table.blockUnits} units`);
      state = { key, status: 'done', digest: blockDigest(segments), segments: segments.map(bytesToHex) };
    } catch (e) {
      state = { key, status: 'error', text: textOf(e) };
    }
    digests.value = { ...digests.value, [key]: state };
  }

  /** The digest of the block of the unit on screen, or null before it is asked for. */
  const digest = computed<DigestState | null>(() => (units.blockKey ? (digests.value[units.blockKey] ?? null) : null));

  // each unit opened asks for its block's digest (computed once per block)
  watch(
    () => units.current,
    (c) => {
      if (c) void compute(c.spec);
    },
    { immediate: true, flush: 'sync' },
  );

  return { digests, digest, compute };
});
