/**
 * Reads a prize-table spreadsheet as the payout explorer's screen does (its worker's handler:
 * the shared XLSX reader, or the CSV text, then the engine's table reader) and prints the verdict:
 * `imported` (exit 0) or `refused: <message>` (exit 2). For the hostile corpus.
 */
import { readFileSync } from 'node:fs';
import { readTableSheetHandler } from '../../src-renderer/workers/handlers/sheets';

const path = process.argv[2]!;
const bytes = new Uint8Array(readFileSync(path));
const input = /\.csv$/i.test(path) ? { bytes, csv: true as const } : { bytes };
const r = await readTableSheetHandler(input, () => undefined as never);
if (r.ok) process.stdout.write('imported\n');
else process.stdout.write(`refused: ${r.problems.map((p) => p.message).join('; ')}\n`);
process.exitCode = r.ok ? 0 : 2;
