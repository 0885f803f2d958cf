/**
 * The words of a run handed to another screen, in the screen's language: « Blocs de la simulation
 * du 3 déc. 2026, 14:02 : Mine d'or 2,00 €, graine 2024, 10 blocs », and why a screen cannot take
 * its blocks. A seed is an identifier, written as it is (no thousands separator).
 */
import { useI18n } from 'vue-i18n';
import type { RunBlocks } from '../domain/simulation/run-blocks';
import { MAX_REPORT_BLOCKS } from '../stores/compliance/useAuditFormStore';
import type { HandoffBlock } from '../stores/simulation/useRunHandoffStore';
import { useFormat } from './useFormat';

export function useRunLabel() {
  const { t } = useI18n();
  const fmt = useFormat();
  /** What the run's blocks are, in one sentence (without its full stop). */
  const describe = (run: RunBlocks): string => {
    const id = run.identity;
    return t(
      'handoff.run',
      {
        date: fmt.dateTime(run.finishedAt),
        game: t(`game.${id.game}`),
        stake: fmt.euros(id.stakeCents),
        seed: String(id.seed),
        n: id.blocks,
      },
      id.blocks,
    );
  };
  /** Why a screen cannot take the run's blocks. */
  const reason = (r: HandoffBlock, run: RunBlocks): string =>
    t(`handoff.reason.${r}`, { n: run.identity.blocks, max: MAX_REPORT_BLOCKS });
  return { describe, reason, date: (run: RunBlocks): string => fmt.dateTime(run.finishedAt) };
}
