/**
 * « Simuler ce tableau »: one full block of the edited table generated, audited and merged in the
 * Web Workers by the shared block runner (R1, R4), its spec from {@link blockSpecOfTable} (the
 * official table gives the official block). The result carries its table's key and vanishes with it.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { MAX_SEED, blockSpecOfTable } from '@engine';
import type { BlockResult } from '@engine';
import { runBlocks } from '@shared/block-run/runner';
import { enginePool } from '../../workers/engine-pool';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { readCount } from '../../domain/explorer/count-input';
import { currentLocale } from '../../i18n';
import { useExplorerTableStore } from './useExplorerTableStore';

export const useBlockRunStore = defineStore('useBlockRunStore', () => {
  const tableStore = useExplorerTableStore();
  const seedText = ref('1');
  const seed = computed(() =>
    readCount(seedText.value, 0, MAX_SEED, { fr: 'Graine du bloc', en: 'Block seed' }, currentLocale()),
  );
  const { running, progress, error, run: track, cancel } = useCancellableJob();
  const last = shallowRef<{ key: string; seed: number; block: BlockResult } | null>(null);
  /**
   * The last block, only while the table and the seed typed are the ones it was generated from: what
   * is shown is the block the hand-off buttons send on.
   */
  const block = computed(() =>
    last.value && last.value.key === tableStore.key && seed.value.ok && last.value.seed === seed.value.value
      ? last.value.block
      : null,
  );
  const canRun = computed(() => tableStore.valid && seed.value.ok && !running.value);

  async function run(): Promise<void> {
    const t = tableStore.table;
    const key = tableStore.key;
    const s = seed.value;
    if (!t || !key || !s.ok || running.value) return;
    const spec = blockSpecOfTable(t, s.value);
    await track(async (signal) => {
      const [result] = await runBlocks(enginePool(), [spec], {
        signal,
        onProgress: (p) => (progress.value = p.done / p.total),
      });
      last.value = { key, seed: s.value, block: result! };
    });
  }

  return { seedText, seed, running, progress, error, block, canRun, run, cancel };
});
