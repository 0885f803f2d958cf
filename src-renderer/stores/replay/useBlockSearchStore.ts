/**
 * The replay screen's block browser: the block chosen (game, stake, seed typed in decimal or in base
 * 32 as a reference prints it, official table or the explorer's scenario), and the units found in it
 * by prize level and presentation, in a Web Worker of its own.
 *
 * Results carry the block they were found in (its spec and `blockKey`) and their filters. They are
 * dropped the moment the block chosen changes (and when the filters change), a search that ends after the user moved on is ignored, and a result
 * opens the unit of its own block, never one of the block chosen since (wrong unit).
 */
import { defineStore } from 'pinia';
import { computed, nextTick, ref, shallowRef, watch } from 'vue';
import {
  GENERATOR_VERSION,
  InputError,
  MAX_SEED,
  blockKey,
  blockSpecOfTable,
  officialTable,
  parseBlockNumber,
  presentationsOf,
  tableKey,
} from '@engine';
import type { BlockNumber, BlockSpec, GameId, LocalizedText, Notation, Presentation, StakeCents } from '@engine';
import { enginePool } from '../../workers/engine-pool';
import type { EnginePool } from '../../workers/engine-pool';
import type { FindUnitsOutput } from '@shared/jobs/protocol';
import { textOf } from '@shared/jobs/localized-error';
import { useReplayUnitStore } from './useReplayUnitStore';
import { useScenarioStore } from '../simulation/useScenarioStore';
import type { RunBlocks } from '../../domain/simulation/run-blocks';

/** Units listed per page of search results. */
export const PAGE_SIZE = 20;
/** Units opened at most by one search page (presentation filters open every candidate). */
export const MAX_SCAN = 200_000;

/** A level index of the table (losing = levels.length), any winning level, or any unit. */
export type LevelFilter = number | 'win' | 'any';

/** One page of results, with the block and the filters it was found with. */
export interface SearchPage {
  readonly spec: BlockSpec;
  readonly key: string;
  /** The scenario's name when the table is not the official one. */
  readonly scenarioName: string;
  readonly level: LevelFilter;
  readonly presentation: Presentation;
  readonly from: number;
  readonly indices: readonly number[];
  /** Where the next page starts, or null at the end of the block. */
  readonly next: number | null;
  readonly scanned: number;
}

/** A field's reading: its value, or what is wrong with it. */
export type Reading =
  | { readonly ok: true; readonly value: BlockNumber }
  | { readonly ok: false; readonly text: LocalizedText };

