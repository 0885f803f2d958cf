/**
 * Every reader of an export agrees: each file of the conformance corpus (both games, JSON Lines and
 * CSV) gets its one verdict from `verify`, from the compliance screen's reader (the worker's handler,
 * run here in Node on the file's bytes) and from the independent checker in Python (check.py).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerifyResult } from '@engine';
import { verifyFile } from '../../src-cli/commands/verify';
import { independentCheck } from '../../src-cli/test-support/independent-check';
import { verifyImport } from '../../src-renderer/workers/handlers/compliance';
import { conformanceCorpus } from './corpus';
import type { Verdict } from './corpus';

function verdictOf(r: VerifyResult): Verdict {
  if (r.verdict === 'not-an-export') return 'refused';
  if (r.discrepancies.some((d) => d.index !== undefined)) return 'a unit wrong';
  return r.discrepancies.some((d) => d.line !== null) ? 'a line wrong' : 'units right';
}

async function screenVerdict(bytes: Uint8Array): Promise<Verdict> {
  try {
    return verdictOf(await verifyImport({ file: new Blob([bytes]), regenerate: true }, () => undefined));
  } catch {
    // the worker's decoder refuses bytes that are no text by throwing: the screen says so, no verdict
    return 'refused';
  }
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

const corpus = conformanceCorpus();
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-conformance-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('verify, the screen and check.py give each file of the conformance corpus its one verdict', () => {
  it('covers both games in both formats', () => {
    for (const end of [
      'mine-d-or-valid.jsonl',
      'mine-d-or-valid.csv',
      'les-3-gongs-valid.jsonl',
      'les-3-gongs-valid.csv',
    ])
      expect(corpus.map((c) => c.file)).toContain(end);
  });
  it.each(corpus.map((c) => [c.file, c.verdict, c] as const))('%s: %s', async (_f, _v, c) => {
    const file = join(dir, c.file);
    await writeFile(file, c.bytes);
    const said = {
      verify: verdictOf((await verifyFile(file)).result),
      screen: await screenVerdict(c.bytes),
      check: await checkVerdict(file),
    };
    expect(said).toEqual({ verify: c.verdict, screen: c.verdict, check: c.verdict });
  });
});
