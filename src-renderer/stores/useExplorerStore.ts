/**
 * State of the payout explorer: the what-if table being edited (as typed: amounts in euros,
 * « 15 000,00 »), its exact figures (recomputed on every edit, O(levels)), player sessions run in
 * the engine's Web Workers, and full blocks of the scenario table generated and audited (R4).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  analyseTable,
  mergeBlock,
  mergeSessionTallies,
  officialScenario,
  officialTable,
  parseEuros,
  parseScenarioJson,
  MAX_SCENARIO_BYTES,
  fileTooLarge,
  scenarioTable,
  scenarioToJson,
  splitOnSegments,
  summariseSessions,
  validateScenario,
  GENERATOR_VERSION,
  MAX_PLAYERS,
  MAX_SESSION_UNITS,
} from '../../src-engine/index';
import type {
  BlockResult,
  BlockSpec,
  GameId,
  LocalizedText,
  ParseResult,
  PrizeTable,
  RangeTally,
  Scenario,
  ScenarioProblem,
  SessionParams,
  SessionSummary,
  SessionTally,
  StakeCents,
  TableAnalysis,
} from '../../src-engine/index';
import { CancelledError, enginePool } from '../workers/engine-pool';
import { textOf } from '../workers/localized-error';
import { getBridge } from '../bridge';
import { openBounded } from '../bridge/open-bounded';

/** One editable row: the text the user typed. */
export interface LevelRow {
  amount: string;
  lots: string;
}

/** A problem of the edited table: an engine problem, or an amount/lots that could not be read. */
export type EditProblem =
  | ScenarioProblem
  | {
      code: 'amount-unreadable' | 'lots-unreadable';
      level: number;
      params: Record<string, string | number>;
      message: string;
    };

