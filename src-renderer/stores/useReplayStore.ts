/**
 * The replay screen's state: the unit opened from its reference alone (R2, R3), its steps (a pure
 * function of the unit, see `components/replay/steps.ts`), playback, the block browser's search and
 * the block digest computed in Web Workers. A bad input never replaces the unit already shown.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import {
  GENERATOR_VERSION,
  InputError,
  SEGMENT_UNITS,
  blockDigest,
  formatUnitRef,
  officialBlock,
  openUnit,
  parseUnitRef,
  splitOnSegments,
} from '../../src-engine/index';
import type {
  BlockSpec,
  GameId,
  LocalizedText,
  OpenedUnit,
  PrizeTable,
  StakeCents,
  UnitRef,
} from '../../src-engine/index';
import { buildSteps, chooseYinYang, DEFAULT_BONUS_ORDER } from '../../src-engine/index';
import type { Presentation } from '../../src-engine/index';
import { EnginePool, enginePool } from '../workers/engine-pool';
import type { FindUnitsOutput } from '../workers/jobs';
import { textOf } from '../workers/localized-error';

/** A what-if table of the payout explorer whose blocks are replayed like official ones. */
export interface ReplayScenario {
  readonly name: string;
  readonly table: PrizeTable;
}

/**
 * A unit on screen: its reference as printed, the parsed reference, the unit and how long opening
 * took. A unit of a scenario block has no R3 reference (references name official blocks only):
 * `ref` is then a readable label and `scenario` names the table.
 */
export interface ReplayedUnit {
  readonly ref: string;
  readonly parsed: UnitRef;
  readonly scenario: ReplayScenario | null;
  readonly unit: OpenedUnit;
  /** Milliseconds spent in `openUnit` (R2: the block is never built). */
  readonly openMs: number;
}

/** The block digest of the unit's block: pending, known, or failed. */
export type DigestState =
  | { readonly status: 'computing' }
  | { readonly status: 'done'; readonly digest: string }
  | { readonly status: 'error'; readonly text: LocalizedText };

/** Playback speeds offered (× the base pace). */
export const SPEEDS: readonly number[] = [0.5, 0.75, 1, 1.5, 2, 3, 4];
/** Milliseconds between two steps at 1×. */
export const BASE_STEP_MS = 900;
/** Units listed per page of search results. */
export const PAGE_SIZE = 20;
/** Units opened at most by one search page (presentation filters open every candidate). */
export const MAX_SCAN = 200_000;

const blockKey = (s: BlockSpec): string =>
  `${s.game}|${s.stakeCents}|${s.seed}|${s.generatorVersion}|${JSON.stringify(s.table.levels)}|${s.table.blockUnits}`;

/** The spec of the block a unit on screen belongs to. */
export function specOf(u: Pick<ReplayedUnit, 'parsed' | 'scenario'>): BlockSpec {
  const p = u.parsed;
  if (u.scenario) {
    return {
      game: p.game,
      stakeCents: p.stakeCents,
      seed: p.seed,
      generatorVersion: p.generatorVersion,
      table: u.scenario.table,
    };
  }
  return { ...officialBlock(p.game, p.stakeCents, p.seed), generatorVersion: p.generatorVersion };
}

/** The label of a scenario unit: « SCÉNARIO-<seed>-<index> ». */
export const scenarioLabel = (seed: number, index: number): string => `SCENARIO-${seed}-${index}`;

let searchPool: EnginePool | undefined;
/** One worker of its own for searches, so that a search never waits behind a block digest. */
const searchWorker = (): EnginePool => (searchPool ??= new EnginePool(1));

