/**
 * The one CSV writer and reader of every sheet the product writes or reads (RFC 4180 quoting, CRLF
 * line ends). A CSV follows the conventions of its language, so that a spreadsheet opens it as it
 * is on a double click: French « ; » between columns and a decimal comma (7500,00 · 15,00%),
 * English « , » and a decimal point (7500.00 · 15.00%); both begin with a UTF-8 byte-order mark,
 * without which Excel reads UTF-8 as its ANSI code page (« Montant (â‚¬) »). Numbers are written
 * with the digits their XLSX format shows ({@link sheetNumberText}), never grouped.
 *
 * Reading takes the convention from the first line (the header row): the separator found there
 * outside quotes says which one, and numbers are then read that way only ({@link readCsvNumber}).
 * A first line with none of « ; », « , » or a tab, or with more than one of them, is refused with
 * one message: the reader never guesses (« 1,500 » is 1.5 in a French file and 1500 in an English
 * one). A tab-separated file (what Excel saves as « Unicode text ») has no decimal convention of
 * its own: its numbers are read as in a workbook's text cells.
 *
 * @see https://www.rfc-editor.org/rfc/rfc4180
 */
import Papa from 'papaparse';
import type { Lang } from '../format/numbers';
import { guardFormula, unguardFormula } from './formula-guard';
import { cellFormat, sheetNumberText } from './sheet-table';
import type { SheetCell, SheetFormat, SheetProblem, SheetTable } from './sheet-table';

/** How the numbers of a CSV are written: French (« ; », decimal comma), English (« , », decimal point), or a tab file's (either). */
export type CsvConvention = 'fr' | 'en' | 'tab';

const SEPARATOR: Readonly<Record<CsvConvention, string>> = { fr: ';', en: ',', tab: '\t' };

function numberText(x: number, format: SheetFormat, lang: Lang): string {
  const t = sheetNumberText(x, format);
  return lang === 'fr' ? t.replace('.', ',') : t;
}

function field(c: SheetCell, format: SheetFormat, lang: Lang): string {
  if (c === null) return '';
  const t = typeof c === 'number' ? numberText(c, format, lang) : guardFormula(c);
  const sep = SEPARATOR[lang];
  return t.includes(sep) || /["\r\n]/.test(t) || t !== t.trim() ? `"${t.replace(/"/g, '""')}"` : t;
}

/** The sheet as the CSV text of `lang`'s convention, byte-order mark first. */
export function toCsv(sheet: SheetTable, lang: Lang): string {
  const sep = SEPARATOR[lang];
  const lines = [sheet.columns.map((c) => field(c, 'text', lang)).join(sep)];
  sheet.rows.forEach((r, k) => lines.push(r.map((c, i) => field(c, cellFormat(sheet, k, i), lang)).join(sep)));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The separators of the first line that stand outside quotes. */
function separatorsOfFirstLine(text: string): Set<string> {
  const found = new Set<string>();
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ';' || ch === ',' || ch === '\t')) found.add(ch);
  }
  return found;
}

export type CsvRead = { ok: true; convention: CsvConvention; grid: string[][] } | { ok: false; problem: SheetProblem };

const CONVENTIONS_EN = '« ; » with decimal commas (French), or « , » with decimal points (English)';
const CONVENTIONS_FR = '« ; » avec la virgule décimale (français), ou « , » avec le point décimal (anglais)';

/**
 * The cells of a CSV text (every cell a string, '' when empty; a leading byte-order mark dropped)
 * and its convention, read from the first line; or the one problem of a first line that does not say it.
 */
export function readCsv(text: string): CsvRead {
  const body = text.replace(/^\uFEFF/, '');
  const seps = separatorsOfFirstLine(body);
  if (seps.size !== 1) {
    const en = [...seps].map((c) => (c === '\t' ? 'tabs' : `« ${c} »`)).join(' and ');
    const fr = [...seps].map((c) => (c === '\t' ? 'des tabulations' : `« ${c} »`)).join(' et ');
    const problem: SheetProblem =
      seps.size === 0
        ? {
            code: 'csv-no-separator',
            row: 1,
            message: `row 1: the header row has no column separator: a CSV table separates its columns with ${CONVENTIONS_EN}`,
            fr: `ligne 1 : la ligne d'en-tête n'a aucun séparateur de colonnes : un tableau CSV sépare ses colonnes par ${CONVENTIONS_FR}`,
          }
        : {
            code: 'csv-ambiguous',
            row: 1,
            message: `row 1: the header row holds ${en} outside quotes, so which one separates the columns cannot be told: save the file with ${CONVENTIONS_EN}, and any text holding the other in quotes`,
            fr: `ligne 1 : la ligne d'en-tête contient ${fr} hors guillemets, on ne peut donc pas savoir lequel sépare les colonnes : enregistrez le fichier avec ${CONVENTIONS_FR}, et tout texte qui contient l'autre entre guillemets`,
          };
    return { ok: false, problem };
  }
  const sep = [...seps][0]!;
  const convention: CsvConvention = sep === ';' ? 'fr' : sep === ',' ? 'en' : 'tab';
  const r = Papa.parse<string[]>(body, { delimiter: sep, skipEmptyLines: false });
  const grid = r.data.map((row) => row.map(unguardFormula));
  // the line end after the last record gives one empty row
  while (grid.length > 0 && grid.at(-1)!.every((c) => c === '')) grid.pop();
  return { ok: true, convention, grid };
}

const SPACES = '[ \\u00a0\\u202f]';
const NUMBER_SYNTAX: Readonly<Record<'fr' | 'en', RegExp>> = {
  // 7500 · 7500,5 · 7 500,00 (space, no-break or narrow no-break space between groups of three)
  fr: new RegExp(`^-?(\\d+|\\d{1,3}(${SPACES}\\d{3})+)(,\\d+)?$`),
  // 7500 · 7500.5 · 7,500.00
  en: /^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/,
};

/**
 * A number of a CSV cell written in the file's convention, as machine digits (« 7 500,00 » in a
 * French file → « 7500.00 »; « 7,500.00 » in an English one → « 7500.00 »); a € sign around it is
 * dropped. Null when the text is no number of that convention (« 7500.00 » in a French file).
 */
export function readCsvNumber(text: string, convention: 'fr' | 'en'): string | null {
  const t = text.trim().replace(new RegExp(`^€${SPACES}?|${SPACES}?€$`, 'g'), '');
  if (!NUMBER_SYNTAX[convention].test(t)) return null;
  return convention === 'fr' ? t.replace(new RegExp(SPACES, 'g'), '').replace(',', '.') : t.replace(/,/g, '');
}