const centsToText = (c: number): string => {
  const e = Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${e},${(c % 100).toString().padStart(2, '0')}`;
};

const rowsOf = (s: Scenario): LevelRow[] =>
  s.levels.map((l) => ({ amount: centsToText(l.prizeCents), lots: String(l.lots) }));

export const useExplorerStore = defineStore('explorer', () => {
  const name = ref('');
  const game = ref<GameId>('mine-d-or');
  const stakeCents = ref<StakeCents>(50);
  const blockUnits = ref('1000000');
  const rows = ref<LevelRow[]>([]);
  /** Text of the last saved/opened/loaded scenario: the table is "unsaved" when it differs. */
  const savedText = ref('');

  function load(s: Scenario): void {
    name.value = s.name;
    game.value = s.game;
    stakeCents.value = s.stakeCents;
    blockUnits.value = String(s.blockUnits);
    rows.value = rowsOf(s);
    savedText.value = scenarioToJson(s);
    clearRuns();
  }

  function loadOfficial(g: GameId, st: StakeCents): void {
    load(officialScenario(g, st));
  }

  function startFromScratch(g: GameId, st: StakeCents): void {
    const t = officialTable(g, st);
    load({ name: '', game: g, stakeCents: st, blockUnits: t.blockUnits, levels: [] });
    rows.value = [{ amount: '', lots: '' }];
  }

  const parsedLots = (t: string): number =>
    /^\s*-?\d+([.,]\d+)?\s*$/.test(t) ? Number(t.trim().replace(',', '.')) : NaN;
  const parsedUnits = (t: string): number =>
    /^\s*\d[\d\s\u202f\u00a0]*$/.test(t) ? Number(t.replace(/\D/g, '')) : NaN;

  /** The scenario as typed; unreadable fields become NaN and are reported by {@link problems}. */
  const scenario = computed<Scenario>(() => ({
    name: name.value,
    game: game.value,
    stakeCents: stakeCents.value,
    blockUnits: parsedUnits(blockUnits.value),
    levels: rows.value.map((r) => ({
      prizeCents:
        (r.amount.trim().startsWith('-') ? -(parseEuros(r.amount.trim().slice(1)) ?? NaN) : parseEuros(r.amount)) ??
        NaN,
      lots: parsedLots(r.lots),
    })),
  }));

  const problems = computed<EditProblem[]>(() => {
    const s = scenario.value;
    const out: EditProblem[] = [];
    const readable = s.levels.map((l, i) => {
      let ok = true;
      if (Number.isNaN(l.prizeCents)) {
        out.push({
          code: 'amount-unreadable',
          level: i,
          params: { n: i + 1, text: rows.value[i]!.amount },
          message: `level ${i + 1}: amount unreadable`,
        });
        ok = false;
      }
      if (Number.isNaN(l.lots)) {
        out.push({
          code: 'lots-unreadable',
          level: i,
          params: { n: i + 1, text: rows.value[i]!.lots },
          message: `level ${i + 1}: lots unreadable`,
        });
        ok = false;
      }
      return ok
        ? l
        : { prizeCents: Number.isNaN(l.prizeCents) ? 1 : l.prizeCents, lots: Number.isNaN(l.lots) ? 0 : l.lots };
    });
    // The engine checks everything else; unreadable fields are replaced by neutral values above so
    // that the other problems of the same table are still all reported.
    const engine = validateScenario({
      ...s,
      blockUnits: Number.isNaN(s.blockUnits) ? -1 : s.blockUnits,
      levels: readable,
    });
    // ...and the stand-in amount of an unreadable level is not itself reported (unreachable, duplicate)
    const unreadable = new Set(out.filter((p) => p.code === 'amount-unreadable').map((p) => p.level));
    const kept = engine.filter((p) => !unreadable.has(p.level) || p.code.startsWith('lots'));
    return [...out, ...kept].sort((a, b) => a.level - b.level);
  });

  const valid = computed(() => problems.value.length === 0);
  const table = computed<PrizeTable | null>(() => (valid.value ? scenarioTable(scenario.value) : null));

  /** Exact figures of the table as typed, as soon as every number can be read (even if unreachable). */
  const analysis = computed<TableAnalysis | null>(() => {
    const s = scenario.value;
    const ok =
      Number.isSafeInteger(s.blockUnits) &&
      s.blockUnits > 0 &&
      s.levels.every((l) => Number.isFinite(l.prizeCents) && Number.isFinite(l.lots) && l.lots >= 0);
    return ok ? analyseTable(scenarioTable(s)) : null;
  });

  const official = computed(() => officialTable(game.value, stakeCents.value));
  const officialAnalysis = computed(() => analyseTable(official.value));
  const unsaved = computed(() => scenarioToJson(scenario.value) !== savedText.value);

  // ---- files -------------------------------------------------------------------------------
  const fileProblems = ref<ScenarioProblem[]>([]);
  const fileName = ref('');

  async function save(): Promise<boolean> {
    if (!valid.value) return false;
    const text = scenarioToJson(scenario.value);
    const base = (name.value || `${game.value}-${stakeCents.value}`).replace(/[^\w.-]+/g, '-').slice(0, 60);
    const r = await getBridge().saveFile({
      suggestedName: `${base}.scenario.json`,
      filters: [{ name: 'Instant Lab scenario', extensions: ['json'] }],
      data: text,
    });
    if (r.saved) savedText.value = text;
    return r.saved;
  }

  /** Opens a file; a refused file changes nothing of the table being edited. */
  async function open(): Promise<void> {
    const filters = [{ name: 'Instant Lab scenario', extensions: ['json'] }];
    const f = await openBounded(getBridge(), filters, MAX_SCENARIO_BYTES);
    if (!f) return;
    // refused by its size before it is read, else parsed in a worker (issue 10): never a frozen page
    if ('tooLarge' in f) applyFile(f.name, { ok: false, problems: [fileTooLarge(f.size)] });
    else applyFile(f.name, await enginePool().run('parseScenario', { text: f.text }));
  }

  function openText(file: string, text: string): void {
    applyFile(file, parseScenarioJson(text));
  }

  function applyFile(file: string, r: ParseResult): void {
    fileName.value = file;
    if (!r.ok) {
      fileProblems.value = r.problems;
      return;
    }
    fileProblems.value = [];
    load(r.scenario);
  }

  // ---- sessions ----------------------------------------------------------------------------
  const players = ref(10_000);
  const units = ref(50);
  const replacement = ref(true);
  const sessionProgress = ref(0);
  const sessionsRunning = ref(false);
  const sessionError = ref<LocalizedText | null>(null);
  const sessions = shallowRef<SessionSummary | null>(null);
  const officialSessions = shallowRef<SessionSummary | null>(null);
  const sessionSeconds = ref(0);

  const sessionInputOk = computed(
    () =>
      Number.isInteger(players.value) &&
      players.value >= 1 &&
      players.value <= MAX_PLAYERS &&
      Number.isInteger(units.value) &&
      units.value >= 1 &&
      units.value <= MAX_SESSION_UNITS,
  );

  async function runSessionsOf(t: PrizeTable, done: (p: number) => void): Promise<SessionSummary> {
    const pool = enginePool();
    const params: SessionParams = {
      levels: t.levels.map((l) => ({ prizeCents: l.prizeCents, lots: l.lots })),
      blockUnits: t.blockUnits,
      stakeCents: t.stakeCents,
      units: units.value,
      replacement: replacement.value,
      seed: 1,
    };
    const P = players.value;
    const parts = Math.min(P, pool.size * 4);
    const prog = new Array<number>(parts).fill(0);
    const jobs: Promise<SessionTally>[] = [];
    for (let i = 0; i < parts; i++) {
      const from = Math.floor((P * i) / parts);
      const to = Math.floor((P * (i + 1)) / parts);
      jobs.push(
        pool.run('sessions', { params, from, to }, (p) => {
          prog[i] = p;
          done(prog.reduce((a, b) => a + b, 0));
        }),
      );
    }
    return summariseSessions(params, t, mergeSessionTallies(await Promise.all(jobs)));
  }

  async function runSessions(): Promise<void> {
    const t = table.value;
    if (!t || !sessionInputOk.value) return;
    sessionsRunning.value = true;
    sessionError.value = null;
    sessionProgress.value = 0;
    const t0 = performance.now();
    try {
      const total = 2 * players.value;
      let a = 0;
      let b = 0;
      const [mine, off] = await Promise.all([
        runSessionsOf(t, (p) => (sessionProgress.value = ((a = p) + b) / total)),
        runSessionsOf(official.value, (p) => (sessionProgress.value = (a + (b = p)) / total)),
      ]);
      sessionProgress.value = 1;
      sessions.value = mine;
      officialSessions.value = off;
      sessionSeconds.value = (performance.now() - t0) / 1000;
    } catch (e) {
      if (!(e instanceof CancelledError)) sessionError.value = textOf(e);
    } finally {
      sessionsRunning.value = false;
    }
  }

  // ---- full blocks of the scenario table ("Simuler ce tableau") -----------------------------
  const blockSeed = ref(1);
  const blockRunning = ref(false);
  const blockProgress = ref(0);
  const blockError = ref<LocalizedText | null>(null);
  const block = shallowRef<BlockResult | null>(null);

  async function runBlock(): Promise<void> {
    const t = table.value;
    if (!t) return;
    const pool = enginePool();
    const spec: BlockSpec = {
      game: t.game,
      stakeCents: stakeCents.value,
      seed: blockSeed.value,
      generatorVersion: GENERATOR_VERSION,
      table: t,
    };
    blockRunning.value = true;
    blockError.value = null;
    blockProgress.value = 0;
    try {
      const ranges = splitOnSegments(t.blockUnits, pool.size * 4);
      const prog = new Array<number>(ranges.length).fill(0);
      const tallies: RangeTally[] = await Promise.all(
        ranges.map((r, i) =>
          pool.run('range', { spec, from: r.from, to: r.to }, (p) => {
            prog[i] = p;
            blockProgress.value = prog.reduce((a, b) => a + b, 0) / t.blockUnits;
          }),
        ),
      );
      block.value = mergeBlock(spec, tallies);
      blockProgress.value = 1;
    } catch (e) {
      if (!(e instanceof CancelledError)) blockError.value = textOf(e);
    } finally {
      blockRunning.value = false;
    }
  }

  function cancel(): void {
    enginePool().cancelAll();
  }

  function clearRuns(): void {
    sessions.value = null;
    officialSessions.value = null;
    block.value = null;
  }

  loadOfficial('mine-d-or', 50);

  return {
    name,
    game,
    stakeCents,
    blockUnits,
    rows,
    scenario,
    problems,
    valid,
    table,
    analysis,
    official,
    officialAnalysis,
    unsaved,
    fileProblems,
    fileName,
    loadOfficial,
    startFromScratch,
    save,
    open,
    openText,
    players,
    units,
    replacement,
    sessionProgress,
    sessionsRunning,
    sessionError,
    sessions,
    officialSessions,
    sessionSeconds,
    sessionInputOk,
    runSessions,
    blockSeed,
    blockRunning,
    blockProgress,
    blockError,
    block,
    runBlock,
    cancel,
    clearRuns,
  };
});
