/**
 * A name the user chose (a journal's path, a scenario table's name) is printed as `verify` prints a
 * file name: on one line, its control characters, terminal sequences and bidirectional overrides
 * shown escaped, so that no name can forge a line of the output, colour it or reorder it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnitRef, scenarioToJson } from '@engine';
import type { Scenario } from '@engine';
import { cli } from './test-support/run-cli';
import { oneLine, quotedPath } from './errors';

/** A name that would print a false verdict on a line of its own, in green. */
const HOSTILE = 'x\n verdict: CONFORMING \u001b[32mok\u202e';
const ESCAPED = 'x\\n verdict: CONFORMING \\u001b[32mok\\u202e';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-names-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** No line of `text` starts with the forged verdict, and no raw control or override is left in it. */
function noForgery(text: string): void {
  expect(text).not.toMatch(/^ verdict: CONFORMING/m);
  expect(text).not.toMatch(/[\u001b\u0085\u202e]/);
}

describe('names printed escaped, the way verify prints a file name', () => {
  it('C1 controls and bidirectional overrides are escaped too', () => {
    expect(oneLine('a\u0085b\u009bc\u202ed\u2066e\u200ff')).toBe('a\\u0085b\\u009bc\\u202ed\\u2066e\\u200ff');
    expect(quotedPath('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  it('a journal path in « journal: entry N appended to … » and in `journal verify`', async () => {
    const journal = join(dir, `${HOSTILE}.jsonl`);
    const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 11, generatorVersion: 2 });
    const r = await cli('replay', ref, '--json', '--journal', journal);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^journal: entry 1 appended to ".*" \([0-9a-f]{64}\)\n$/);
    expect(r.stderr).toContain(`${ESCAPED}.jsonl" (`);
    noForgery(r.stderr);

    const v = await cli('journal', 'verify', journal);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout.split('\n')[0]).toBe(`journal: "${join(dir, ESCAPED)}.jsonl"`);
    noForgery(v.stdout);
    const fr = await cli('journal', 'verify', journal, '--lang', 'fr');
    expect(fr.stdout.split('\n')[0]).toBe(`journal : "${join(dir, ESCAPED)}.jsonl"`);
  });

  it("a scenario table's name in simulate's header", async () => {
    const table: Scenario = {
      name: HOSTILE,
      game: 'les-3-gongs',
      stakeCents: 100,
      blockUnits: 2000,
      levels: [
        { prizeCents: 600_000, lots: 1 },
        { prizeCents: 100, lots: 400 },
      ],
    };
    const file = join(dir, 'table.json');
    await writeFile(file, scenarioToJson(table));
    const r = await cli('simulate', '--table', file, '--seed', '5', '--workers', '1');
    expect(r.stderr, r.stderr).toBe('');
    const header = r.stdout.split('\n')[0]!;
    expect(header).toContain(`table: scenario "${ESCAPED}" sha256:`);
    noForgery(r.stdout);
  });
});
