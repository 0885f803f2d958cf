/**
 * The first-seed and block-count fields of a screen that builds whole blocks: the text as typed,
 * each field's problem (what is wrong and what is expected), and the values once both are right.
 * R1: block k of a run uses seed + k, so every seed of the run must stay a valid seed.
 */
import { computed, ref } from 'vue';
import { checkBlocks, checkSeed, checkSeedSpan } from '../domain/block-fields';
import type { FieldError } from '../domain/block-fields';

export function useBlockFields(maxBlocks: number) {
  const seedText = ref('1');
  const blocksText = ref('1');
  const seedCheck = computed(() => checkSeed(seedText.value));
  const blocksCheck = computed(() => checkBlocks(blocksText.value, maxBlocks));
  const seedError = computed<FieldError | null>(() => {
    const s = seedCheck.value;
    if ('error' in s) return s.error;
    const b = blocksCheck.value;
    return 'blocks' in b ? checkSeedSpan(s.seed, b.blocks) : null;
  });
  const blocksError = computed<FieldError | null>(() =>
    'error' in blocksCheck.value ? blocksCheck.value.error : null,
  );
  /** The first seed and the number of blocks, or null while a field is wrong. */
  const values = computed<{ seed: number; blocks: number } | null>(() => {
    const s = seedCheck.value;
    const b = blocksCheck.value;
    return 'error' in s || 'error' in b || seedError.value ? null : { seed: s.seed, blocks: b.blocks };
  });
  return { seedText, blocksText, seedError, blocksError, values };
}
