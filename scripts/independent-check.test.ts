/**
 * `verify` and the independent checker in Python (`scripts/independent_check.py`, check.py in a
 * bundle) read the same files the same way: whole numbers in digits only, references in
 * their one spelling, generators of ours by their exact name (another makes a foreign block), one
 * byte-order mark dropped and a second one refused. Each hostile file gets one verdict from both.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '@engine';
import type { BlockSpec } from '@engine';
import { verifyFile } from '../src-cli/commands/verify';
import { independentCheck } from '../src-cli/test-support/independent-check';

/**
 * What a reader says of a file: refused as no export, a unit line wrong, a line that is no unit
 * (an empty line, no line end at the end) with every unit right, or every unit line right.
 */
type Verdict = 'refused' | 'a unit wrong' | 'a line wrong' | 'units right';

async function verifyVerdict(file: string): Promise<Verdict> {
  const r = (await verifyFile(file)).result;
  if (r.verdict === 'not-an-export') return 'refused';
  if (r.discrepancies.some((d) => d.index !== undefined)) return 'a unit wrong';
  return r.discrepancies.some((d) => d.line !== null) ? 'a line wrong' : 'units right';
}

async function checkVerdict(file: string): Promise<Verdict> {
  const c = await independentCheck(file);
  // never a Python traceback, whatever the file
  expect(c.stderr).not.toMatch(/Traceback/);
  if (c.code === 2) return 'refused';
  const m = /independent check: \d+ units, (\d+) mismatches/.exec(c.stdout);
  expect(m, c.stdout + c.stderr).not.toBeNull();
  if (Number(m![1]) === 0) return 'units right';
  // a unit's fault is said "unit N: …", a fault of a line that is no unit "line N: …"
  return /^unit \d+:/m.test(c.stderr) ? 'a unit wrong' : /^line \d+:/m.test(c.stderr) ? 'a line wrong' : 'units right';
}

function exportLines(spec: BlockSpec, n: number): string[] {
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, n, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return lines;
}

const spec = officialBlock('les-3-gongs', 100, 7, 2);
/** The header and the first 400 units: every reader reports the missing units alike; the edits add to it. */
const head = exportLines(spec, 400);
const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;
/** The first unit line that wins 2 €. */
const k = head.findIndex((l, i) => i > 0 && l.includes('"prize_cents":200,'));
const edit = (at: number, f: (l: string) => string): string[] => head.map((l, i) => (i === at ? f(l) : l));
const header = (f: (h: Record<string, unknown>) => Record<string, unknown>): string[] => [
  JSON.stringify(f(JSON.parse(head[0]!) as Record<string, unknown>)),
  ...head.slice(1),
];

/** `says`: the reason both readers give, in their words alike. */
const CASES: readonly { name: string; bytes: () => Uint8Array | string; verdict: Verdict; says?: RegExp }[] = [
  { name: 'the untouched units', bytes: () => text(head), verdict: 'units right' },
  {
    name: 'a lot written 2e2',
    bytes: () => text(edit(k, (l) => l.replace('"prize_cents":200,', '"prize_cents":2e2,'))),
    verdict: 'a unit wrong',
  },
  {
    name: 'a lot written 200.0',
    bytes: () => text(edit(k, (l) => l.replace('"prize_cents":200,', '"prize_cents":200.0,'))),
    verdict: 'a unit wrong',
  },
  {
    name: 'an index written 1E0',
    bytes: () => text(edit(2, (l) => l.replace('"index":1,', '"index":1E0,'))),
    verdict: 'a unit wrong',
  },
  {
    name: 'a header whose stake is written 100.0',
    bytes: () => text(head).replace('"stake_cents":100,', '"stake_cents":100.0,'),
    verdict: 'refused',
  },
  {
    name: 'a reference with the letter O for a zero',
    bytes: () => text(edit(k, (l) => l.replace(/"ref":"GONG-100-0/, '"ref":"GONG-100-O'))),
    verdict: 'a unit wrong',
  },
  {
    name: 'a reference in lower case',
    bytes: () => text(edit(k, (l) => l.replace(/"ref":"GONG/, '"ref":"gong'))),
    verdict: 'a unit wrong',
  },
  {
    name: 'a version of our generator that does not exist',
    bytes: () => text(header((h) => ({ ...h, generator: 'instant-lab-gen/9' }))),
    verdict: 'refused',
  },
  {
    name: 'another generator, whose references name a block of ours',
    bytes: () => text(header((h) => ({ ...h, generator: 'acme/1' }))),
    verdict: 'units right',
  },
  {
    name: 'another generator, a unit of it showing another lot',
    bytes: () =>
      text(
        header((h) => ({ ...h, generator: 'other-maker 3.2' })).map((l, i) =>
          i === k ? l.replace('"prize_cents":200,', '"prize_cents":500,') : l,
        ),
      ),
    verdict: 'a unit wrong',
  },
  { name: 'one byte-order mark', bytes: () => `\ufeff${text(head)}`, verdict: 'units right' },
  { name: 'two byte-order marks', bytes: () => `\ufeff\ufeff${text(head)}`, verdict: 'refused' },
  {
    name: 'a byte-order mark before a unit line',
    bytes: () => text(edit(k, (l) => `\ufeff${l}`)),
    verdict: 'a unit wrong',
  },
  {
    name: 'UTF-16 with its byte-order mark',
    bytes: () => new Uint8Array(Buffer.from(`\ufeff${text(head)}`, 'utf16le')),
    verdict: 'units right',
  },
  { name: 'CRLF line ends', bytes: () => text(head).replace(/\n/g, '\r\n'), verdict: 'units right' },
  {
    name: 'no line end after the last unit',
    bytes: () => head.join('\n'),
    verdict: 'a line wrong',
    says: /line 401: the file ends without a line end: it may have been cut short/,
  },
  {
    name: 'an empty line at the end',
    bytes: () => `${text(head)}\n`,
    verdict: 'a line wrong',
    says: /line 402: empty line: every line of an export is a header or a unit/,
  },
  {
    name: 'two empty CRLF lines at the end',
    bytes: () => `${text(head).replace(/\n/g, '\r\n')}\r\n\r\n`,
    verdict: 'a line wrong',
    says: /line 403: empty line/,
  },
  {
    name: 'a line of spaces at the end',
    bytes: () => `${text(head)}   \n`,
    verdict: 'a line wrong',
    says: /line 402: empty line/,
  },
  {
    name: 'an empty line between units',
    bytes: () => text(edit(k, (l) => `\n${l}`)),
    verdict: 'a line wrong',
    says: new RegExp(`line ${k + 1}: empty line`),
  },
];

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-parity-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('verify and independent_check.py give one verdict on each hostile file', () => {
  it('the edited unit is a 2 € winner of the block', () => expect(k).toBeGreaterThan(0));
  CASES.forEach((c, n) =>
    it(`${c.name}: ${c.verdict}, by both`, async () => {
      const file = join(dir, `case-${n}.jsonl`);
      await writeFile(file, c.bytes());
      expect(await verifyVerdict(file)).toBe(c.verdict);
      expect(await checkVerdict(file)).toBe(c.verdict);
      if (c.says) {
        const said = (await verifyFile(file)).result.discrepancies.map((d) => d.message);
        expect(said.join('\n')).toMatch(c.says);
        expect((await independentCheck(file)).stderr).toMatch(c.says);
      }
    }),
  );
});
