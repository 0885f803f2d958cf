/**
 * Prize-table spreadsheets as the payout explorer's screen reads them (its worker's handler, run
 * in a child process): a hidden first sheet, zip sizes that lie, damaged XML, CSV in UTF-16 and
 * Windows-1252. Generated at test time with exceljs and fflate.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { officialScenario, scenarioSheets } from '@engine';
import type { HostileClass } from './case';

const READ = 'scripts/hostile/read-sheet.ts';

/** The official Les 3 Gongs 0,50 € table as the explorer saves it (CSV text, semicolons). */
function tableCsv(): string {
  const sheet = scenarioSheets(officialScenario('les-3-gongs', 50), 'fr')[0]!;
  const cell = (c: unknown): string => (c === null || c === undefined ? '' : String(c));
  return [sheet.columns.join(';'), ...sheet.rows.map((r) => r.map(cell).join(';'))].join('\r\n');
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

async function workbook(hiddenFirst: boolean): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  if (hiddenFirst) {
    const hidden = wb.addWorksheet('Ancien tableau');
    hidden.state = 'hidden';
    hidden.addRow(['x']);
  }
  const ws = wb.addWorksheet('Tableau');
  for (const line of tableCsv().split('\r\n')) ws.addRow(line.split(';').map((c) => (/^\d+$/.test(c) ? Number(c) : c)));
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
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
    const csv = tableCsv();
    writeFileSync(join(dir, 'utf8.csv'), `\uFEFF${csv}`);
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
