/**
 * The what-if table being edited in the payout explorer (as typed: amounts in euros
 * « 15 000,00 »), its problems, its identity ({@link tableKey}) and its exact figures, which exist
 * only while the table is valid: an invalid table shows no figure at all (issue 9).
 */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import {
  analyseTable,
  isOfficialTable,
  officialScenario,
  officialTable,
  scenarioTable,
  tableKey,
} from '../../../src-engine/index';
import type { GameId, Lang, PrizeTable, Scenario, StakeCents, TableAnalysis } from '../../../src-engine/index';
import { centsToText, editProblems, readAmount, rowsOf, scenarioOfInput } from '../../domain/explorer/table-input';
import type { EditProblem, LevelRow } from '../../domain/explorer/table-input';
import { defaultScenarioName, isOfficialName, scenarioName } from '../../domain/explorer/scenario-name';
import { i18n } from '../../i18n';

export type { EditProblem, LevelRow };

/** The interface language, for the default name of a scenario. */
const currentLang = (): Lang => ((i18n.global.locale as unknown as { value: string }).value === 'en' ? 'en' : 'fr');

export const useExplorerTableStore = defineStore('explorer-table', () => {
  /** The name the user typed; empty means the default name (official, or « Scénario — … (modifié) »). */
  const name = ref('');
  const game = ref<GameId>('mine-d-or');
  const stakeCents = ref<StakeCents>(50);
  const blockUnits = ref('1000000');
  const rows = ref<LevelRow[]>([]);
  /** Content of the last saved/opened/loaded table: the table is "unsaved" when it differs. */
  const savedContent = ref('');
  /** The language amounts are typed in: the interface's. */
  const lang = computed<Lang>(() => currentLang());

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
  // A language switch rewrites the amounts the new language's way (« 15 000,00 » ↔ « 15,000.00 »).
  watch(lang, (now, before) => {
    for (const r of rows.value) {
      const c = readAmount(r.amount, before);
      if (!Number.isNaN(c) && c >= 0) r.amount = centsToText(c, now);
    }
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

  /** The default name of this table (official, or a modified scenario), in both languages. */
  const defaultName = computed(() => defaultScenarioName(game.value, stakeCents.value, isOfficial.value));
  /** Whether the typed name is an official table's name while the table is not official: it is then replaced. */
  const nameReplaced = computed(
    () => !isOfficial.value && name.value.trim() !== '' && isOfficialName(name.value, game.value, stakeCents.value),
  );
  /** The scenario as typed, under the name it goes by. */
  const scenario = computed<Scenario>(() => ({
    ...typed.value,
    name: scenarioName(name.value, game.value, stakeCents.value, isOfficial.value, currentLang()),
  }));
  const unsaved = computed(() => content.value !== savedContent.value);

  /** Loads a scenario into the editor; `typedName` is the name field ('' for the default name). */
  function load(s: Scenario, typedName = s.name): void {
    name.value = typedName;
    game.value = s.game;
    stakeCents.value = s.stakeCents;
    blockUnits.value = String(s.blockUnits);
    rows.value = rowsOf(s, lang.value);
    markSaved();
  }

  function loadOfficial(g: GameId, st: StakeCents): void {
    load(officialScenario(g, st), '');
  }

  function startFromScratch(g: GameId, st: StakeCents): void {
    const t = officialTable(g, st);
    load({ name: '', game: g, stakeCents: st, blockUnits: t.blockUnits, levels: [] }, '');
    rows.value = [{ amount: '', lots: '' }];
  }

  /** The table as it is now counts as saved. */
  function markSaved(): void {
    savedContent.value = content.value;
  }

  loadOfficial('mine-d-or', 50);

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
    load,
    loadOfficial,
    startFromScratch,
    markSaved,
  };
});
