/**
 * The last runs of the simulation screen, kept locally through the bridge (settings file on the
 * desktop, localStorage in a browser) under `simulation.history`, so a run reopens without being
 * recomputed, after a reload too. Stored runs hold compact block summaries only (no segment digests).
 */
import { defineStore } from 'pinia';
import { ref, shallowRef, toRaw } from 'vue';
import { z } from 'zod';
import { getBridge } from '../../bridge';
import type { SimulationRun } from '../../domain/simulation/model';

/** The settings key of the history. */
export const HISTORY_KEY = 'simulation.history';
/** Runs kept. */
export const HISTORY_LIMIT = 20;

const count = z.number().int().nonnegative();
const blockSchema = z.object({
  seed: count,
  digest: z.string(),
  merkleRoot: z.string(),
  auditOk: z.boolean(),
  mismatches: count,
  countMismatches: z.array(count),
  counts: z.array(count),
  paidCents: count,
  rtp: z.number(),
  hitRate: z.number(),
  sdStakes: z.number(),
  elapsedMs: z.number(),
  curvePaid: z.array(z.number()),
});
const weight = z.number().nonnegative();
const fourWeights = z.tuple([weight, weight, weight, weight]);
/** A run's presentation settings (R5 version, M6 reading, M4/G2 weights). */
const presentationSchema = z.object({
  generatorVersion: count,
  m6Strict: z.boolean(),
  weights: z
    .object({
      mineDor: z
        .object({
          winningExtras: fourWeights,
          losingExtras: fourWeights,
          additionalCombination: weight,
          alignedCombination: weight,
          losingStage: weight,
          byPrize: z
            .record(
              z.string(),
              z.object({
                winningExtras: fourWeights.optional(),
                additionalCombination: weight.optional(),
                alignedCombination: weight.optional(),
                losingStage: weight.optional(),
              }),
            )
            .optional(),
        })
        .optional(),
      gongs: z.object({ bonusShare: weight, bonusShareByPrize: z.record(z.string(), weight).optional() }).optional(),
    })
    .optional(),
});
const runSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  finishedAt: z.string(),
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  stakeCents: z.union([z.literal(50), z.literal(100), z.literal(200)]),
  seed: count,
  generator: z.string(),
  units: count,
  tableSource: z.string(),
  table: z
    .object({
      kind: z.enum(['official', 'scenario']),
      name: z.string(),
      digest: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .optional(),
  levels: z.array(z.object({ prizeCents: count, lots: count })),
  curveUnits: z.array(count),
  presentationClasses: z.array(z.string()),
  presentation: z.array(count),
  blocks: z.array(blockSchema).min(1),
  curveBand: z
    .object({
      blocks: count,
      mean: z.array(z.number()),
      p10: z.array(z.number()),
      p90: z.array(z.number()),
      min: z.array(z.number()),
      max: z.array(z.number()),
    })
    .optional(),
  totalMs: z.number(),
  workers: count,
  presentationSettings: presentationSchema.optional(),
});

/**
 * Keeps the stored runs that are still readable (a run from an older or damaged file is dropped,
 * not guessed at).
 */
export function readHistory(raw: unknown): SimulationRun[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r) => {
    const p = runSchema.safeParse(r);
    return p.success ? [p.data as SimulationRun] : [];
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
