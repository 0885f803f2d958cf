/**
 * Prize-table spreadsheets as the payout explorer's screen reads them (its worker's handler, run
 * in a child process): a hidden first sheet, zip sizes that lie, damaged XML, CSV in UTF-16 and
 * Windows-1252. Generated at test time with exceljs and fflate.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { officialScenario, scenarioSheets, toCsv } from '@engine';
import type { HostileClass } from './case';

const READ = 'scripts/hostile/read-sheet.ts';

/** The official Les 3 Gongs 0,50 € table as the explorer saves it in French (« ; », decimal commas), without its mark. */
function tableCsv(): string {
  return toCsv(scenarioSheets(officialScenario('les-3-gongs', 50), 'fr')[0]!, 'fr')
    .replace(/^\uFEFF/, '')
    .trimEnd();
}

/** Sets the uncompressed size of `name` in both its local header and the central directory. */
function lieAboutSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const v = new DataView(out.buffer);
  const target = new TextEncoder().encode(name);
  for (let i = 0; i + 46 < out.length; i++) {
    const sig = v.getUint32(i, true);
    const local = sig === 0x04034b50;
    const central = sig === 0x02014b50;
    if (!local && !central) continue;
    const nameLen = v.getUint16(i + (local ? 26 : 28), true);
    const at = i + (local ? 30 : 46);
    if (nameLen !== target.length || !target.every((b, k) => out[at + k] === b)) continue;
    v.setUint32(i + (local ? 22 : 24), size, true);
  }
  return out;
}

