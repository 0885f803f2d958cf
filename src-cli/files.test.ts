/**
 * The command line: every write through one atomic writer, errors as one line and
 * exit 2, signals and killed runs, --force, repeated flags and --table.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { officialScenario, scenarioToJson } from '@engine';
import type { AuditReport, Scenario } from '@engine';
import { NAME_MAX, temporaryPath } from './atomic-file';
import { CLI_BUNDLE } from './test-support/cli-bundle';
import { cli } from './test-support/run-cli';

const ROOT = join(import.meta.dirname, '..');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The command line in one process (no wrapper between it and the signals this file sends). */
function start(args: string[]) {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Waits (polling the folder) until the run's temporary file holds some data. */
async function partialAppears(dir: string): Promise<string> {
  for (;;) {
    const names = await readdir(dir);
    const p = names.find((n) => n.endsWith('.partial'));
    if (p && readFileSync(join(dir, p)).length > 0) return p;
    await delay(20);
  }
}

/**
 * A small Les 3 Gongs table at €1, written once: what this file checks of a write (its path, its
 * name, --force, a leftover) does not depend on the block's size.
 */
const small: Scenario = {
  name: 'petit bloc',
  game: 'les-3-gongs',
  stakeCents: 100,
  blockUnits: 2000,
  levels: [
    { prizeCents: 600_000, lots: 1 },
    { prizeCents: 100, lots: 400 },
  ],
};
const smallTable = join(mkdtempSync(join(tmpdir(), 'files-table-')), 'small.json');
writeFileSync(smallTable, scenarioToJson(small));

const oneErrorLine = (r: { code: number | null; stderr: string }, pattern: RegExp): void => {
  expect(r.code).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
  expect(lines[0]).toMatch(pattern);
};

describe('the atomic writer', () => {
  it('audit --out into a folder that does not exist: one line, exit 2, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const r = await cli('audit', '--table', smallTable, '--seed', '1', '--out', join(dir, 'no', 'r.json'));
    oneErrorLine(r, /cannot write ".*r\.json": its folder does not exist \(nothing was written\)$/);
  });

  it('a temporary name never pushes a legal name over NAME_MAX, and keeps naming its target', () => {
    for (const name of ['r.json', `${'a'.repeat(251)}.csv`, `${'é'.repeat(125)}.csv`]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(NAME_MAX);
      const tmp = basename(temporaryPath(join('/x', name), '4294967295-ffffffffffff'));
      expect(Buffer.byteLength(tmp)).toBeLessThanOrEqual(NAME_MAX);
      expect(tmp.startsWith(`.${name.slice(0, 5)}`)).toBe(true);
    }
  });

  it('export to a legal 250-character name succeeds; a 256-byte name is one line and exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const long = `${'a'.repeat(246)}.csv`;
    const ok = await cli('export', '--table', smallTable, '--seed', '3', '--out', join(dir, long));
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(readdirSync(dir)).toEqual([long]);
    const tooLong = `${'a'.repeat(252)}.json`;
    const r = await cli('audit', '--table', smallTable, '--seed', '1', '--out', join(dir, tooLong));
    oneErrorLine(r, /its name is too long \(at most 255 bytes per name\)/);
  });

  it('an existing --out is kept unless --force is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const out = join(dir, 'b.csv');
    writeFileSync(out, 'mine');
    const r = await cli('export', '--table', smallTable, '--seed', '3', '--out', out);
    oneErrorLine(r, /"[^"]*b\.csv" already exists: add --force to replace it/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    const f = await cli('export', '--table', smallTable, '--seed', '3', '--out', out, '--force');
    expect(f.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^index,ref,prize_cents,gong_1/);
    expect(readdirSync(dir)).toEqual(['b.csv']);
  });

  it('SIGTERM during an export of 1,000,000 units leaves no file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const run = start(['export', '--game', 'mine-d-or', '--stake', '1', '--seed', '5', '--out', join(dir, 'm.jsonl')]);
    await partialAppears(dir);
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect(r.code).toBe(143);
    expect(r.stderr).toMatch(/interrupted \(SIGTERM\): the partial file was removed/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('SIGINT during an audit leaves no file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const run = start([
      'audit',
      '--game',
      'mine-d-or',
      '--stake',
      '1',
      '--seed',
      '5',
      '--workers',
      '1',
      '--out',
      join(dir, 'r.html'),
    ]);
    for (;;) {
      if ((await readdir(dir)).some((n) => n.endsWith('.partial'))) break;
      await delay(20);
    }
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(130);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('kill -9 leaves nothing under the target name, and the next run removes the leftover and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'files-'));
    const out = join(dir, 'm.jsonl');
    const run = start(['export', '--game', 'mine-d-or', '--stake', '1', '--seed', '5', '--out', out]);
    const partial = await partialAppears(dir);
    run.child.kill('SIGKILL');
    expect((await run.done).signal).toBe('SIGKILL');
    expect(readdirSync(dir)).toEqual([partial]);
    const next = await cli('export', '--table', smallTable, '--seed', '3', '--out', out);
    expect(next.code).toBe(0);
    expect(next.stderr).toBe(`removed "${partial}", left by an interrupted earlier run\n`);
    expect(readdirSync(dir)).toEqual(['m.jsonl']);
  });
});

