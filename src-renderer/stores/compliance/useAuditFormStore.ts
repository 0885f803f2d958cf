/**
 * The blocks the compliance screen works on: game, stake (art. 2), first seed and number of blocks
 * as typed, each field checked with the shared rules ({@link useBlockFields}) so that a bad field
 * says what it expects.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { officialBlock } from '@engine';
import type { BlockSpec, GameId, StakeCents } from '@engine';
import { useBlockFields } from '../../composables/useBlockFields';

/** Blocks in one audit report: each is a whole block built and audited in the workers. */
export const MAX_REPORT_BLOCKS = 10;

export const useAuditFormStore = defineStore('useAuditFormStore', () => {
  const game = ref<GameId>('les-3-gongs');
  const stakeCents = ref<StakeCents>(50);
  const { seedText, blocksText, seedError, blocksError, values } = useBlockFields(MAX_REPORT_BLOCKS);

  /** The official blocks asked for (R1: block k uses seed + k), or null while a field is wrong. */
  const specs = computed<BlockSpec[] | null>(() => {
    const v = values.value;
    return v && Array.from({ length: v.blocks }, (_, k) => officialBlock(game.value, stakeCents.value, v.seed + k));
  });

  return { game, stakeCents, seedText, blocksText, seedError, blocksError, specs };
});