async function workbook(hiddenFirst: boolean, edit?: (ws: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  if (hiddenFirst) {
    const hidden = wb.addWorksheet('Ancien tableau');
    hidden.state = 'hidden';
    hidden.addRow(['x']);
  }
  const ws = wb.addWorksheet('Tableau');
  for (const line of tableCsv().split('\r\n')) ws.addRow(line.split(';').map((c) => (/^\d+$/.test(c) ? Number(c) : c)));
  edit?.(ws);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** One more level under the table, 300 € × 5 000 lots, that a person looking at the sheet cannot see. */
function unseenLevel(ws: ExcelJS.Worksheet, how: (row: ExcelJS.Row) => void): void {
  const row = ws.addRow([null, null, null, null, 300, 5000]);
  how(row);
}

export const hostile: HostileClass = {
  name: 'sheets',
  maxRssMb: 400,
  async generate(dir) {
    const plain = await workbook(false);
    writeFileSync(join(dir, 'plain.xlsx'), plain);
    writeFileSync(join(dir, 'hidden-first.xlsx'), await workbook(true));
    // a sheet that inflates to 200 MB from about 200 kB, its sizes declared as 1 kB
    const parts = unzipSync(plain);
    const bomb = new Uint8Array(200 * 1024 * 1024).fill(0x20);
    const big = zipSync({ ...parts, 'xl/worksheets/sheet1.xml': [bomb, { level: 9 }] });
    writeFileSync(join(dir, 'lying-sizes.xlsx'), lieAboutSize(big, 'xl/worksheets/sheet1.xml', 1024));
    // a part that is a little bigger than declared (under every limit)
    writeFileSync(join(dir, 'size-mismatch.xlsx'), lieAboutSize(plain, 'xl/workbook.xml', 10));
    // damaged XML in the sheet: exceljs's own message must not reach the user
    writeFileSync(
      join(dir, 'damaged.xlsx'),
      zipSync({
        ...parts,
        'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData><row r="0"><c r="A0" t="s"><v>99</v></c></row>'),
      }),
    );
    writeFileSync(
      join(dir, 'hidden-row.xlsx'),
      await workbook(false, (ws) => unseenLevel(ws, (r) => (r.hidden = true))),
    );
    writeFileSync(join(dir, 'thin-row.xlsx'), await workbook(false, (ws) => unseenLevel(ws, (r) => (r.height = 0.2))));
    writeFileSync(
      join(dir, 'white-text.xlsx'),
      await workbook(false, (ws) => unseenLevel(ws, (r) => (r.font = { color: { argb: 'FFFFFFFF' } }))),
    );
    writeFileSync(
      join(dir, 'stale-formula.xlsx'),
      await workbook(false, (ws) => (ws.getCell('F3').value = { formula: '1+1', result: 99999 })),
    );
    const csv = tableCsv();
    writeFileSync(join(dir, 'utf8.csv'), `\uFEFF${csv}`);
    // the header row does not say which separator: « ; » and « , » both outside quotes
    writeFileSync(join(dir, 'ambiguous.csv'), `\uFEFF${csv.replace('Unités par bloc', 'Unités, par bloc')}`);
    // two columns separated by « ; » with decimal commas: the commas are no separators
    writeFileSync(join(dir, 'two-columns.csv'), '\uFEFFMontant (€);Lots\r\n7 500,00;1\r\n0,50;100 020\r\n');
    writeFileSync(join(dir, 'utf16.csv'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]));
    writeFileSync(join(dir, 'cp1252.csv'), Buffer.from(csv.replace(/€/g, '\u0080'), 'latin1'));
  },
  cases: [
    {
      name: 'a plain workbook is imported',
      script: READ,
      args: (d) => [join(d, 'plain.xlsx')],
      code: 0,
      stdout: /^imported\n$/,
    },
    {
      name: 'a hidden first sheet is refused by name',
      script: READ,
      args: (d) => [join(d, 'hidden-first.xlsx')],
      code: 2,
      stdout: /^refused: the workbook's first sheet "Ancien tableau" is hidden/,
    },
    {
      name: 'zip sizes that lie: 200 MB declared as 1 kB, refused in bounded memory',
      script: READ,
      args: (d) => [join(d, 'lying-sizes.xlsx')],
      code: 2,
      stdout: /^refused: the workbook inflates to more than 16777216 bytes/,
    },
    {
      name: 'a part bigger than declared',
      script: READ,
      args: (d) => [join(d, 'size-mismatch.xlsx')],
      code: 2,
      stdout:
        /^refused: the file is not a valid XLSX workbook: its archive declares 10 bytes for the part "xl\/workbook\.xml"/,
    },
    {
      name: "damaged XML: our words, never exceljs's",
      script: READ,
      args: (d) => [join(d, 'damaged.xlsx')],
      code: 2,
      stdout: /^refused: the file is not a valid XLSX workbook: [^\n]*\n$/,
    },
    {
      name: 'a hidden row holding a level (300 € × 5 000) is refused, the row named',
      script: READ,
      args: (d) => [join(d, 'hidden-row.xlsx')],
      code: 2,
      stdout: /^refused: what a person cannot see in the sheet is not imported: row 11 is hidden\./,
    },
    {
      name: 'a row 0.2 pt high holding a level is refused, the row named',
      script: READ,
      args: (d) => [join(d, 'thin-row.xlsx')],
      code: 2,
      stdout: /^refused: what a person cannot see in the sheet is not imported: row 11 is 0\.2 pt high\./,
    },
    {
      name: 'white text on white holding a level is refused, its cells named',
      script: READ,
      args: (d) => [join(d, 'white-text.xlsx')],
      code: 2,
      stdout:
        /^refused: what a person cannot see in the sheet is not imported: cell E11 is written in the colour of its background; cell F11 is written/,
    },
    {
      name: 'a formula whose saved result is stale (=1+1 saved as 99999) is refused, values asked for',
      script: READ,
      args: (d) => [join(d, 'stale-formula.xlsx')],
      code: 2,
      stdout:
        /^refused: cell F3 holds a formula: the result a workbook saves for a formula may be stale, so it is not read; replace the formulas by their values/,
    },
    {
      name: 'a CSV header with both « ; » and « , » outside quotes is refused, never guessed',
      script: READ,
      args: (d) => [join(d, 'ambiguous.csv')],
      code: 2,
      stdout:
        /^refused: row 1: the header row holds « ; » and « , » outside quotes, so which one separates the columns cannot be told[^\n]*\n$/,
    },
    {
      name: 'a two-column « ; » CSV with decimal commas names only the columns really missing',
      script: READ,
      args: (d) => [join(d, 'two-columns.csv')],
      code: 2,
      stdout: /^refused: missing columns: Game, Stake \(€\), Units per block \(the header row/,
    },
    {
      name: 'a UTF-8 CSV with its mark',
      script: READ,
      args: (d) => [join(d, 'utf8.csv')],
      code: 0,
      stdout: /^imported\n$/,
    },
    {
      name: 'a UTF-16 CSV is read',
      script: READ,
      args: (d) => [join(d, 'utf16.csv')],
      code: 0,
      stdout: /^imported\n$/,
    },
    {
      name: 'a Windows-1252 CSV is read',
      script: READ,
      args: (d) => [join(d, 'cp1252.csv')],
      code: 0,
      stdout: /^imported\n$/,
    },
  ],
};