describe('scenario tables on the command line (--table)', () => {
  const tableFile = (text: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'table-'));
    const path = join(dir, 't.json');
    writeFileSync(path, text);
    return path;
  };

  // golden: the official table, read from a file, gives the official block's golden digest
  it('simulate --table of the official table reproduces the official block’s digest (R1)', async () => {
    const path = tableFile(scenarioToJson(officialScenario('les-3-gongs', 50)));
    const r = await cli(
      'simulate',
      '--table',
      path,
      '--seed',
      '7',
      '--generator-version',
      '1',
      '--workers',
      '1',
      '--json',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { blocks: { digest: string; audit: { ok: boolean } }[] };
    expect(j.blocks[0]!.audit.ok).toBe(true);
    expect(j.blocks[0]!.digest).toBe('a2bfb0ee9738f8dd56dad655f9d4b2273e447ff5cf7763b2ece46aa1f470dca6');
  });

  it('simulate --table of a scenario names it, with its digest, and never calls its counts official', async () => {
    // a small table: the names and labels, not the block, are what this test reads
    const s: Scenario = { ...small, name: 'double top', levels: small.levels.map((l) => ({ ...l })) };
    s.levels[0]!.prizeCents *= 2;
    const path = tableFile(scenarioToJson(s));
    const [json, text] = await Promise.all([
      cli('simulate', '--table', path, '--seed', '2', '--workers', '1', '--json'),
      cli('simulate', '--table', path, '--seed', '2', '--workers', '1'),
    ]);
    expect(json.code).toBe(0);
    const j = JSON.parse(json.stdout) as {
      table: { kind: string; name: string; sha256: string };
      blocks: { levels: Record<string, number>[] }[];
    };
    expect(j.table).toMatchObject({ kind: 'scenario', name: 'double top' });
    expect(j.table.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(j.blocks[0]!.levels[0]!).sort()).toEqual(['prize_cents', 'scenario', 'simulated']);
    expect(text.stdout).toContain(`table: scenario "double top" sha256:${j.table.sha256}`);
  });

  it('export --table names the table in the header and labels units as the replay screen does', async () => {
    // a small table: the header and the labels, not the block, are what this test reads
    const s: Scenario = { ...small, name: 'double top', levels: small.levels.map((l) => ({ ...l })) };
    s.levels[0]!.prizeCents *= 2;
    const dir = mkdtempSync(join(tmpdir(), 'table-'));
    const out = join(dir, 'x.jsonl');
    const r = await cli('export', '--table', tableFile(scenarioToJson(s)), '--stake', '1', '--seed', '2', '--out', out);
    expect(r.code).toBe(0);
    const [head, first] = readFileSync(out, 'utf8').split('\n', 2);
    const h = JSON.parse(head!) as { table: { name: string; levels: { prize_cents: number }[] } };
    expect(h.table.name).toBe('double top');
    expect(h.table.levels[0]!.prize_cents).toBe(1_200_000);
    expect(JSON.parse(first!)).toMatchObject({ index: 0, ref: 'SCENARIO-2-0' });
  });

  it('audit --table reports on the table’s blocks, reconciled with the table (art. 3, R4)', async () => {
    const s: Scenario = {
      name: 'petit bloc',
      game: 'les-3-gongs',
      stakeCents: 50,
      blockUnits: 2000,
      levels: [
        { prizeCents: 300_000, lots: 1 },
        { prizeCents: 50, lots: 400 },
      ],
    };
    const dir = mkdtempSync(join(tmpdir(), 'table-'));
    const out = join(dir, 'r.json');
    const r = await cli(
      'audit',
      '--table',
      tableFile(scenarioToJson(s)),
      '--seed',
      '4',
      '--workers',
      '1',
      '--out',
      out,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as AuditReport;
    expect(report.identity).toMatchObject({ tableSource: 'petit bloc', unitsPerBlock: 2000, seeds: [4] });
    expect(report.summary.allAuditsPass).toBe(true);
    // 300 000 + 400 × 50 cents paid for 2 000 × 50 cents staked
    expect(report.summary.rtp).toBeCloseTo((300_000 + 400 * 50) / (2000 * 50), 12);
  });

  it.for([
    [
      'a table the explorer refuses, with the explorer’s words',
      () => {
        const s = officialScenario('mine-d-or', 50);
        s.levels.push({ prizeCents: 30, lots: 5 }, { prizeCents: 1e21, lots: 1 });
        return ['simulate', '--table', tableFile(scenarioToJson(s))];
      },
      /--table ".*t\.json" is refused: level 13: no combination of gains \(art\. 4\.4–4\.6, M4\) adds up to €0\.30; level 14: 1e\+21 cents is too large to count exactly/,
    ],
    [
      'a file over 1 MiB, refused before it is parsed',
      () => ['audit', '--table', tableFile(' '.repeat(2 * 1024 * 1024)), '--out', 'x.json'],
      /--table ".*": the file holds 2097152 bytes: a scenario file holds at most 1048576 bytes/,
    ],
    [
      'a table file that does not exist',
      () => ['export', '--table', '/nonexistent/t.json', '--seed', '1', '--out', 'x.csv'],
      /cannot read --table "\/nonexistent\/t\.json": it does not exist/,
    ],
    [
      '--game with --table',
      () => [
        'simulate',
        '--game',
        'mine-d-or',
        '--table',
        tableFile(scenarioToJson(officialScenario('mine-d-or', 50))),
      ],
      /--game and --table cannot both be given/,
    ],
    [
      'a --stake that is not the table’s',
      () => ['simulate', '--stake', '2', '--table', tableFile(scenarioToJson(officialScenario('mine-d-or', 50)))],
      /--stake €2\.00 is not the stake of --table ".*" \(€0\.50\)/,
    ],
  ] as const)('refuses %s: one line, exit 2', async ([, args, pattern]) => {
    oneErrorLine(await cli(...args()), pattern);
  });
});
