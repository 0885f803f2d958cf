/**
 * The product's one guard against formula injection (OWASP « CSV injection »): text a spreadsheet
 * would take for a formula (starting with =, +, -, @, a tab or a carriage return) is written behind
 * a quote mark, which spreadsheets show as text. Every CSV and XLSX writer puts its text cells
 * through {@link guardFormula}; the app's readers take the mark off again ({@link unguardFormula}).
 *
 * @see https://owasp.org/www-community/attacks/CSV_Injection
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

/** `text` as a spreadsheet cell shows it as text. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text a guarded cell stood for. */
export function unguardFormula(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}
