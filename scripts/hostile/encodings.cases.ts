/**
 * Text files in the encodings users' tools save them in, through the command line: an export in
 * UTF-16 (little- and big-endian, with and without its byte-order mark) is read; an export in
 * Windows-1252, or UTF-8 with damaged bytes, is refused by its encoding, never as a missing field;
 * a binary file is not an export; a settings or key file with one byte-order mark is read, with
 * two refused (the second mark is data). Generated at test time from the engine's own writers.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  csvColumns,
  csvRow,
  csvText,
  iterateUnits,
  jsonlHeader,
  jsonlUnit,
  keyFiles,
  newKeyPair,
  officialBlock,
  presentationToJson,
  refOf,
  scenarioToJson,
} from '@engine';
import { CUT_EXPORT, rawZip, smallBundle } from './raw-zip.fixture';
import type { HostileClass } from './case';

const BOM = '\uFEFF';
const spec = officialBlock('les-3-gongs', 50, 7);

/** The JSONL export of units `0…units − 1` of the block (all of it when `units` is its size). */
function jsonl(units: number): string {
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, units, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return `${lines.join('\n')}\n`;
}

/** UTF-16 big-endian bytes of `text` (Node writes only little-endian). */
function utf16be(text: string): Buffer {
  const b = Buffer.from(text, 'utf16le');
  b.swap16();
  return b;
}

const PARTIAL = 20;
/** What a truncated export read right says: its units were all read, the block ends early. */
const readButTruncated = new RegExp(`the file ends after ${PARTIAL} units \\(last index`);
const gongs = ['--game', 'les-3-gongs', '--stake', '0.5', '--seed', '7'];

const SMALL_TABLE = {
  name: 'small',
  game: 'les-3-gongs' as const,
  stakeCents: 100 as const,
  blockUnits: 2000,
  levels: [
    { prizeCents: 300_000, lots: 1 },
    { prizeCents: 100, lots: 400 },
  ],
};

const SIGNED =
  /^journal: the report carries its checkpoint at 0 entries, root [0-9a-f]{64}, signed by key [0-9a-f:]{79}$/m;

/** An audit of the small table signed with the key file `KEY.key`: its journal's checkpoint is signed. */
const signedAudit = (d: string, key: string): string[] => [
  ...['audit', '--table', join(d, 'small-table.json'), '--seed', '3', '--workers', '1'],
  ...['--journal', join(d, `${key}.journal.jsonl`), '--sign', join(d, `${key}.key`), '--out', join(d, `${key}.json`)],
];

