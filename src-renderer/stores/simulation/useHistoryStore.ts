/**
 * The last runs of the simulation screen, kept locally through the bridge (settings file on the
 * desktop, localStorage in a browser) under `simulation.history`, so a run reopens without being
 * recomputed, after a reload too. Stored runs hold compact block summaries only (no segment digests).
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, toRaw } from 'vue';
import { getBridge } from '../../bridge';
import { simulationRunSchema } from '../../domain/simulation/model';
import type { SimulationRun } from '../../domain/simulation/model';

/** The settings key of the history. */
export const HISTORY_KEY = 'simulation.history';
/** Runs kept. */
export const HISTORY_LIMIT = 20;

/**
 * Keeps the stored runs that are still readable (a run from an older or damaged file is dropped,
 * not guessed at).
 */
export function readHistory(raw: unknown): SimulationRun[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r) => {
    const p = simulationRunSchema.safeParse(r);
    return p.success ? [p.data] : [];
  });
}

export const useHistoryStore = defineStore('useHistoryStore', () => {
  const runs = shallowRef<readonly SimulationRun[]>([]);
  const loaded = ref(false);
  /** Why the last save failed (e.g. storage full), or null. */
  const saveError = ref<string | null>(null);

  async function load(): Promise<void> {
    if (loaded.value) return;
    try {
      runs.value = readHistory(await getBridge().storeGet(HISTORY_KEY)).slice(0, HISTORY_LIMIT);
    } catch {
      // an unreadable history starts empty; runs are still shown, and saved again on the next run
      runs.value = [];
    }
    loaded.value = true;
  }

  async function persist(): Promise<void> {
    try {
      await getBridge().storeSet(
        HISTORY_KEY,
        runs.value.map((r) => toRaw(r)),
      );
      saveError.value = null;
    } catch (e) {
      saveError.value = e instanceof Error ? e.message : String(e);
    }
  }

  /** Adds a completed run at the top and keeps the last {@link HISTORY_LIMIT}. */
  async function add(run: SimulationRun): Promise<void> {
    await load();
    runs.value = [run, ...runs.value.filter((r) => r.id !== run.id)].slice(0, HISTORY_LIMIT);
    await persist();
  }

  /** Removes a run from the history. */
  async function remove(id: string): Promise<void> {
    runs.value = runs.value.filter((r) => r.id !== id);
    await persist();
  }

  return { runs, loaded, saveError, load, add, remove };
});
