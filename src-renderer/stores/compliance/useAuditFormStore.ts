/**
 * The blocks the compliance screen works on: game, stake (art. 2), first seed and number of blocks
 * as typed, each field checked with the shared rules ({@link checkSeed}, {@link checkBlocks}) so
 * that a bad field says what it expects.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { officialBlock } from '../../../src-engine/index';
import type { BlockSpec, GameId, StakeCents } from '../../../src-engine/index';
import { checkBlocks, checkSeed, checkSeedSpan } from '../../domain/block-fields';
import type { FieldError } from '../../domain/block-fields';

/** Blocks in one audit report: each is a whole block built and audited in the workers. */
export const MAX_REPORT_BLOCKS = 10;

export const useAuditFormStore = defineStore('compliance-form', () => {
  const game = ref<GameId>('les-3-gongs');
  const stakeCents = ref<StakeCents>(50);
  const seedText = ref('1');
  const blocksText = ref('1');

  const seedCheck = computed(() => checkSeed(seedText.value));
  const blocksCheck = computed(() => checkBlocks(blocksText.value, MAX_REPORT_BLOCKS));
  const seedError = computed<FieldError | null>(() => {
    const s = seedCheck.value;
    if ('error' in s) return s.error;
    const b = blocksCheck.value;
    return 'blocks' in b ? checkSeedSpan(s.seed, b.blocks) : null;
  });
  const blocksError = computed<FieldError | null>(() =>
    'error' in blocksCheck.value ? blocksCheck.value.error : null,
  );

  /** The official blocks asked for (R1: block k uses seed + k), or null while a field is wrong. */
  const specs = computed<BlockSpec[] | null>(() => {
    const s = seedCheck.value;
    const b = blocksCheck.value;
    if ('error' in s || 'error' in b || seedError.value) return null;
    return Array.from({ length: b.blocks }, (_, k) => officialBlock(game.value, stakeCents.value, s.seed + k));
  });

  return { game, stakeCents, seedText, blocksText, seedError, blocksError, specs };
});
