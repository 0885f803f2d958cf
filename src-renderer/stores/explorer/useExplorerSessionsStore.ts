/**
 * Player sessions of the edited table in the engine's Web Workers (explorer/sessions.ts), beside
 * the official table of the same game and stake on the same draws (common random numbers: player
 * p of both tables uses the same random stream). The seed field makes a set reproducible: the same
 * seed, table and parameters give the same sessions (R1 spirit). Results carry the key of the table
 * and the parameters they were computed for, and are not shown for any other table.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { MAX_PLAYERS, MAX_SESSION_UNITS, mergeSessionTallies } from '@engine';
import type { LocalizedText, PrizeTable, SessionParams, SessionSummary, SessionTally } from '@engine';
import { enginePool } from '../../workers/engine-pool';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { readCount } from '../../domain/explorer/count-input';
import { currentLocale } from '../../i18n';
import { checkSeed } from '../../domain/block-fields';
import type { FieldError } from '../../domain/block-fields';
import { useExplorerTableStore } from './useExplorerTableStore';

/** The seed field's first value; both tables of a run draw with the seed typed (common random numbers). */
export const DEFAULT_SESSION_SEED = '1';

/** What a session set was computed from, besides the table. */
export interface SessionSetParams {
  readonly players: number;
  readonly units: number;
  readonly replacement: boolean;
  readonly seed: number;
}

/** One run of sessions, for the table of `key`. */
export interface SessionsRun {
  readonly key: string;
  /** The parameters of the run (the seed reproduces it with the same table and parameters). */
  readonly params: SessionSetParams;
  /** Sessions asked for, per table. */
  readonly players: number;
  readonly scenario: SessionSummary;
  /** The official table on the same draws, or null when the edited table is the official one. */
  readonly official: SessionSummary | null;
  /** Wall time of the run, in seconds. */
  readonly seconds: number;
}

export const useExplorerSessionsStore = defineStore('useExplorerSessionsStore', () => {
  const tableStore = useExplorerTableStore();
  const playersText = ref('10000');
  const unitsText = ref('50');
  const replacement = ref(true);
  const seedText = ref(DEFAULT_SESSION_SEED);

  const players = computed(() =>
    readCount(playersText.value, 1, MAX_PLAYERS, { fr: 'Joueurs', en: 'Players' }, currentLocale()),
  );
  const units = computed(() =>
    readCount(
      unitsText.value,
      1,
      MAX_SESSION_UNITS,
      { fr: 'Unités par session', en: 'Units per session' },
      currentLocale(),
    ),
  );
  /** What is wrong with the fields, each saying what it expects. */
  const inputProblems = computed<LocalizedText[]>(() =>
    [players.value, units.value].flatMap((r) => (r.ok ? [] : [r.problem])),
  );
  const seedCheck = computed(() => checkSeed(seedText.value));
  /** The seed's problem in the wording shared by every seed field (`fields.*`), or null. */
  const seedError = computed<FieldError | null>(() => ('error' in seedCheck.value ? seedCheck.value.error : null));
  const { running, progress, error, run: track, cancel } = useCancellableJob();
  const canRun = computed(
    () => tableStore.valid && inputProblems.value.length === 0 && !seedError.value && !running.value,
  );
  const last = shallowRef<SessionsRun | null>(null);
  /** The last run, only while the table is the one it was computed for. */
  const result = computed(() => (last.value && last.value.key === tableStore.key ? last.value : null));

  async function runOne(
    t: PrizeTable,
    set: SessionSetParams,
    done: (p: number) => void,
    signal: AbortSignal,
  ): Promise<SessionSummary> {
    const pool = enginePool();
    const P = set.players;
    const params: SessionParams = {
      levels: t.levels.map((l) => ({ prizeCents: l.prizeCents, lots: l.lots })),
      blockUnits: t.blockUnits,
      stakeCents: t.stakeCents,
      units: set.units,
      replacement: set.replacement,
      seed: set.seed,
    };
    const parts = Math.min(P, pool.size * 4);
    const prog = new Array<number>(parts).fill(0);
    const jobs: Promise<SessionTally>[] = [];
    for (let i = 0; i < parts; i++) {
      const from = Math.floor((P * i) / parts);
      const to = Math.floor((P * (i + 1)) / parts);
      jobs.push(
        pool.run(
          'sessions',
          { params, from, to },
          (p) => {
            prog[i] = p;
            done(prog.reduce((a, b) => a + b, 0));
          },
          signal,
        ),
      );
    }
    // the summary's exact figures can take a second: computed in a worker, never on the UI thread
    const tally = mergeSessionTallies(await Promise.all(jobs));
    return pool.run('sessionSummary', { params, table: t, tally }, undefined, signal);
  }

  async function run(): Promise<void> {
    const t = tableStore.table;
    const key = tableStore.key;
    const p = players.value;
    const u = units.value;
    const seed = seedCheck.value;
    if (!t || !key || !p.ok || !u.ok || 'error' in seed || running.value) return;
    const set: SessionSetParams = { players: p.value, units: u.value, replacement: replacement.value, seed: seed.seed };
    const withOfficial = !tableStore.isOfficial;
    const t0 = performance.now();
    await track(async (signal) => {
      const total = (withOfficial ? 2 : 1) * p.value;
      let a = 0;
      let b = 0;
      const [mine, off] = await Promise.all([
        runOne(t, set, (x) => (progress.value = ((a = x) + b) / total), signal),
        withOfficial
          ? runOne(tableStore.official, set, (x) => (progress.value = (a + (b = x)) / total), signal)
          : Promise.resolve(null),
      ]);
      last.value = {
        key,
        params: set,
        players: p.value,
        scenario: mine,
        official: off,
        seconds: (performance.now() - t0) / 1000,
      };
    });
  }

  return {
    playersText,
    unitsText,
    replacement,
    seedText,
    seedError,
    players,
    units,
    inputProblems,
    canRun,
    running,
    progress,
    error,
    result,
    run,
    cancel,
  };
});
