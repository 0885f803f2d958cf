/**
 * What a person looking at a worksheet cannot see is not data: a hidden row or
 * column, a row or column too thin to read, text drawn in the colour of its background, a number
 * format that shows nothing (`;;;`), a font too small to read — each cell holding something there
 * is named, and the sheet is refused. Formulas are refused too, whatever they compute: a workbook
 * keeps the result of each formula as it was last computed, and a file edited by another program
 * (or by hand) may carry a stale one (`=1+1` saved as 99999); the strict path is taken rather than
 * evaluating a subset of Excel's formulas, and the message asks for values instead.
 */
import ExcelJS from 'exceljs';
import type { SheetProblem } from '@engine';

/** Below this height (points; Excel's default row is 15 pt) a row of text cannot be read. */
export const MIN_ROW_POINTS = 5;
/** Below this width (characters; Excel's default column is 8.43) a column cannot be read. */
const MIN_COLUMN_CHARS = 1;
/** Below this size (points) text cannot be read. */
const MIN_FONT_POINTS = 4;
/** Below this contrast ratio between text and background (WCAG 2.1: 1 = the same colour) text cannot be seen. */
const MIN_CONTRAST = 1.5;
/** Most places named in the message; the others are counted. */
const MAX_NAMED = 10;

type Rgb = readonly [number, number, number];

/** The colour of an Excel colour object, when it can be told without the workbook's theme file. */
function rgbOf(c: (Partial<ExcelJS.Color> & { indexed?: number }) | undefined): Rgb | null {
  if (!c) return null;
  if (typeof c.argb === 'string' && /^[0-9a-f]{8}$/i.test(c.argb)) {
    const n = parseInt(c.argb.slice(2), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const tint = (c as { tint?: number }).tint ?? 0;
  // the Office theme: 0 is « Background 1 » (white), 1 « Text 1 » (black); a tint moves them apart
  if (c.theme === 0 && tint > -0.1) return [255, 255, 255];
  if (c.theme === 1 && tint < 0.1) return [0, 0, 0];
  if (c.indexed === 9 || c.indexed === 65) return [255, 255, 255];
  if (c.indexed === 8 || c.indexed === 64) return [0, 0, 0];
  return null;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.1 contrast ratio of two colours. */
const contrast = (a: Rgb, b: Rgb): number => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

const WHITE: Rgb = [255, 255, 255];

/** Why a cell's text cannot be seen, if it cannot. */
function unseenText(cell: ExcelJS.Cell): { en: string; fr: string } | null {
  if (/^(;){2,3}$/.test(String(cell.numFmt ?? '').replace(/"[^"]*"/g, '')))
    return { en: 'has a number format that shows nothing', fr: 'a un format qui n’affiche rien' };
  const size = cell.font?.size;
  if (typeof size === 'number' && size < MIN_FONT_POINTS)
    return { en: `is written ${size} pt small`, fr: `est écrite en ${String(size).replace('.', ',')} pt` };
  const fill = cell.fill;
  const background =
    fill?.type === 'pattern' && fill.pattern === 'solid'
      ? rgbOf(fill.fgColor)
      : fill?.type === 'pattern' && (fill.pattern as string | undefined) === 'none'
        ? WHITE
        : fill === undefined
          ? WHITE
          : null;
  const text = rgbOf(cell.font?.color) ?? (cell.font?.color === undefined ? ([0, 0, 0] as Rgb) : null);
  if (background && text && contrast(background, text) < MIN_CONTRAST)
    return {
      en: 'is written in the colour of its background',
      fr: 'est écrite de la couleur de son fond',
    };
  return null;
}

const isBlank = (v: ExcelJS.CellValue): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

const list = (items: string[], more: (n: number) => string): string =>
  items.length <= MAX_NAMED
    ? items.join('; ')
    : `${items.slice(0, MAX_NAMED).join('; ')}; ${more(items.length - MAX_NAMED)}`;

/**
 * The problem of a worksheet whose cells holding something include some a person cannot see, or
 * formulas; null when every cell with content is plain, visible data. Reads `rows` × `columns` only.
 */
export function unseenCellsProblem(ws: ExcelJS.Worksheet, rows: number, columns: number): SheetProblem | null {
  const en: string[] = [];
  const fr: string[] = [];
  const formulas: string[] = [];
  const hiddenColumns = new Set<number>();
  for (let c = 1; c <= columns; c++) {
    const col = ws.getColumn(c);
    if (col.hidden || (typeof col.width === 'number' && col.width < MIN_COLUMN_CHARS)) hiddenColumns.add(c);
  }
  const namedColumns = new Set<number>();
  for (let r = 1; r <= rows; r++) {
    const row = ws.getRow(r);
    const filled: ExcelJS.Cell[] = [];
    for (let c = 1; c <= columns; c++) {
      const cell = row.getCell(c);
      if (!isBlank(cell.value)) filled.push(cell);
    }
    if (filled.length === 0) continue;
    if (row.hidden) {
      en.push(`row ${r} is hidden`);
      fr.push(`la ligne ${r} est masquée`);
    } else if (typeof row.height === 'number' && row.height < MIN_ROW_POINTS) {
      en.push(`row ${r} is ${row.height} pt high`);
      fr.push(`la ligne ${r} fait ${String(row.height).replace('.', ',')} pt de haut`);
    }
    for (const cell of filled) {
      if (cell.type === ExcelJS.ValueType.Formula) formulas.push(cell.address);
      const c = Number(cell.col);
      if (hiddenColumns.has(c) && !namedColumns.has(c)) {
        namedColumns.add(c);
        en.push(`column ${cell.address.replace(/\d+$/, '')} is hidden or too narrow to read`);
        fr.push(`la colonne ${cell.address.replace(/\d+$/, '')} est masquée ou trop étroite pour être lue`);
      }
      const why = unseenText(cell);
      if (why) {
        en.push(`cell ${cell.address} ${why.en}`);
        fr.push(`la cellule ${cell.address} ${why.fr}`);
      }
    }
  }
  if (en.length > 0)
    return {
      code: 'unseen-cells',
      row: 0,
      message: `what a person cannot see in the sheet is not imported: ${list(en, (n) => `and ${n} more`)}. Show these cells (or delete them), then save the workbook again`,
      fr: `ce qu'on ne voit pas dans la feuille n'est pas importé : ${list(fr, (n) => `et ${n} de plus`)}. Affichez ces cellules (ou supprimez-les), puis enregistrez de nouveau le classeur`,
    };
  if (formulas.length > 0) {
    const cells = list(formulas, (n) => `+${n}`);
    const one = formulas.length === 1;
    return {
      code: 'formula-cells',
      row: 0,
      message: `${one ? 'cell' : 'cells'} ${cells} ${one ? 'holds a formula' : 'hold formulas'}: the result a workbook saves for a formula may be stale, so it is not read; replace the formulas by their values (Copy, then Paste Special › Values) and save the workbook again`,
      fr: `${one ? 'la cellule' : 'les cellules'} ${cells} ${one ? 'contient une formule' : 'contiennent des formules'} : le résultat qu'un classeur enregistre pour une formule peut être périmé, il n'est donc pas lu ; remplacez les formules par leurs valeurs (Copier, puis Collage spécial › Valeurs) et enregistrez de nouveau le classeur`,
    };
  }
  return null;
}
