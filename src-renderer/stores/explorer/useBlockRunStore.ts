/**
 * « Simuler ce tableau »: one full block of the edited table generated and audited in the Web
 * Workers (runRange + mergeBlock, R1, R4), its spec from {@link blockSpecOfTable} (the official
 * table gives the official block). The result carries its table's key and vanishes with it.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { blockSpecOfTable, mergeBlock } from '../../../src-engine/index';
import { planRanges } from '../../domain/simulation/plan';
import type { BlockResult, RangeTally } from '../../../src-engine/index';
import { enginePool } from '../../workers/engine-pool';
import { workerJob } from './worker-job';
import { readCount } from '../../domain/explorer/count-input';
import { useExplorerTableStore } from './useExplorerTableStore';

/** Largest seed of a block (32 bits, R1). */
export const MAX_SEED = 4_294_967_295;

export const useBlockRunStore = defineStore('explorer-block', () => {
  const tableStore = useExplorerTableStore();
  const seedText = ref('1');
  const seed = computed(() => readCount(seedText.value, 0, MAX_SEED, { fr: 'Graine du bloc', en: 'Block seed' }));
  const { running, progress, error, track, cancel } = workerJob();
  const last = shallowRef<{ key: string; block: BlockResult } | null>(null);
  /** The last block, only while the table is the one it was generated from. */
  const block = computed(() => (last.value && last.value.key === tableStore.key ? last.value.block : null));
  const canRun = computed(() => tableStore.valid && seed.value.ok && !running.value);

  async function run(): Promise<void> {
    const t = tableStore.table;
    const key = tableStore.key;
    const s = seed.value;
    if (!t || !key || !s.ok || running.value) return;
    const pool = enginePool();
    const spec = blockSpecOfTable(t, s.value);
    await track(async () => {
      const ranges = planRanges(t.blockUnits, 1, pool.size);
      const prog = new Array<number>(ranges.length).fill(0);
      const tallies: RangeTally[] = await Promise.all(
        ranges.map((r, i) =>
          pool.run('range', { spec, from: r.from, to: r.to }, (p) => {
            prog[i] = p;
            progress.value = prog.reduce((a, b) => a + b, 0) / t.blockUnits;
          }),
        ),
      );
      last.value = { key, block: mergeBlock(spec, tallies) };
    });
  }

  return { seedText, seed, running, progress, error, block, canRun, run, cancel };
});
