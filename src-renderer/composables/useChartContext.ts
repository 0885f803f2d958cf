/**
 * What a chart was computed on, in one line, for its PNG (which leaves the app without the
 * screen around it): a run's game, stake, seed, blocks and table; the explorer's edited table.
 */
import { useI18n } from 'vue-i18n';
import type { SimulationRun } from '../domain/simulation/model';
import { useExplorerTableStore } from '../stores/explorer/useExplorerTableStore';
import { useFormat } from './useFormat';
import { useTableName } from './useTableName';

export function useChartContext() {
  const { t } = useI18n();
  const fmt = useFormat();
  const tables = useTableName();
  return {
    /** « Mine d'or, mise 1,00 €, graine 42, 1 bloc de 1 000 000 unités — date · art. 3.2 ». */
    run: (run: SimulationRun): string =>
      `${t(
        'simulation.results.meta',
        {
          game: t(`game.${run.game}`),
          stake: fmt.euros(run.stakeCents),
          seed: run.seed,
          blocks: run.blocks.length,
          units: fmt.count(run.units),
          date: fmt.dateTime(run.finishedAt),
        },
        run.blocks.length,
      )} · ${tables.shown(run.tableSource)}`,
    /** The explorer's table: its name, game and stake. */
    explorer: (): string => {
      const s = useExplorerTableStore().scenario;
      return `${s.name} — ${t(`game.${s.game}`)}, ${fmt.euros(s.stakeCents)}`;
    },
  };
}
