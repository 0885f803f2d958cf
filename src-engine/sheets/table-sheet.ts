/**
 * A prize table (scenario) as a spreadsheet and back. One row per level: game, stake, block size
 * and name on the first level row (later rows may repeat them, never contradict them), amount in
 * euros and lots on every row, then computed columns marked « (calculé) » / « (computed) » that an
 * import ignores. Headers are read in French or English, so a sheet exported in one language
 * imports in the other. An import lists every problem once, by sheet row
 * (« ligne 7 : … »), and the table-level checks are the scenario's own ({@link validateScenario}:
 * M4/G1 reachability, block size, art. 3).
 */
import type { GameId, StakeCents } from '../rules/types';
import type { Lang } from '../format/numbers';
import { MAX_LEVELS, scenarioTable } from '../explorer/scenario';
import { validateScenario } from '../explorer/scenario-validation';
import { analyseTable } from '../explorer/table-analysis';
import type { Scenario } from '../explorer/scenario';
import { formatEuros } from '../money/format';
import { readCsv, readCsvNumber } from './csv';
import type { CsvConvention } from './csv';
import type { SheetCell, SheetProblem, SheetTable } from './sheet-table';

/** Names of the games as written in a sheet (both languages use them). */
const GAME_NAMES: Record<GameId, string> = { 'mine-d-or': "Mine d'or", 'les-3-gongs': 'Les 3 Gongs' };

type ColumnId = 'game' | 'stake' | 'block' | 'name' | 'amount' | 'lots';

const HEADERS: Record<ColumnId, Record<Lang, string>> = {
  game: { fr: 'Jeu', en: 'Game' },
  stake: { fr: 'Mise (€)', en: 'Stake (€)' },
  block: { fr: 'Unités par bloc', en: 'Units per block' },
  name: { fr: 'Nom', en: 'Name' },
  amount: { fr: 'Montant (€)', en: 'Amount (€)' },
  lots: { fr: 'Lots', en: 'Lots' },
};
const COMPUTED_HEADERS: Record<Lang, string[]> = {
  fr: ['Probabilité (calculé)', 'Part du TRJ (calculé)', 'Contribution au TRJ (calculé)', 'Gain en mises (calculé)'],
  en: ['Probability (computed)', 'RTP share (computed)', 'RTP contribution (computed)', 'Prize in stakes (computed)'],
};
const REQUIRED: readonly ColumnId[] = ['game', 'stake', 'block', 'amount', 'lots'];

/** Header text folded for matching: case, accents, spaces and punctuation do not count. */
const fold = (t: string): string =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Accepted headers of each column: both languages, and the scenario file's field names. */
const ACCEPTED = new Map<string, ColumnId>();
for (const [id, h] of Object.entries(HEADERS) as [ColumnId, Record<Lang, string>][]) {
  for (const t of [h.fr, h.en, id]) ACCEPTED.set(fold(t), id);
}
for (const [alias, id] of [
  ['stakeCents', 'stake'],
  ['stake_eur', 'stake'],
  ['blockUnits', 'block'],
  ['block_units', 'block'],
  ['prize', 'amount'],
  ['amount_eur', 'amount'],
  ['Montant', 'amount'],
  ['Amount', 'amount'],
  ['Mise', 'stake'],
  ['Stake', 'stake'],
  ['Lots par bloc', 'lots'],
  ['Prizes per block', 'lots'],
  ['Prizes', 'lots'],
] as const)
  ACCEPTED.set(fold(alias), id);

const gameOf = (t: string): GameId | null => {
  const f = fold(t);
  return f === 'minedor' ? 'mine-d-or' : f === 'les3gongs' ? 'les-3-gongs' : null;
};