function read(text: string, part: 'seed' | 'index', last: number, notation: Notation): Reading {
  try {
    return { ok: true, value: parseBlockNumber(text, part, last, notation) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { ok: false, text: e.text };
  }
}

/** One worker of its own for searches, so that a search never waits behind a block digest. */
const searchWorker = (): EnginePool => enginePool('search');

export const useBlockSearchStore = defineStore('useBlockSearchStore', () => {
  const units = useReplayUnitStore();
  const scenarios = useScenarioStore();

  // --- the block chosen -------------------------------------------------------------------------
  const game = ref<GameId>('mine-d-or');
  const stake = ref<StakeCents>(100);
  const seedText = ref('12345');
  const indexText = ref('0');
  const notation = ref<Notation>('auto');
  const tableChoice = ref<'official' | 'scenario'>('official');
  const level = ref<string>('any');
  const presentation = ref<Presentation>('any');
  /**
   * The generator version and M6 reading of the official block chosen (R5): those of the unit on
   * screen, so that a V1 or V2S reference is browsed in its own block; this build's otherwise.
   */
  const generatorVersion = ref(GENERATOR_VERSION);
  const m6Strict = ref(false);

  const usingScenario = computed(() => tableChoice.value === 'scenario' && scenarios.table !== null);
  const table = computed(() => (usingScenario.value ? scenarios.table! : officialTable(game.value, stake.value)));
  const seed = computed(() => read(seedText.value, 'seed', MAX_SEED, notation.value));
  const index = computed(() => read(indexText.value, 'index', table.value.blockUnits - 1, notation.value));
  /** The block chosen, or null while the seed is unreadable. */
  const spec = computed<BlockSpec | null>(() => {
    if (!seed.value.ok) return null;
    // a scenario's blocks are this build's version; an official block keeps the version followed
    if (usingScenario.value) return blockSpecOfTable(table.value, seed.value.value.value);
    const s = blockSpecOfTable(table.value, seed.value.value.value, generatorVersion.value);
    return m6Strict.value && s.game === 'mine-d-or' ? { ...s, m6Strict: true } : s;
  });
  /** The version part of a reference to the block chosen: « V1 », « V2 », « V2S ». */
  const versionLabel = computed(() =>
    spec.value
      ? `V${spec.value.generatorVersion}${spec.value.m6Strict === true ? 'S' : ''}`
      : `V${generatorVersion.value}`,
  );
  const key = computed(() => (spec.value ? blockKey(spec.value) : null));
  const levelValue = computed<LevelFilter>(() =>
    level.value === 'any' || level.value === 'win' ? level.value : Number(level.value),
  );
  const scenarioName = (): string => scenarios.active?.name ?? table.value.source;

  // another game: this build's version again (the unit followed was of the other game)
  watch(game, (g) => {
    if (units.current?.parsed.game === g && !units.current.scenario) return;
    generatorVersion.value = GENERATOR_VERSION;
    m6Strict.value = false;
  });
  // the explorer's scenario: its game and stake
  watch(tableChoice, (c) => {
    const sc = scenarios.active;
    if (c === 'scenario' && sc) {
      game.value = sc.game;
      stake.value = sc.stakeCents;
    }
  });
  // levels are rows of one table and presentations belong to one game
  watch(
    () => tableKey(table.value),
    () => {
      level.value = 'any';
      if (!presentationsOf(game.value).includes(presentation.value)) presentation.value = 'any';
    },
  );

  // --- a simulation run handed over (« Rejouer une unité ») -------------------------------------
  /** The run the browser was opened on, kept while one of its blocks is the block chosen. */
  const fromRun = shallowRef<RunBlocks | null>(null);
  /** The run and which of its blocks is the block chosen (0 = its first), or null. */
  const runBlock = computed(() => {
    const r = fromRun.value;
    const k = key.value;
    const at = r && k ? r.specs.findIndex((s) => blockKey(s) === k) : -1;
    return r && at >= 0 ? { run: r, at } : null;
  });

  /**
   * Chooses the first block of `run` whole: its table (official, or the scenario in use, which the
   * hand-off checked is the run's), game, stake, generator version, M6 reading and seed.
   */
  async function browseRun(run: RunBlocks): Promise<void> {
    const s = run.specs[0]!;
    tableChoice.value = run.identity.table.kind === 'official' ? 'official' : 'scenario';
    game.value = s.game;
    stake.value = s.stakeCents;
    // the watchers of the game and the table (which reset the version) have run
    await nextTick();
    generatorVersion.value = s.generatorVersion;
    m6Strict.value = s.m6Strict === true;
    notation.value = 'decimal';
    seedText.value = String(s.seed);
    indexText.value = '0';
    fromRun.value = run;
  }

  // --- results ---------------------------------------------------------------------------------
  const page = shallowRef<SearchPage | null>(null);
  const searching = ref(false);
  const searchError = ref<LocalizedText | null>(null);
  let ticket = 0;

  // another block chosen: results of the previous one go at once, a search under way is ignored
  watch(
    key,
    (k) => {
      if (page.value && page.value.key !== k) page.value = null;
      ticket++;
      searching.value = false;
      searchError.value = null;
    },
    { flush: 'sync' },
  );

  // other filters: the results shown would no longer be what the filters say
  watch([levelValue, presentation], ([lv, pres]) => {
    if (page.value && (page.value.level !== lv || page.value.presentation !== pres)) page.value = null;
  });

  /** Runs a `findUnits` job; resolves with its output, or null when it failed or the block changed. */
  async function find(
    s: BlockSpec,
    lv: LevelFilter,
    pres: Presentation,
    from: number,
    limit: number,
  ): Promise<FindUnitsOutput | null> {
    const mine = ++ticket;
    searching.value = true;
    searchError.value = null;
    try {
      const out = await searchWorker().run('findUnits', {
        spec: s,
        level: lv,
        presentation: pres,
        from,
        limit,
        maxScan: MAX_SCAN,
      });
      return mine === ticket && key.value === blockKey(s) ? out : null;
    } catch (e) {
      if (mine === ticket) searchError.value = textOf(e);
      return null;
    } finally {
      if (mine === ticket) searching.value = false;
    }
  }

  async function searchIn(
    s: BlockSpec,
    name: string,
    lv: LevelFilter,
    pres: Presentation,
    from: number,
  ): Promise<void> {
    const out = await find(s, lv, pres, from, PAGE_SIZE);
    // filters changed while it searched: its units are not what the filters now say (as above)
    if (!out || lv !== levelValue.value || pres !== presentation.value) return;
    page.value = {
      spec: s,
      key: blockKey(s),
      scenarioName: name,
      level: lv,
      presentation: pres,
      from,
      indices: out.indices,
      next: out.next,
      scanned: out.scanned,
    };
  }

  /** Lists units of the block chosen by level and presentation, from its first unit. */
  async function search(): Promise<void> {
    if (spec.value) await searchIn(spec.value, scenarioName(), levelValue.value, presentation.value, 0);
  }

  /** The next page of the results shown, in their own block and with their own filters. */
  async function more(): Promise<void> {
    const p = page.value;
    if (p && p.next !== null) await searchIn(p.spec, p.scenarioName, p.level, p.presentation, p.next);
  }

  /** Opens a unit of the results shown: the unit of the results' own block. */
  async function openResult(i: number): Promise<boolean> {
    const p = page.value;
    if (!p || !p.indices.includes(i)) return false;
    return units.openInBlock(p.spec, i, p.scenarioName);
  }

  /** Opens unit `i` of the block chosen. */
  async function open(i: number): Promise<boolean> {
    if (!spec.value) return false;
    return units.openInBlock(spec.value, i, scenarioName());
  }

  /** Opens the unit whose index is typed; false when the index is unreadable (its field says why). */
  async function openTyped(): Promise<boolean> {
    return index.value.ok ? open(index.value.value.value) : false;
  }

  /** Opens a unit of the block chosen at random. */
  function openRandom(): Promise<boolean> {
    const r = new Uint32Array(1);
    crypto.getRandomValues(r);
    return open(r[0]! % table.value.blockUnits);
  }

  /** Opens the first unit after the one on screen (same block) that has the level and presentation. */
  async function openNext(): Promise<boolean> {
    const s = spec.value;
    if (!s) return false;
    const k = blockKey(s);
    const after = units.current && units.blockKey === k ? units.current.parsed.index : -1;
    const name = scenarioName();
    const i = (await find(s, levelValue.value, presentation.value, after + 1, 1))?.indices[0];
    return i === undefined ? false : units.openInBlock(s, i, name);
  }

  // the browser follows the unit on screen: its block is the block chosen
  watch(
    () => units.current,
    (c) => {
      if (!c) return;
      tableChoice.value = c.scenario ? 'scenario' : 'official';
      generatorVersion.value = c.parsed.generatorVersion;
      m6Strict.value = c.parsed.m6Strict === true;
      game.value = c.parsed.game;
      stake.value = c.parsed.stakeCents;
      // what the user typed stays when it already names this seed and index (e.g. in base 32)
      if (!(seed.value.ok && seed.value.value.value === c.parsed.seed)) seedText.value = String(c.parsed.seed);
      if (!(index.value.ok && index.value.value.value === c.parsed.index)) indexText.value = String(c.parsed.index);
    },
    { immediate: true, flush: 'sync' },
  );

  return {
    game,
    stake,
    generatorVersion,
    m6Strict,
    versionLabel,
    seedText,
    indexText,
    notation,
    tableChoice,
    level,
    presentation,
    usingScenario,
    table,
    seed,
    index,
    spec,
    key,
    page,
    searching,
    searchError,
    search,
    more,
    openResult,
    open,
    openTyped,
    openRandom,
    openNext,
    fromRun,
    runBlock,
    browseRun,
  };
});
