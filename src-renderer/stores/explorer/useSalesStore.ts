/**
 * Sales of one block of the edited table (explorer/sales.ts): the realised-RTP band as the block
 * is sold, units needed for ±1 point, expected lots still in the block. Derived from the valid
 * table only, so it changes with it.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { prizesRemaining, salesCurve, unitsForPrecision } from '@engine';
import { useExplorerTableStore } from './useExplorerTableStore';

export const useSalesStore = defineStore('useSalesStore', () => {
  const tableStore = useExplorerTableStore();
  /** Share of the block sold for the table of remaining lots, in percent (0–100). */
  const soldPercent = ref(50);
  const curve = computed(() => (tableStore.table ? salesCurve(tableStore.table) : []));
  /** Units to sell for a realised RTP within ±1 point with 95 % confidence, or null for an invalid table. */
  const needed = computed(() => (tableStore.table ? unitsForPrecision(tableStore.table, 0.01) : null));
  const remaining = computed(() => {
    const t = tableStore.table;
    return t ? prizesRemaining(t, Math.round((soldPercent.value / 100) * t.blockUnits)) : [];
  });
  return { soldPercent, curve, needed, remaining };
});