/** The sheets of a valid scenario: its levels (with computed columns) and its exact figures (computed). */
export function scenarioSheets(s: Scenario, lang: Lang): SheetTable[] {
  const a = analyseTable(scenarioTable(s));
  const byAmount = new Map(a.levels.map((l) => [l.prizeCents, l]));
  const ids: ColumnId[] = ['game', 'stake', 'block', 'name', 'amount', 'lots'];
  const levels: SheetTable = {
    name: lang === 'fr' ? 'Tableau de lots' : 'Prize table',
    columns: [...ids.map((id) => HEADERS[id][lang]), ...COMPUTED_HEADERS[lang]],
    formats: ['text', 'euros', 'integer', 'text', 'euros', 'integer', 'probability', 'share', 'rate', 'decimal'],
    rows: s.levels.map((l, i) => {
      const f = byAmount.get(l.prizeCents)!;
      return [
        i === 0 ? GAME_NAMES[s.game] : null,
        i === 0 ? s.stakeCents / 100 : null,
        i === 0 ? s.blockUnits : null,
        i === 0 ? s.name : null,
        l.prizeCents / 100,
        l.lots,
        f.probability,
        f.rtpShare,
        f.rtpContribution,
        f.prizeStakes,
      ];
    }),
  };
  const fr = lang === 'fr';
  // rates in a column shown as %, other figures in another; each row keeps its own format (lots, €)
  const figures: SheetTable = {
    name: fr ? 'Chiffres (calculés)' : 'Figures (computed)',
    columns: fr ? ['Chiffre (calculé)', 'Taux', 'Valeur'] : ['Figure (computed)', 'Rate', 'Value'],
    formats: ['text', 'rate', 'decimal'],
    rowFormats: ['rate', 'rate', 'decimal', 'decimal', 'decimal', 'integer', 'euros', 'rate', 'rate', 'text', 'text'],
    rows: [
      [fr ? 'TRJ' : 'RTP', a.rtp, null],
      [fr ? 'Taux de gain' : 'Hit rate', a.hitRate, null],
      [fr ? 'Une unité gagnante sur' : 'One winning unit in', null, a.oneIn],
      [fr ? 'Écart type (mises)' : 'Standard deviation (stakes)', null, a.sdStakes],
      [fr ? 'Plus gros lot (mises)' : 'Top prize (stakes)', null, a.maxLotStakes],
      [fr ? 'Lots par bloc' : 'Lots per block', null, a.lots],
      [fr ? 'Total payé par bloc (€)' : 'Paid per block (€)', null, a.totalCents / 100],
      [fr ? 'TRJ minimal légal' : 'Legal minimum RTP', a.band.minRtp, null],
      [fr ? 'TRJ maximal légal' : 'Legal maximum RTP', a.band.maxRtp, null],
      [
        fr ? 'Dans la fourchette légale' : 'Inside the legal band',
        null,
        a.insideBand ? (fr ? 'oui' : 'yes') : fr ? 'non' : 'no',
      ],
      [fr ? 'Source de la fourchette' : 'Source of the band', null, a.bandSource],
    ],
  };
  return [levels, figures];
}

export type TableSheetResult = { ok: true; scenario: Scenario } | { ok: false; problems: SheetProblem[] };

/** Shows a cell in a message: its text, or its number the language's way. */
function shown(c: SheetCell, lang: Lang): string {
  if (c === null) return '';
  if (typeof c === 'number') return lang === 'fr' ? String(c).replace('.', ',') : String(c);
  return c.length > 40 ? `${c.slice(0, 40)}…` : c;
}

/**
 * An amount in euros from a cell, in cents; null when it is not one. A number cell is euros; a
 * text cell may be « 7 500,00 € », « 7500.5 », « €7,500.00 » (a comma followed by three digits
 * groups thousands, otherwise it is the decimal comma).
 */
