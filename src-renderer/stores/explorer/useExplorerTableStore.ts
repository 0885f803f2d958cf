/**
 * The what-if table being edited in the payout explorer (as typed: amounts in euros
 * « 15 000,00 »), its problems, its identity ({@link tableKey}) and its exact figures, which exist
 * only while the table is valid: an invalid table shows no figure at all.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import {
  analyseTable,
  isOfficialTable,
  officialScenario,
  officialTable,
  scenarioTable,
  tableDigest,
  tableKey,
} from '@engine';
import type { GameId, Lang, PrizeTable, Scenario, StakeCents, TableAnalysis } from '@engine';
import { centsToText, editProblems, readAmount, rowsOf, scenarioOfInput } from '../../domain/explorer/table-input';
import type { EditProblem, LevelRow } from '../../domain/explorer/table-input';
import { defaultScenarioName, isOfficialName, modifiedNumber, scenarioName } from '../../domain/explorer/scenario-name';
import type { NamedTable } from '../../domain/explorer/scenario-name';
import { runTableIdentity } from '../../domain/simulation/model';
import { useHistoryStore } from '../simulation/useHistoryStore';
import { useScenarioStore } from '../simulation/useScenarioStore';
import { currentLocale } from '../../i18n';
import { getBridge } from '../../bridge';
import { DRAFT_KEY, readDraft } from '../../domain/explorer/table-draft';
import type { TableDraft } from '../../domain/explorer/table-draft';

export type { EditProblem, LevelRow };

/** Most steps the editor can undo. */
export const UNDO_LIMIT = 100;

/** What one undo step restores: the fields as typed, and the language their amounts are written in. */
interface Snapshot {
  readonly name: string;
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly blockUnits: string;
  readonly rows: readonly LevelRow[];
  readonly lang: Lang;
}

/** The field a step changed, when it changed one text field only (typing in it is then one step). */
function changedField(a: Snapshot, b: Snapshot): string | null {
  if (a.rows.length !== b.rows.length || a.game !== b.game || a.stakeCents !== b.stakeCents || a.lang !== b.lang)
    return null;
  const changed: string[] = [];
  if (a.name !== b.name) changed.push('name');
  if (a.blockUnits !== b.blockUnits) changed.push('block');
  a.rows.forEach((r, i) => {
    if (r.amount !== b.rows[i]!.amount) changed.push(`amount-${i}`);
    if (r.lots !== b.rows[i]!.lots) changed.push(`lots-${i}`);
  });
  return changed.length === 1 ? changed[0]! : null;
}

/** The interface language, for the default name of a scenario. */

