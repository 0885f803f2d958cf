/**
 * The explorer's table optimiser: targets and constraints as typed, read into
 * an engine request; the solve runs in a Web Worker (HiGHS) with its phase and elapsed time, and a
 * cancel terminates the job. The result carries the request it answers and is shown only while the
 * form still asks exactly that; « Charger dans l'éditeur » replaces the edited table in one step.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { buildModel, officialScenario, optimisedName } from '@engine';
import type { LocalizedText, OptimisePhase, OptimiseRequest, OptimiseResult, Scenario } from '@engine';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import { editedLevels, offeredAmounts, readOptimiseInput } from '../../domain/explorer/optimise-input';
import type { BoundInput, OptimiseInput } from '../../domain/explorer/optimise-input';
import { currentLocale } from '../../i18n';
import { useExplorerTableStore } from './useExplorerTableStore';

/** Seconds given to each solve (the best table found so far is kept after it). */
export const OPTIMISE_TIME_LIMIT_S = 20;

export const useOptimiserStore = defineStore('useOptimiserStore', () => {
  const tableStore = useExplorerTableStore();
  const rtpMode = ref<'target' | 'range'>('target');
  const rtp = ref('70');
  /** A default decimal written the interface language's way (a store first opened in English shows « 0.01 »). */
  const decimal = (fr: string): string => (currentLocale() === 'fr' ? fr : fr.replace(',', '.'));
  const rtpTolerance = ref(decimal('0,01'));
  const rtpMin = ref('68');
  const rtpMax = ref('72');
  const hitRate = ref('');
  const hitTolerance = ref(decimal('0,5'));
  const topPrize = ref('');
  const topCount = ref('');
  const blockUnits = ref('');
  const extraAmounts = ref('');
  const excluded = ref<number[]>([]);
  const bounds = ref<Record<number, BoundInput>>({});
  /** The table the lots stay closest to: the one being edited (by default) or the official one. */
  const startKind = ref<'edited' | 'official'>('edited');
  /** Whether the levels the edited table changed are held at their counts. */
  const keepEdits = ref(false);
  /** The name of the table last loaded into the editor, while no other solve has run. */
  const loaded = ref<string | null>(null);
  watch(startKind, () => (loaded.value = null));
  /** The table started from: the edited scenario while it is valid, null otherwise; the official table's when chosen. */
  const startTable = computed<Scenario | null>(() =>
    startKind.value === 'edited'
      ? tableStore.valid
        ? tableStore.scenario
        : null
      : officialScenario(game.value, stakeCents.value),
  );
  /** The levels of the edited table whose counts are not the official ones. */
  const edits = computed(() =>
    startKind.value === 'edited' && startTable.value ? editedLevels(startTable.value) : [],
  );

  // A language switch rewrites the decimals typed the new language's way (« 0,01 » ↔ « 0.01 »), as the table editor does.
  watch(
    () => currentLocale(),
    (now) => {
      for (const f of [rtp, rtpTolerance, rtpMin, rtpMax, hitRate, hitTolerance]) {
        if (/^\s*\d+([.,]\d+)?\s*%?\s*$/.test(f.value))
          f.value = now === 'fr' ? f.value.replace('.', ',') : f.value.replace(',', '.');
      }
    },
  );

  /** The game and stake are the edited table's. */
  const game = computed(() => tableStore.game);
  const stakeCents = computed(() => tableStore.stakeCents);
  /** The amounts offered (official, then added); each has its bounds as typed. */
  const amounts = computed(() =>
    offeredAmounts(
      game.value,
      stakeCents.value,
      extraAmounts.value,
      startKind.value === 'edited' ? startTable.value : null,
      currentLocale(),
    ),
  );
  // another game, stake or list of added amounts: exclusions and bounds follow the amounts offered
  watch(
    amounts,
    (list) => {
      const next: Record<number, BoundInput> = {};
      for (const c of list) next[c] = bounds.value[c] ?? { min: '', max: '' };
      bounds.value = next;
      excluded.value = excluded.value.filter((c) => list.includes(c));
    },
    { immediate: true, flush: 'sync' },
  );
  function toggleAmount(cents: number, allowed: boolean): void {
    excluded.value = allowed ? excluded.value.filter((c) => c !== cents) : [...excluded.value, cents];
  }

  const input = computed<OptimiseInput>(() => ({
    game: game.value,
    stakeCents: stakeCents.value,
    rtpMode: rtpMode.value,
    rtp: rtp.value,
    rtpTolerance: rtpTolerance.value,
    rtpMin: rtpMin.value,
    rtpMax: rtpMax.value,
    hitRate: hitRate.value,
    hitTolerance: hitTolerance.value,
    topPrize: topPrize.value,
    topCount: topCount.value,
    blockUnits: blockUnits.value,
    extraAmounts: extraAmounts.value,
    excluded: excluded.value,
    bounds: bounds.value,
    startFrom: startKind.value === 'edited' ? { kind: 'edited', table: startTable.value } : { kind: 'official' },
    keepEdits: keepEdits.value,
    lang: currentLocale(),
  }));
  const read = computed(() => readOptimiseInput(input.value));
  const problems = computed<readonly LocalizedText[]>(() => (read.value.ok ? [] : read.value.problems));
  /** Identity of the request: a result belongs to the request it answers. */
  const requestKey = computed(() => {
    if (!read.value.ok) return null;
    const r = read.value.request;
    // the language and the start table's name (« tableau officiel » / « official table ») change no figure
    return JSON.stringify({ ...r, lang: undefined, startFrom: r.startFrom && { ...r.startFrom, name: undefined } });
  });

  const running = ref(false);
  const phase = ref<OptimisePhase | 'loading' | null>(null);
  const startedAt = ref(0);
  const now = ref(0);
  const elapsedMs = computed(() => (running.value || last.value ? Math.max(0, now.value - startedAt.value) : 0));
  const error = shallowRef<LocalizedText | null>(null);
  const last = shallowRef<{ key: string; request: OptimiseRequest; result: OptimiseResult } | null>(null);
  /** The last result, only while the form asks what it answers. */
  const result = computed(() => (last.value && last.value.key === requestKey.value ? last.value.result : null));
  const canRun = computed(() => read.value.ok && !running.value);
  let controller: AbortController | null = null;

  async function run(): Promise<void> {
    const r = read.value;
    const key = requestKey.value;
    if (!r.ok || key === null || running.value) return;
    controller = new AbortController();
    const timer = setInterval(() => (now.value = Date.now()), 100);
    running.value = true;
    error.value = null;
    last.value = null;
    loaded.value = null;
    phase.value = 'loading';
    startedAt.value = Date.now();
    now.value = startedAt.value;
    try {
      const out = await enginePool().run(
        'optimise',
        { request: r.request, timeLimitS: OPTIMISE_TIME_LIMIT_S },
        (p) => (phase.value = p),
        controller.signal,
      );
      last.value = { key, request: r.request, result: out };
    } catch (e) {
      if (!(e instanceof CancelledError)) error.value = textOf(e);
    } finally {
      clearInterval(timer);
      now.value = Date.now();
      running.value = false;
      phase.value = null;
      controller = null;
    }
  }

  /** Stops the solve: its worker is terminated (HiGHS cannot be interrupted otherwise). */
  function cancel(): void {
    controller?.abort();
  }

  /**
   * Replaces the edited table with the table found, as one undo step. Not marked saved: a table
   * just found is in no file yet (« Modifications non enregistrées » shows until it is saved).
   */
  function loadIntoEditor(): void {
    const r = result.value;
    if (!r?.ok) return;
    const s = r.scenario;
    // named in the language of the screen now (the solve may have run in the other one)
    const name = last.value ? optimisedName(buildModel({ ...last.value.request, lang: currentLocale() })) : s.name;
    tableStore.load(s, name, false);
    // the edited table is now the one found: the result (which started from the previous one) gives way to this word
    loaded.value = name;
  }

  return {
    rtpMode,
    rtp,
    rtpTolerance,
    rtpMin,
    rtpMax,
    hitRate,
    hitTolerance,
    topPrize,
    topCount,
    blockUnits,
    extraAmounts,
    excluded,
    bounds,
    startKind,
    keepEdits,
    startTable,
    edits,
    game,
    stakeCents,
    amounts,
    toggleAmount,
    problems,
    requestKey,
    running,
    phase,
    elapsedMs,
    error,
    result,
    canRun,
    run,
    cancel,
    loadIntoEditor,
    loaded,
  };
});
