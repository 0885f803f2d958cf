/**
 * A run handed over whole from the simulation results: « Auditer ces blocs », « Exporter ces blocs »,
 * « Faire le dossier de preuves » open the compliance screen on exactly the run's blocks (its form
 * takes them, the report is built from their specs), « Rejouer une unité » opens the replay
 * browser on the run's first block. The screen that receives a run takes its arrival once
 * (`take`) to put the focus on its heading and say where its blocks came from.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import { tableIdentity } from '@engine';
import { complianceRefusal, replayRefusal, runBlocksOf } from '../../domain/simulation/run-blocks';
import type { HandoffRefusal, RunBlocks } from '../../domain/simulation/run-blocks';
import { MAX_REPORT_BLOCKS, useAuditFormStore } from '../compliance/useAuditFormStore';
import { useAuditReportStore } from '../compliance/useAuditReportStore';
import { useBlockExportStore } from '../compliance/useBlockExportStore';
import { useBlockSearchStore } from '../replay/useBlockSearchStore';
import { useHistoryStore } from './useHistoryStore';
import { useScenarioStore } from './useScenarioStore';
import { useSimulationStore } from './useSimulationStore';

/** What the run is handed over for. */
export type HandoffPurpose = 'audit' | 'export' | 'bundle' | 'replay';
/** The screen a purpose opens. */
export type HandoffScreen = 'compliance' | 'replay';
/**
 * Why a hand-off is refused: the run's blocks ({@link HandoffRefusal}), the screen busy with a job
 * of its own, or a new simulation running (the results on screen are then the previous run's).
 */
export type HandoffBlock = HandoffRefusal | 'busy' | 'running';

/** A run arrived on a screen, for one purpose. */
export interface Arrival {
  readonly purpose: HandoffPurpose;
  readonly run: RunBlocks;
}

export const screenOf = (p: HandoffPurpose): HandoffScreen => (p === 'replay' ? 'replay' : 'compliance');

export const useRunHandoffStore = defineStore('useRunHandoffStore', () => {
  const simulation = useSimulationStore();
  const history = useHistoryStore();
  const scenarios = useScenarioStore();
  const reports = useAuditReportStore();
  const exports = useBlockExportStore();

  /** The last run: the one on the simulation screen, else the newest one kept by the history. */
  const lastRun = computed<RunBlocks | null>(() => {
    const newest = history.runs[0];
    return simulation.resultBlocks ?? (newest ? runBlocksOf(newest) : null);
  });

  const arrival = shallowRef<{ screen: HandoffScreen; value: Arrival } | null>(null);

  /** Why `run` cannot be handed over for `purpose` now, or null. */
  function refusal(run: RunBlocks, purpose: HandoffPurpose): HandoffBlock | null {
    if (simulation.status === 'running') return 'running';
    if (purpose === 'replay') {
      const sc = scenarios.table;
      return replayRefusal(run, sc ? tableIdentity(sc).digest : null);
    }
    if (reports.phase === 'running' || exports.phase === 'running') return 'busy';
    return complianceRefusal(run, MAX_REPORT_BLOCKS);
  }

  /**
   * Hands `run` to the screen of `purpose`: that screen's state takes the run's blocks, and an
   * audit or a bundle starts its report at once (in the workers). Returns the screen to open, or
   * null when refused (nothing changed).
   */
  async function handOff(run: RunBlocks, purpose: HandoffPurpose): Promise<HandoffScreen | null> {
    if (refusal(run, purpose) !== null) return null;
    const screen = screenOf(purpose);
    if (screen === 'replay') await useBlockSearchStore().browseRun(run);
    else {
      useAuditFormStore().fromRun(run);
      if (purpose !== 'export') void reports.build(run.specs);
    }
    arrival.value = { screen, value: { purpose, run } };
    return screen;
  }

  /** The run that arrived on `screen`, once: the screen takes it when it opens. */
  function take(screen: HandoffScreen): Arrival | null {
    const a = arrival.value;
    if (!a || a.screen !== screen) return null;
    arrival.value = null;
    return a.value;
  }

  return { lastRun, refusal, handOff, take };
});