export const useReplayStore = defineStore('replay', () => {
  // --- the unit on screen -------------------------------------------------------------------
  const current = shallowRef<ReplayedUnit | null>(null);
  /** The last refusal (a mistyped reference, an unknown game or version, an index outside the block). */
  const error = ref<LocalizedText | null>(null);
  const bonusOrder = ref<number[]>([...DEFAULT_BONUS_ORDER]);
  const stepIndex = ref(0);
  const playing = ref(false);
  const speed = ref(1);
  const digests = ref<Record<string, DigestState>>({});

  const steps = computed(() => (current.value ? buildSteps(current.value.unit, bonusOrder.value) : []));
  const step = computed(() => steps.value[stepIndex.value] ?? null);
  const atEnd = computed(() => stepIndex.value >= steps.value.length - 1);
  const digest = computed<DigestState | null>(() =>
    current.value ? (digests.value[blockKey(specOf(current.value))] ?? null) : null,
  );

  /**
   * Opens a unit from a typed reference. Returns false, with `error` set and the previous unit kept,
   * when the reference is refused.
   */
  function openRef(text: string): boolean {
    try {
      const parsed = parseUnitRef(text);
      // The reference's own generator version, not this build's: another version is refused (R1).
      const spec: BlockSpec = {
        ...officialBlock(parsed.game, parsed.stakeCents, parsed.seed),
        generatorVersion: parsed.generatorVersion,
      };
      const t0 = performance.now();
      const unit = openUnit(spec, parsed.index);
      const openMs = performance.now() - t0;
      show({ ref: formatUnitRef(parsed), parsed, unit, openMs, scenario: null });
      return true;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      error.value = e.text;
      return false;
    }
  }

  /** Opens unit `index` of an official block of this build's generator. */
  function openIndex(game: GameId, stakeCents: StakeCents, seed: number, index: number): boolean {
    try {
      const ref = formatUnitRef({ game, stakeCents, seed, index, generatorVersion: GENERATOR_VERSION });
      return openRef(ref);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      error.value = e.text;
      return false;
    }
  }

  /**
   * Opens unit `index` of a block of a scenario's table (R2, as for an official block): the same
   * placement and presentations, reconciled to the scenario's lots.
   */
  function openScenarioIndex(scenario: ReplayScenario, seed: number, index: number): boolean {
    try {
      const t = scenario.table;
      const parsed: UnitRef = {
        game: t.game,
        stakeCents: t.stakeCents as StakeCents,
        seed,
        index,
        generatorVersion: GENERATOR_VERSION,
      };
      const t0 = performance.now();
      const unit = openUnit(specOf({ parsed, scenario }), index);
      const openMs = performance.now() - t0;
      show({ ref: scenarioLabel(seed, index), parsed, unit, openMs, scenario });
      return true;
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      error.value = e.text;
      return false;
    }
  }

  function show(u: ReplayedUnit): void {
    pause();
    current.value = u;
    error.value = null;
    bonusOrder.value = [...DEFAULT_BONUS_ORDER];
    stepIndex.value = 0;
    void computeDigest(specOf(u));
  }

  /** Clears the last refusal message. */
  function dismissError(): void {
    error.value = null;
  }

  // --- the block digest, in Web Workers (R1) --------------------------------------------------
  async function computeDigest(spec: BlockSpec): Promise<void> {
    const key = blockKey(spec);
    if (digests.value[key]) return;
    digests.value = { ...digests.value, [key]: { status: 'computing' } };
    try {
      const pool = enginePool();
      const parts = splitOnSegments(spec.table.blockUnits, pool.size);
      const results = await Promise.all(parts.map((p) => pool.run('blockDigest', { spec, from: p.from, to: p.to })));
      results.sort((a, b) => a.from - b.from);
      const segments = results.flatMap((r) => r.segmentDigests);
      if (segments.length !== Math.ceil(spec.table.blockUnits / SEGMENT_UNITS))
        throw new Error('segment digests are missing');
      digests.value = { ...digests.value, [key]: { status: 'done', digest: blockDigest(segments) } };
    } catch (e) {
      digests.value = { ...digests.value, [key]: { status: 'error', text: textOf(e) } };
    }
  }

  // --- playback: exact steps back and forward ------------------------------------------------
  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule(): void {
    clearTimeout(timer);
    if (!playing.value) return;
    timer = setTimeout(() => {
      if (atEnd.value) {
        playing.value = false;
        return;
      }
      stepIndex.value++;
      if (atEnd.value) playing.value = false;
      else schedule();
    }, BASE_STEP_MS / speed.value);
  }

  function play(): void {
    if (!current.value) return;
    if (atEnd.value) stepIndex.value = 0;
    playing.value = true;
    schedule();
  }
  function pause(): void {
    playing.value = false;
    clearTimeout(timer);
  }
  function togglePlay(): void {
    if (playing.value) pause();
    else play();
  }
  function forward(): void {
    pause();
    stepIndex.value = Math.min(steps.value.length - 1, stepIndex.value + 1);
  }
  function back(): void {
    pause();
    stepIndex.value = Math.max(0, stepIndex.value - 1);
  }
  function restart(): void {
    pause();
    stepIndex.value = 0;
  }
  function toEnd(): void {
    pause();
    stepIndex.value = Math.max(0, steps.value.length - 1);
  }
  function goTo(i: number): void {
    pause();
    stepIndex.value = Math.max(0, Math.min(steps.value.length - 1, i));
  }
  function faster(): void {
    speed.value = SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(speed.value) + 1)] ?? speed.value;
  }
  function slower(): void {
    speed.value = SPEEDS[Math.max(0, SPEEDS.indexOf(speed.value) - 1)] ?? speed.value;
  }
  watch(speed, () => schedule());

  /**
   * Les 3 Gongs Bonus: the user clicks yin yang `pos` (art. 4.4). Its amount is shown next; the
   * amounts themselves are fixed by the unit (G4), only the order of reveal follows the clicks.
   */
  function clickYinYang(pos: number): void {
    const s = step.value;
    if (!s || !s.frame.bonusOpen || s.frame.bonusRevealed.includes(pos)) return;
    pause();
    bonusOrder.value = chooseYinYang(bonusOrder.value, s.frame.bonusRevealed.length, pos);
    stepIndex.value++;
  }

  // --- block browser -------------------------------------------------------------------------
  const results = ref<number[]>([]);
  const resultsFrom = ref(0);
  const nextFrom = ref<number | null>(null);
  const scanned = ref(0);
  const searching = ref(false);
  const searchError = ref<LocalizedText | null>(null);

  /**
   * Runs a `findUnits` job in the search worker with `searching` and `searchError` kept up to
   * date; resolves with its output, or null when it failed (the error is then shown).
   */
  async function find(
    spec: BlockSpec,
    level: number | 'win' | 'any',
    presentation: Presentation,
    from: number,
    limit: number,
  ): Promise<FindUnitsOutput | null> {
    searching.value = true;
    searchError.value = null;
    try {
      return await searchWorker().run('findUnits', { spec, level, presentation, from, limit, maxScan: MAX_SCAN });
    } catch (e) {
      searchError.value = textOf(e);
      return null;
    } finally {
      searching.value = false;
    }
  }

  /** Lists units of a block by level and presentation, one page from `from` on (in a Web Worker). */
  async function search(
    spec: BlockSpec,
    level: number | 'win' | 'any',
    presentation: Presentation,
    from: number,
  ): Promise<void> {
    const out = await find(spec, level, presentation, from, PAGE_SIZE);
    if (!out) return;
    results.value = out.indices;
    resultsFrom.value = from;
    nextFrom.value = out.next;
    scanned.value = out.scanned;
  }

  /** Opens the first unit after `after` that has the level and presentation; false if none. */
  async function openNext(
    spec: BlockSpec,
    level: number | 'win' | 'any',
    presentation: Presentation,
    after: number,
  ): Promise<boolean> {
    const i = (await find(spec, level, presentation, after + 1, 1))?.indices[0];
    if (i === undefined) return false;
    const official = officialBlock(spec.game, spec.stakeCents as StakeCents, spec.seed).table;
    const isOfficial = JSON.stringify(official.levels) === JSON.stringify(spec.table.levels);
    return isOfficial
      ? openIndex(spec.game, spec.stakeCents as StakeCents, spec.seed, i)
      : openScenarioIndex({ name: spec.table.source, table: spec.table }, spec.seed, i);
  }

  return {
    current,
    error,
    bonusOrder,
    steps,
    step,
    stepIndex,
    atEnd,
    playing,
    speed,
    digest,
    openRef,
    openIndex,
    openScenarioIndex,
    dismissError,
    play,
    pause,
    togglePlay,
    forward,
    back,
    restart,
    toEnd,
    goTo,
    faster,
    slower,
    clickYinYang,
    results,
    resultsFrom,
    nextFrom,
    scanned,
    searching,
    searchError,
    search,
    openNext,
  };
});
