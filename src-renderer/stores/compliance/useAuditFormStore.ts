/**
 * The blocks the compliance screen works on: game, stake (art. 2), first seed and number of blocks,
 * each field checked with the shared rules ({@link useBlockFields}) so that a bad field says what it
 * expects. The form starts from the last simulation run when the screen can take its blocks, or is
 * handed a run whole (« Auditer ces blocs »); it keeps where its values came from (`origin`): the
 * defaults, a run (and whether a field was changed since), or values the user typed.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { officialBlock } from '@engine';
import type { BlockSpec, GameId, StakeCents } from '@engine';
import { useBlockFields } from '../../composables/useBlockFields';
import { complianceRefusal } from '../../domain/simulation/run-blocks';
import type { RunBlocks } from '../../domain/simulation/run-blocks';

/** Blocks in one audit report: each is a whole block built and audited in the workers. */
export const MAX_REPORT_BLOCKS = 10;

/** Where the form's values came from. */
export type AuditFormOrigin =
  | { readonly kind: 'default' }
  | { readonly kind: 'typed' }
  /**
   * A run's blocks, handed over from its results or taken as the last run; `edited` once a field
   * no longer says what the run said.
   */
  | { readonly kind: 'run'; readonly run: RunBlocks; readonly via: 'handoff' | 'last'; readonly edited: boolean };

export const useAuditFormStore = defineStore('useAuditFormStore', () => {
  const game = ref<GameId>('les-3-gongs');
  const stakeCents = ref<StakeCents>(50);
  const { seedText, blocksText, seedError, blocksError, values } = useBlockFields(MAX_REPORT_BLOCKS);
  const origin = shallowRef<AuditFormOrigin>({ kind: 'default' });

  /** The official blocks asked for (R1: block k uses seed + k), or null while a field is wrong. */
  const specs = computed<BlockSpec[] | null>(() => {
    const v = values.value;
    return v && Array.from({ length: v.blocks }, (_, k) => officialBlock(game.value, stakeCents.value, v.seed + k));
  });

  /** Whether the fields say exactly what `run` says (game, stake, first seed, block count). */
  const sayRun = (run: RunBlocks): boolean => {
    const id = run.identity;
    const v = values.value;
    return (
      game.value === id.game && stakeCents.value === id.stakeCents && v?.seed === id.seed && v.blocks === id.blocks
    );
  };

  // a field changed by the user: the values are no longer the defaults, nor the run's as it was
  watch(
    [game, stakeCents, seedText, blocksText],
    () => {
      const o = origin.value;
      if (o.kind === 'run') {
        const edited = !sayRun(o.run);
        if (edited !== o.edited) origin.value = { ...o, edited };
      } else if (o.kind === 'default') origin.value = { kind: 'typed' };
    },
    { flush: 'sync' },
  );

  /**
   * Takes the blocks of `run` whole: its game, stake, first seed and block count. False, with the
   * form unchanged, when the screen cannot take them ({@link complianceRefusal}).
   */
  function fromRun(run: RunBlocks, via: 'handoff' | 'last' = 'handoff'): boolean {
    if (complianceRefusal(run, MAX_REPORT_BLOCKS) !== null) return false;
    const id = run.identity;
    origin.value = { kind: 'run', run, via, edited: false };
    game.value = id.game;
    stakeCents.value = id.stakeCents as StakeCents;
    seedText.value = String(id.seed);
    blocksText.value = String(id.blocks);
    return true;
  }

  /**
   * Starts from `run`, the last run, unless the user's own values are on the form: they are kept
   * (changed or typed), and so is the run already there. False when the form was left as it was.
   */
  function offerLastRun(run: RunBlocks | null): boolean {
    if (!run) return false;
    const o = origin.value;
    const free = o.kind === 'default' || (o.kind === 'run' && !o.edited && o.run.runId !== run.runId);
    return free && fromRun(run, 'last');
  }

  return {
    game,
    stakeCents,
    seedText,
    blocksText,
    seedError,
    blocksError,
    specs,
    origin,
    fromRun,
    offerLastRun,
  };
});