export function readSheetEuros(c: SheetCell): number | null {
  if (typeof c === 'number') {
    const cents = Math.round(c * 100);
    return Number.isSafeInteger(cents) && Math.abs(c * 100 - cents) < 1e-6 ? cents : null;
  }
  if (c === null) return null;
  let t = c.replace(/[\s\u00a0\u202f€]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** A whole number from a cell (« 1 000 000 » as text too); null when it is not one. Negative numbers are kept. */
export function readSheetInteger(c: SheetCell): number | null {
  if (typeof c === 'number') return Number.isSafeInteger(c) ? c : null;
  if (c === null) return null;
  const t = c.replace(/[\s\u00a0\u202f]/g, '');
  return /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : null;
}

const isEmpty = (c: SheetCell | undefined): boolean => c === undefined || c === null || String(c).trim() === '';

/** A cell that is no number in its file's convention: no reader takes it for one. */
const NOT_A_NUMBER = '\u0000';

/** The example amount of the unreadable-amount message, in the file's convention. */
const AMOUNT_EXAMPLE: Readonly<Record<'fr' | 'en' | 'xlsx', { en: string; fr: string }>> = {
  fr: {
    en: 'e.g. 7500,00: a file separated by « ; » writes decimal commas',
    fr: 'ex. 7 500,00 : un fichier séparé par « ; » écrit la virgule décimale',
  },
  en: {
    en: 'e.g. 7500.00: a file separated by « , » writes decimal points',
    fr: 'ex. 7500.00 : un fichier séparé par « , » écrit le point décimal',
  },
  xlsx: { en: 'e.g. 7500.00', fr: 'ex. 7 500,00' },
};

/**
 * Reads a prize table from the cells of a sheet (the first row is the header). Every problem is
 * listed once, by row; a table with any problem gives no scenario. Bounded: a sheet of more than
 * {@link MAX_LEVELS} level rows is refused before any row is read. The numbers of a CSV are read
 * in its `convention` only (French: « 7 500,00 »; English: « 7,500.00 »); a workbook's text cells,
 * and a tab-separated file's, in any of them.
 */
export function readTableSheet(
  grid: readonly (readonly SheetCell[])[],
  convention: CsvConvention | null = null,
): TableSheetResult {
  const strict = convention === 'fr' || convention === 'en' ? convention : null;
  const machine = (c: SheetCell): SheetCell =>
    strict !== null && typeof c === 'string' && c.trim() !== '' ? (readCsvNumber(c, strict) ?? NOT_A_NUMBER) : c;
  const euros = (c: SheetCell): number | null => readSheetEuros(machine(c));
  const integer = (c: SheetCell): number | null => readSheetInteger(machine(c));
  const example = AMOUNT_EXAMPLE[strict ?? 'xlsx'];
  const out: SheetProblem[] = [];
  const file = (code: string, message: string, fr: string): TableSheetResult => ({
    ok: false,
    problems: [{ code, row: 0, message, fr }],
  });
  const at = (row: number, code: string, en: string, fr: string): void => {
    out.push({ code, row, message: `row ${row}: ${en}`, fr: `ligne ${row} : ${fr}` });
  };
  const expected = (lang: Lang): string => REQUIRED.map((id) => HEADERS[id][lang]).join(', ');
  if (grid.length === 0 || grid[0]!.every(isEmpty))
    return file(
      'sheet-empty',
      `the sheet is empty: a header row is expected (${expected('en')}), then one row per prize level`,
      `la feuille est vide : une ligne d'en-tête est attendue (${expected('fr')}), puis une ligne par niveau de lot`,
    );
  // which column holds what: the first column of each name; computed and unknown columns are ignored
  const col = new Map<ColumnId, number>();
  grid[0]!.forEach((h, i) => {
    const id = typeof h === 'string' ? ACCEPTED.get(fold(h)) : undefined;
    if (id && !col.has(id)) col.set(id, i);
  });
  const missing = REQUIRED.filter((id) => !col.has(id));
  if (missing.length > 0)
    return file(
      'columns-missing',
      `missing column${missing.length > 1 ? 's' : ''}: ${missing.map((id) => HEADERS[id].en).join(', ')} (the header row must name ${expected('en')})`,
      `colonne${missing.length > 1 ? 's' : ''} manquante${missing.length > 1 ? 's' : ''} : ${missing.map((id) => HEADERS[id].fr).join(', ')} (la ligne d'en-tête doit nommer ${expected('fr')})`,
    );
  // level rows: every non-empty row after the header, with its row number in the sheet
  const levelRows: { row: number; cells: readonly SheetCell[] }[] = [];
  for (let r = 1; r < grid.length; r++) {
    if (grid[r]!.every(isEmpty)) continue;
    levelRows.push({ row: r + 1, cells: grid[r]! });
    if (levelRows.length > MAX_LEVELS)
      return file(
        'too-many-levels',
        `more than ${MAX_LEVELS} level rows: a table has at most ${MAX_LEVELS} levels`,
        `plus de ${MAX_LEVELS} lignes de niveaux : un tableau compte au plus ${MAX_LEVELS} niveaux`,
      );
  }
  if (levelRows.length === 0)
    return file(
      'no-level',
      'no prize level: one row per level is expected under the header (amount in euros and lots)',
      "aucun niveau de lot : une ligne par niveau est attendue sous l'en-tête (montant en euros et lots)",
    );
  const cell = (cells: readonly SheetCell[], id: ColumnId): SheetCell => {
    const i = col.get(id);
    return i === undefined ? null : (cells[i] ?? null);
  };

  // game, stake, block size and name: given on the first level row, never contradicted below
  const first = levelRows[0]!;
  const table = { game: null as GameId | null, stake: null as StakeCents | null, block: null as number | null };
  const gameCell = cell(first.cells, 'game');
  table.game = typeof gameCell === 'string' ? gameOf(gameCell) : null;
  if (table.game === null)
    at(
      first.row,
      'game',
      `the game “${shown(gameCell, 'en')}” is not “Mine d'or” or “Les 3 Gongs”`,
      `le jeu « ${shown(gameCell, 'fr')} » n'est ni « Mine d'or » ni « Les 3 Gongs »`,
    );
  const stakeCell = cell(first.cells, 'stake');
  const stake = euros(stakeCell);
  if (stake === 50 || stake === 100 || stake === 200) table.stake = stake;
  else
    at(
      first.row,
      'stake',
      `the stake “${shown(stakeCell, 'en')}” is not €0.50, €1.00 or €2.00 (art. 2)`,
      `la mise « ${shown(stakeCell, 'fr')} » n'est ni 0,50 €, ni 1,00 €, ni 2,00 € (art. 2)`,
    );
  const blockCell = cell(first.cells, 'block');
  table.block = integer(blockCell);
  if (table.block === null)
    at(
      first.row,
      'block',
      `the block size “${shown(blockCell, 'en')}” is not a whole number of units`,
      `la taille de bloc « ${shown(blockCell, 'fr')} » n'est pas un nombre entier d'unités`,
    );
  const nameCell = cell(first.cells, 'name');
  const name = nameCell === null ? '' : String(nameCell).trim();
  for (const { row, cells } of levelRows.slice(1)) {
    for (const id of ['game', 'stake', 'block', 'name'] as const) {
      const c = cell(cells, id);
      const f = cell(first.cells, id);
      if (isEmpty(c)) continue;
      const same =
        id === 'game'
          ? typeof c === 'string' && gameOf(c) === table.game
          : id === 'stake'
            ? euros(c) === stake
            : id === 'block'
              ? integer(c) === table.block
              : String(c).trim() === name;
      if (!same)
        at(
          row,
          `${id}-differs`,
          `${HEADERS[id].en} “${shown(c, 'en')}” differs from row ${first.row} (“${shown(f, 'en')}”): a sheet holds one table`,
          `${HEADERS[id].fr} « ${shown(c, 'fr')} » diffère de la ligne ${first.row} (« ${shown(f, 'fr')} ») : une feuille contient un seul tableau`,
        );
    }
  }

  // levels: each cell read, then the scenario's own checks on what could be read
  const seen = new Map<number, number>();
  const levels = levelRows.map(({ row, cells }) => {
    const a = cell(cells, 'amount');
    const cents = euros(a);
    if (isEmpty(a)) at(row, 'amount-missing', 'the amount is missing', 'le montant est manquant');
    else if (cents === null)
      at(
        row,
        'amount-unreadable',
        `the amount “${shown(a, 'en')}” is not an amount in euros (${example.en})`,
        `le montant « ${shown(a, 'fr')} » n'est pas un montant en euros (${example.fr})`,
      );
    else if (cents > 0 && seen.has(cents))
      at(
        row,
        'amount-duplicate',
        `the amount ${formatEuros(cents, 'en')} is already on row ${seen.get(cents)!}`,
        `le montant ${formatEuros(cents, 'fr')} figure déjà à la ligne ${seen.get(cents)!}`,
      );
    else if (cents > 0) seen.set(cents, row);
    const l = cell(cells, 'lots');
    const lots = integer(l);
    if (isEmpty(l)) at(row, 'lots-missing', 'the number of lots is missing', 'le nombre de lots est manquant');
    else if (lots === null)
      at(
        row,
        'lots-unreadable',
        `“${shown(l, 'en')}” is not a number of lots (a whole number, 0 or more)`,
        `« ${shown(l, 'fr')} » n'est pas un nombre de lots (un entier, 0 ou plus)`,
      );
    return { row, prizeCents: cents, lots };
  });
  if (table.game !== null && table.stake !== null) {
    const rowOf = levels.map((l) => l.row);
    // unreadable cells stand in as neutral values; problems about them are the ones above
    const checked = validateScenario({
      name,
      game: table.game,
      stakeCents: table.stake,
      blockUnits: table.block ?? Number.MAX_SAFE_INTEGER,
      levels: levels.map((l) => ({ prizeCents: l.prizeCents ?? 1, lots: l.lots ?? 0 })),
    });
    for (const p of checked) {
      if (p.code === 'amount-duplicate') continue; // said above, by row
      if (p.code === 'block-size' && table.block === null) continue; // said above: unreadable
      if (p.level >= 0 && levels[p.level]!.prizeCents === null && !p.code.startsWith('lots')) continue;
      const strip = (m: string): string => m.replace(/^(level|niveau) \d+ ?: /, '');
      // the engine's English text writes amounts the French way (command line): the English way here
      let en = p.message;
      for (const k of ['amountCents', 'fifthCents']) {
        const c = p.params[k];
        if (typeof c === 'number') en = en.split(formatEuros(c, 'fr')).join(formatEuros(c, 'en'));
      }
      if (p.level >= 0) at(rowOf[p.level]!, p.code, strip(en), strip(p.fr));
      else if (p.code === 'block-size' || p.code === 'shape') at(first.row, p.code, p.message, p.fr);
      else out.push({ code: p.code, row: 0, message: p.message, fr: p.fr });
    }
  }
  if (out.length > 0) return { ok: false, problems: out.sort((x, y) => x.row - y.row) };
  return {
    ok: true,
    scenario: {
      name,
      game: table.game!,
      stakeCents: table.stake!,
      blockUnits: table.block!,
      levels: levels.map((l) => ({ prizeCents: l.prizeCents!, lots: l.lots! })),
    },
  };
}

/** Reads a prize table from a CSV text: its convention from its header row ({@link readCsv}), then its cells. */
export function readTableCsv(text: string): TableSheetResult {
  const c = readCsv(text);
  return c.ok ? readTableSheet(c.grid, c.convention) : { ok: false, problems: [c.problem] };
}