export const hostile: HostileClass = {
  name: 'encodings',
  maxRssMb: 400,
  generate(dir) {
    const whole = jsonl(spec.table.blockUnits);
    writeFileSync(join(dir, 'utf16le.jsonl'), Buffer.from(BOM + whole, 'utf16le'));
    const part = jsonl(PARTIAL);
    writeFileSync(join(dir, 'utf16be.jsonl'), utf16be(BOM + part));
    writeFileSync(join(dir, 'utf16le-no-mark.jsonl'), Buffer.from(part, 'utf16le'));
    // a CSV export opened and saved again by a spreadsheet on Windows, with one accented word in it
    const rows: (string | number)[][] = [];
    iterateUnits(spec, 0, PARTIAL, (i, prize, view) => rows.push(csvRow(i, refOf(spec, i), prize, view)));
    rows[3]![1] = 'réf. à vérifier';
    writeFileSync(join(dir, 'cp1252.csv'), Buffer.from(csvText(rows, csvColumns(spec.game)), 'latin1'));
    // UTF-8 with one damaged character (a é cut in two) after text beyond ASCII
    const lines = part.split('\n');
    const damaged = Buffer.concat([
      Buffer.from(`${lines.slice(0, 3).join('\n')}\n`, 'utf8'),
      Buffer.from('{"index":2,"ref":"é', 'utf8'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(`"}\n${lines.slice(4).join('\n')}`, 'utf8'),
    ]);
    writeFileSync(join(dir, 'damaged-utf8.jsonl'), damaged);
    // an image given as an export: no text in any encoding
    writeFileSync(join(dir, 'image.jsonl'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)));
    // presentation settings as the simulation screen saves them, with one and with two marks
    const settings = presentationToJson({
      game: 'les-3-gongs',
      stakeCents: null,
      generatorVersion: 2,
      m6Strict: false,
      weights: undefined,
    });
    writeFileSync(join(dir, 'one-bom.presentation.json'), BOM + settings);
    writeFileSync(join(dir, 'two-bom.presentation.json'), BOM + BOM + settings);
    // key files saved by an editor that adds a mark; the private one left readable by others
    const key = newKeyPair();
    const files = keyFiles(key);
    writeFileSync(join(dir, 'bundle.zip'), rawZip(smallBundle(key).entries));
    writeFileSync(join(dir, 'one-bom.key.pub'), BOM + files.public);
    writeFileSync(join(dir, 'two-bom.key.pub'), BOM + BOM + files.public);
    writeFileSync(join(dir, 'one-bom.key'), BOM + files.secret, { mode: 0o600 });
    writeFileSync(join(dir, 'two-bom.key'), BOM + BOM + files.secret, { mode: 0o600 });
    writeFileSync(join(dir, 'open.key'), files.secret);
    chmodSync(join(dir, 'open.key'), 0o644);
    // what a key file read signs: a small table's audit report, its journal's checkpoint (evidence and
    // replay --case read the key with the same code; a whole bundle would add a block's work, no check)
    writeFileSync(join(dir, 'small-table.json'), scenarioToJson(SMALL_TABLE));
  },
  cases: [
    {
      name: 'a whole block exported in UTF-16 LE with its mark: read, CONFORMING',
      args: (d) => ['verify', join(d, 'utf16le.jsonl')],
      code: 0,
      stdout: /verdict: CONFORMING/,
      timeoutMs: 120_000,
    },
    {
      name: 'an export in UTF-16 BE with its mark: every unit read',
      args: (d) => ['verify', join(d, 'utf16be.jsonl')],
      code: 1,
      stdout: readButTruncated,
    },
    {
      name: 'an export in UTF-16 LE without a mark: read by its zero bytes',
      args: (d) => ['verify', join(d, 'utf16le-no-mark.jsonl')],
      code: 1,
      stdout: readButTruncated,
    },
    {
      name: 'a CSV export saved in Windows-1252: refused by its encoding, not as a missing field',
      args: (d) => ['verify', join(d, 'cp1252.csv')],
      code: 2,
      stderr:
        /^error: ".*cp1252\.csv": the file is not UTF-8 text \([^\n]*\): it looks like Windows-1252 or Latin-1; save it as UTF-8 \(or UTF-16\) and try again\n$/,
    },
    {
      name: 'UTF-8 with a damaged character: refused as damaged UTF-8',
      args: (d) => ['verify', join(d, 'damaged-utf8.jsonl')],
      code: 2,
      stderr:
        /^error: ".*damaged-utf8\.jsonl": the file is UTF-8 text with bytes that are not UTF-8 at byte \d+ \(a damaged file, or text in two encodings\)[^\n]*\n$/,
    },
    {
      name: 'binary data: not an export, not an encoding',
      args: (d) => ['verify', join(d, 'image.jsonl')],
      code: 2,
      stdout:
        /\nverdict: NOT AN EXPORT: line 1: holds binary data \(control bytes or bytes that are not UTF-8\): not a text export\n/,
    },
    {
      name: 'presentation settings with two byte-order marks: refused, as on screen',
      args: (d) => ['simulate', ...gongs, '--presentation', join(d, 'two-bom.presentation.json')],
      code: 2,
      stderr:
        /^error: --presentation ".*two-bom\.presentation\.json" is refused: not JSON read one way only: unexpected byte-order mark \(U\+FEFF\): a file starts with one at most, and this one is data \(at character 1\)\n$/,
    },
    {
      name: 'presentation settings with one byte-order mark: read',
      args: (d) => ['simulate', ...gongs, '--presentation', join(d, 'one-bom.presentation.json')],
      code: 0,
      stdout: /les-3-gongs|Les 3 Gongs/,
      timeoutMs: 120_000,
    },
    {
      // the key read and the signature pinned to it: the one failure left is the bundle's cut export
      name: 'a public key file with one byte-order mark: read, the bundle pinned to it',
      args: (d) => ['verify-bundle', join(d, 'bundle.zip'), '--pub', join(d, 'one-bom.key.pub')],
      code: 1,
      stdout: CUT_EXPORT,
    },
    {
      name: 'a public key file with two byte-order marks: refused naming why',
      args: (d) => ['verify-bundle', join(d, 'bundle.zip'), '--pub', join(d, 'two-bom.key.pub')],
      code: 2,
      stderr:
        /^error: ".*two-bom\.key\.pub" is not a public key file: [^\n]*; it is not JSON read one way only: [^\n]*\n$/,
    },
    {
      name: 'a private key file with two byte-order marks: refused naming why',
      args: (d) => ['evidence', ...gongs, '--sign', join(d, 'two-bom.key'), '--out', join(d, 'two-bom.zip')],
      code: 2,
      stderr: /^error: ".*two-bom\.key" is not a private key file: [^\n]*; it is not JSON read one way only: [^\n]*\n$/,
    },
    {
      name: 'a private key file with one byte-order mark signs, without a word',
      args: (d) => signedAudit(d, 'one-bom'),
      code: 0,
      stdout: SIGNED,
      stderr: /^$/,
    },
    {
      name: 'a private key file others can read (0644) signs, with one warning line as ssh gives',
      args: (d) => signedAudit(d, 'open'),
      code: 0,
      stdout: SIGNED,
      stderr:
        /^warning: private key file ".*open\.key" has mode 0644: its group or others can read it, and whoever reads it can sign bundles in your name; run `chmod 600 ".*open\.key"`\n$/,
      timeoutMs: 180_000,
    },
  ],
};