export const useExplorerTableStore = defineStore('useExplorerTableStore', () => {
  /** The name the user typed; empty means the default name (official, or « Scénario — … (modifié) »). */
  const name = ref('');
  const game = ref<GameId>('mine-d-or');
  const stakeCents = ref<StakeCents>(50);
  const blockUnits = ref('1000000');
  const rows = ref<LevelRow[]>([]);
  /** Content of the last saved/opened/loaded table: the table is "unsaved" when it differs. */
  const savedContent = ref('');
  /** The language amounts are typed in: the interface's. */
  const lang = computed<Lang>(() => currentLocale());

  const input = computed(() => ({
    name: name.value,
    game: game.value,
    stakeCents: stakeCents.value,
    blockUnits: blockUnits.value,
    rows: rows.value,
    lang: lang.value,
  }));
  /** Each row's amount in cents (NaN when unreadable), in the table's order. */
  const rowCents = computed(() => rows.value.map((r) => readAmount(r.amount, lang.value)));
  /** What the table says, whatever the language of its amounts (a readable amount counts by its cents). */
  const content = computed(() =>
    JSON.stringify({
      ...input.value,
      lang: undefined,
      rows: rows.value.map((r, i) => ({
        amount: rowCents.value[i] ?? r.amount,
        lots: r.lots,
        text: Number.isNaN(rowCents.value[i]) ? r.amount : '',
      })),
    }),
  );
  // Undo/redo: every change of the fields is a step, typing in one field is one
  // step until another field changes, and loading a table (official, scratch, a file) is one step.
  const past = shallowRef<Snapshot[]>([]);
  const future = shallowRef<Snapshot[]>([]);
  const snapshot = (): Snapshot => ({
    name: name.value,
    game: game.value,
    stakeCents: stakeCents.value,
    blockUnits: blockUnits.value,
    rows: rows.value.map((r) => ({ ...r })),
    lang: lang.value,
  });
  let current = snapshot();
  let lastField: string | null = null;
  /** Set while the store itself rewrites the fields (undo, redo, load, language switch): not a user step. */
  let applying = 0;
  const record = (before: Snapshot): void => {
    past.value = [...past.value, before].slice(-UNDO_LIMIT);
    future.value = [];
  };
  watch(
    // the fields only: a language switch is not a step (its rewrite of the amounts runs in `apply`)
    () => JSON.stringify({ ...snapshot(), lang: undefined }),
    () => {
      if (applying > 0) return;
      const now = snapshot();
      const field = changedField(current, now);
      if (field === null || field !== lastField) record(current);
      lastField = field;
      current = now;
    },
    { flush: 'sync' },
  );
  /** Runs a change of the store's own as one step (`step`), or as none (a language switch). */
  function apply(change: () => void, step: boolean): void {
    if (applying > 0) {
      change(); // inside another change of the store's own: part of its step
      return;
    }
    const before = snapshot();
    applying++;
    try {
      change();
    } finally {
      applying--;
    }
    if (step && JSON.stringify(before) !== JSON.stringify(snapshot())) record(before);
    current = snapshot();
    lastField = null;
  }
  /** Puts a snapshot back, its amounts rewritten in the interface's language. */
  function restore(s: Snapshot): void {
    name.value = s.name;
    game.value = s.game;
    stakeCents.value = s.stakeCents;
    blockUnits.value = s.blockUnits;
    rows.value = s.rows.map((r) => {
      const c = readAmount(r.amount, s.lang);
      return {
        amount: s.lang !== lang.value && !Number.isNaN(c) && c >= 0 ? centsToText(c, lang.value) : r.amount,
        lots: r.lots,
      };
    });
  }
  const canUndo = computed(() => past.value.length > 0);
  const canRedo = computed(() => future.value.length > 0);
  function undo(): void {
    const s = past.value.at(-1);
    if (!s) return;
    const now = snapshot();
    apply(() => restore(s), false);
    past.value = past.value.slice(0, -1);
    future.value = [...future.value, now];
  }
  function redo(): void {
    const s = future.value.at(-1);
    if (!s) return;
    const now = snapshot();
    apply(() => restore(s), false);
    future.value = future.value.slice(0, -1);
    past.value = [...past.value, now].slice(-UNDO_LIMIT);
  }

  // A language switch rewrites the amounts the new language's way (« 15 000,00 » ↔ « 15,000.00 »).
  watch(lang, (now, before) => {
    apply(() => {
      for (const r of rows.value) {
        const c = readAmount(r.amount, before);
        if (!Number.isNaN(c) && c >= 0) r.amount = centsToText(c, now);
      }
    }, false);
  });

  /** Every problem of the table as typed, by level. */
  const problems = computed<EditProblem[]>(() => editProblems(input.value));
  const valid = computed(() => problems.value.length === 0);

  const typed = computed<Scenario>(() => scenarioOfInput(input.value));
  /** The prize table, only while the table is valid. */
  const table = computed<PrizeTable | null>(() => (valid.value ? scenarioTable(typed.value) : null));
  /** Identity of the table: results computed for another key belong to another table. */
  const key = computed<string | null>(() => (table.value ? tableKey(table.value) : null));
  /** Whether the table is exactly the official one of its game and stake (art. 3). */
  const isOfficial = computed(() => table.value !== null && isOfficialTable(table.value));
  /** Exact figures, only while the table is valid: never beside a validation error. */
  const analysis = computed<TableAnalysis | null>(() => (table.value ? analyseTable(table.value) : null));

  const official = computed(() => officialTable(game.value, stakeCents.value));
  const officialAnalysis = computed(() => analyseTable(official.value));

  // The tables already known by name (the scenario in use, the runs kept): a modified table's default
  // name is never one of theirs, so two tables of one game and stake never go by one name.
  const history = useHistoryStore();
  const scenarios = useScenarioStore();
  void history.load();
  const known = computed<NamedTable[]>(() => [
    ...(scenarios.table ? [{ name: scenarios.table.source, digest: tableDigest(scenarios.table) }] : []),
    ...history.runs.map((r) => runTableIdentity(r)).filter((t) => t.kind === 'scenario'),
  ]);
  /** Which « (modifié n) » this table goes by while it is not official. */
  const number = computed(() =>
    isOfficial.value
      ? 1
      : modifiedNumber(game.value, stakeCents.value, table.value ? tableDigest(table.value) : null, known.value),
  );
  /** The default name of this table (official, or a modified scenario no other table goes by), in both languages. */
  const defaultName = computed(() => defaultScenarioName(game.value, stakeCents.value, isOfficial.value, number.value));
  /** Whether the typed name is an official table's name while the table is not official: it is then replaced. */
  const nameReplaced = computed(
    () => !isOfficial.value && name.value.trim() !== '' && isOfficialName(name.value, game.value, stakeCents.value),
  );
  /** The scenario as typed, under the name it goes by. */
  const scenario = computed<Scenario>(() => ({
    ...typed.value,
    name: scenarioName(name.value, game.value, stakeCents.value, isOfficial.value, currentLocale(), number.value),
  }));
  const unsaved = computed(() => content.value !== savedContent.value);

  /**
   * Loads a scenario into the editor as one undo step; `typedName` is the name field ('' for the
   * default name). `saved` false: a table that is in no file yet (the optimiser's) shows unsaved.
   */
  function load(s: Scenario, typedName = s.name, saved = true): void {
    apply(() => {
      name.value = typedName;
      game.value = s.game;
      stakeCents.value = s.stakeCents;
      blockUnits.value = String(s.blockUnits);
      rows.value = rowsOf(s, lang.value);
    }, true);
    if (saved) markSaved();
  }

  function loadOfficial(g: GameId, st: StakeCents): void {
    load(officialScenario(g, st), '');
  }

  function startFromScratch(g: GameId, st: StakeCents): void {
    const t = officialTable(g, st);
    apply(() => {
      load({ name: '', game: g, stakeCents: st, blockUnits: t.blockUnits, levels: [] }, '');
      rows.value = [{ amount: '', lots: '' }];
    }, true);
  }

  /**
   * Switches the table to game `g` as one undoable step. A block of the previous game's official
   * size (art. 2: 1 000 000 units for Mine d'or, 300 000 for Les 3 Gongs) becomes the new game's;
   * a size the user chose stays, and {@link blockWarning} says it is not art. 2's.
   */
  function setGame(g: GameId): void {
    if (g === game.value) return;
    apply(() => {
      const before = officialTable(game.value, stakeCents.value).blockUnits;
      if (blockUnits.value.trim() === String(before))
        blockUnits.value = String(officialTable(g, stakeCents.value).blockUnits);
      game.value = g;
    }, true);
  }

  /** A valid table whose block is not the size art. 2 gives its game: the two sizes, else null. */
  const blockWarning = computed<{ units: number; official: number } | null>(() => {
    const t = table.value;
    if (!t) return null;
    const o = official.value.blockUnits;
    return t.blockUnits === o ? null : { units: t.blockUnits, official: o };
  });

  /** Adds an empty level at the end: one undoable step. */
  function addLevel(): void {
    apply(() => rows.value.push({ amount: '', lots: '' }), true);
  }

  /** Removes level `i`: one undoable step (a splice moves every later row, one change each). */
  function removeLevel(i: number): void {
    apply(() => rows.value.splice(i, 1), true);
  }

  /**
   * The table counts as saved; `what` is the content that went into the file, so an edit made
   * while the file was being written stays unsaved.
   */
  function markSaved(what: string = content.value): void {
    savedContent.value = what;
  }

  loadOfficial('mine-d-or', 50);
  // the table the explorer opens with is where the history starts
  past.value = [];

  // The draft: while the table holds edits saved in no file, its fields are kept through the bridge
  // at every change, so that a reload loses nothing typed; it is restored, with a word, on the next start.
  /** When the draft restored was written, until the next edit or until the word is closed; else null. */
  const restoredAt = ref<number | null>(null);
  const opened = content.value;
  let draftRead = false;
  /** The content the draft restored gave the table: the word stays until the table says something else. */
  let restoredContent: string | null = null;
  watch(content, () => {
    if (!draftRead) return;
    if (content.value !== restoredContent) restoredAt.value = null;
    const draft: TableDraft | null = unsaved.value
      ? {
          ...snapshot(),
          rows: rows.value.map((r) => ({ ...r })),
          savedContent: savedContent.value,
          writtenAt: Date.now(),
        }
      : null;
    try {
      void getBridge()
        .storeSet(DRAFT_KEY, draft)
        .catch(() => undefined);
    } catch {
      // no bridge (a test without a window): the draft is only what the page holds
    }
  });
  const draftLoaded = (async () => {
    try {
      const d = readDraft(await getBridge().storeGet(DRAFT_KEY));
      // restored only onto the table the explorer opened with: an edit made meanwhile is never replaced
      if (d && content.value === opened) {
        apply(() => restore(d), false);
        savedContent.value = d.savedContent;
        past.value = [];
        future.value = [];
        restoredAt.value = d.writtenAt;
        restoredContent = content.value;
      }
    } catch {
      // no draft, or the bridge cannot say: the explorer opens on its default table
    } finally {
      draftRead = true;
    }
  })();
  /** Closes the word saying a draft was restored (the draft itself stays the table edited). */
  function dismissRestored(): void {
    restoredAt.value = null;
  }

  return {
    name,
    game,
    stakeCents,
    blockUnits,
    rows,
    problems,
    valid,
    table,
    key,
    rowCents,
    isOfficial,
    analysis,
    official,
    officialAnalysis,
    defaultName,
    nameReplaced,
    scenario,
    unsaved,
    content,
    blockWarning,
    setGame,
    load,
    loadOfficial,
    startFromScratch,
    markSaved,
    addLevel,
    removeLevel,
    canUndo,
    canRedo,
    undo,
    redo,
    restoredAt,
    dismissRestored,
    draftLoaded,
  };
});
