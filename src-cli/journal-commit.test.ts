/**
 * An output and its journal entry are made together (`commitJournaled`): the outputs completed
 * under temporary names, the entry appended, then the outputs put under their names, with
 * SIGINT/SIGTERM held from the first step to the last. The mechanism's own cases emit the signal
 * in the process with `process.exit` held; each journaled command is then run as a real process
 * that sends itself SIGTERM at each step (INSTANT_LAB_TEST_SIGTERM_AT), and with a journal that
 * cannot be appended to; and commands racing on one journal take turns by its lock.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatUnitRef, scenarioToJson, verifyJournal } from '@engine';
import type { JournalEntry, JournalWork } from '@engine';
import { AtomicWriter, holdingSignals } from './atomic-file';
import { checkJournalFirst, commitJournaled } from './journal-file';
import { CLI_BUNDLE } from './test-support/cli-bundle';
import { ROOT, cli } from './test-support/run-cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-journal-commit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const work: JournalWork = {
  kind: 'export-verified',
  at: '2026-12-01T09:00:00.000Z',
  app: '0.1.0',
  generator: null,
  inputs: { file: 'x.jsonl', bytes: 6, sha256: 'cd'.repeat(32) },
  outputs: { verdict: 'not-an-export', discrepancies: 0 },
};

/** process.exit held: the code it was asked for, or null. */
function holdExit(): { code: () => number | null } {
  let code: number | null = null;
  vi.spyOn(process, 'exit').mockImplementation(((c?: number) => {
    code ??= c ?? 0;
  }) as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { code: () => code };
}

describe('an output and its journal entry: both or neither', () => {
  it('SIGTERM while the entry is appended is acted on once the report is under its name too', async () => {
    const exit = holdExit();
    const target = join(dir, 'r.html');
    const journal = join(dir, 'j.jsonl');
    const out = await AtomicWriter.open(target);
    await out.write('<p>report</p>');
    const entry = await commitJournaled(out, await checkJournalFirst(journal), work);
    expect(entry?.seq).toBe(1);
    // now the same with the signal in the middle of the held step
    const target2 = join(dir, 'r2.html');
    const out2 = await AtomicWriter.open(target2);
    await out2.write('<p>report 2</p>');
    await holdingSignals(async () => {
      process.emit('SIGTERM');
      expect(exit.code(), 'not acted on within the step').toBeNull();
      return commitJournaled(out2, await checkJournalFirst(journal), { ...work, at: '2026-12-01T09:00:01.000Z' });
    }, 'both written');
    expect(exit.code()).toBe(143);
    expect(await readFile(target2, 'utf8')).toBe('<p>report 2</p>');
    const v = verifyJournal(await readFile(journal));
    expect(v.ok).toBe(true);
    expect(v.rows).toHaveLength(2);
    expect(process.stderr.write).toHaveBeenCalledWith(expect.stringContaining('interrupted (SIGTERM): both written'));
  });

  it('a journal that cannot be appended to leaves no report, said in one line; never an empty journal', async () => {
    holdExit();
    const target = join(dir, 'r3.html');
    const journal = join(dir, 'broken.jsonl');
    // checked before the work (not there yet: a new journal), then written by another program
    const checked = await checkJournalFirst(journal);
    await writeFile(journal, 'not a journal\n');
    const out = await AtomicWriter.open(target);
    await out.write('<p>report 3</p>');
    await expect(commitJournaled(out, checked, work)).rejects.toThrow(
      new RegExp(
        `it changed since it was checked and no longer verifies \\(line 1: .*\\); so "${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" was not written either$`,
      ),
    );
    expect(existsSync(target)).toBe(false);
    expect((await readdir(dir)).filter((n) => n.includes('r3.html'))).toEqual([]);
    expect(await readFile(journal, 'utf8')).toBe('not a journal\n');
  });

  it('SIGTERM outside a held step still removes the partial file at once', async () => {
    const exit = holdExit();
    const target = join(dir, 'r4.html');
    const out = await AtomicWriter.open(target);
    await out.write('partial');
    process.emit('SIGTERM');
    expect(exit.code()).toBe(143);
    expect((await readdir(dir)).filter((n) => n.includes('r4.html'))).toEqual([]);
    await out.abort();
  });
});

describe('several outputs and one entry', () => {
  it('the entry is written once every output is complete, then each is put under its name', async () => {
    holdExit();
    const journal = join(dir, 'several.jsonl');
    const outs = await Promise.all(['s1.jsonl', 's2.jsonl'].map((n) => AtomicWriter.open(join(dir, n))));
    for (const [i, o] of outs.entries()) await o.write(`block ${i}\n`);
    const entry = await commitJournaled(outs, await checkJournalFirst(journal), work);
    expect(entry?.seq).toBe(1);
    expect(await readFile(join(dir, 's2.jsonl'), 'utf8')).toBe('block 1\n');
    expect(verifyJournal(await readFile(journal)).rows).toHaveLength(1);
  });

  it('a name taken meanwhile, after the entry: the entry stays, and the bytes it records are kept and named', async () => {
    holdExit();
    const journal = join(dir, 'taken.jsonl');
    const [a, b] = await Promise.all(['t1.jsonl', 't2.jsonl'].map((n) => AtomicWriter.open(join(dir, n))));
    await a!.write('first\n');
    await b!.write('second\n');
    // another program creates the second name while the work runs (no --force: never replaced)
    await writeFile(join(dir, 't2.jsonl'), 'theirs\n');
    const err = (await commitJournaled([a!, b!], await checkJournalFirst(journal), work).then(
      () => new Error('committed'),
      (e: unknown) => e,
    )) as Error;
    expect(err.message).toMatch(
      /^".*t2\.jsonl" already exists: add --force to replace it; entry 1 of --journal ".*taken\.jsonl" records it, so its bytes are kept: ".*t2\.jsonl" as ".*\.partial" \(check the SHA-256 against the entry, then rename\)$/,
    );
    expect(err.message).not.toContain('\n');
    expect(await readFile(join(dir, 't1.jsonl'), 'utf8')).toBe('first\n');
    expect(await readFile(join(dir, 't2.jsonl'), 'utf8')).toBe('theirs\n');
    const kept = /as "(.*\.partial)"/.exec(err.message)![1]!;
    expect(await readFile(kept, 'utf8')).toBe('second\n');
    expect(verifyJournal(await readFile(journal)).rows).toHaveLength(1);
  });
});

/** A journaled command as a real process; with `step`, it sends itself SIGTERM at that step of the commit. */
function runProcess(args: readonly string[], step?: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, INSTANT_LAB_TEST_SIGTERM_AT: step ?? '' },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const sha256 = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
/** The lines of a stream that say something. */
const said = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

// a Les 3 Gongs unit: its block (300,000 units) is the smallest official block evidence and a case rebuild
const REF = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 29, generatorVersion: 2 });
let table: string;
let exported: string;

/** Each command that takes --journal and writes a file, with its smallest inputs. */
const COMMANDS: readonly { name: string; ext: string; args: (out: string, journal: string) => string[] }[] = [
  {
    name: 'audit',
    ext: 'json',
    args: (out, j) => ['audit', '--table', table, '--seed', '3', '--workers', '1', '--out', out, '--journal', j],
  },
  {
    name: 'export',
    ext: 'jsonl',
    args: (out, j) => ['export', '--table', table, '--seed', '3', '--out', out, '--journal', j],
  },
  {
    name: 'verify --out',
    ext: 'csv',
    args: (out, j) => ['verify', exported, '--workers', '1', '--out', out, '--journal', j],
  },
  {
    name: 'evidence',
    ext: 'zip',
    args: (out, j) => [
      'evidence',
      '--game',
      'les-3-gongs',
      '--stake',
      '0.5',
      '--seed',
      '12',
      '--workers',
      '1',
      '--out',
      out,
      '--journal',
      j,
    ],
  },
  {
    name: 'replay --case',
    ext: 'zip',
    args: (out, j) => [
      'replay',
      REF,
      '--case',
      '--claim',
      'a Bonus of 30 €',
      '--conclusion',
      'a Bonus of 3 €',
      '--out',
      out,
      '--journal',
      j,
    ],
  },
];

describe('each journaled command: its output and its entry, both or neither', () => {
  beforeAll(async () => {
    // a small table: what is checked does not depend on the block's size
    table = join(dir, 'small.json');
    await writeFile(
      table,
      scenarioToJson({
        name: 'petit bloc',
        game: 'les-3-gongs',
        stakeCents: 100,
        blockUnits: 2000,
        levels: [
          { prizeCents: 300_000, lots: 1 },
          { prizeCents: 100, lots: 400 },
        ],
      }),
    );
    exported = join(dir, 'small-export.jsonl');
    expect((await cli('export', '--table', table, '--seed', '3', '--out', exported)).code).toBe(0);
  });

  // before: the work done, not yet committed; then within the held step: before the outputs are
  // completed, before the entry is appended, before the outputs are renamed, once all is done
  const STEPS = ['before', 'complete', 'append', 'publish', 'done'] as const;
  for (const c of COMMANDS)
    it(`${c.name}: SIGTERM at each step leaves both or neither, said in one line`, { timeout: 300_000 }, async () => {
      for (const step of STEPS) {
        const sub = join(dir, `${c.name.replace(/\W+/g, '-')}-${step}`);
        await mkdir(sub);
        const out = join(sub, `out.${c.ext}`);
        const journal = join(sub, 'journal.jsonl');
        const r = await runProcess(c.args(out, journal), step);
        expect(r.code, `${c.name} at ${step}: ${r.stderr}`).toBe(143);
        const lines = said(r.stderr);
        expect(lines, step).toHaveLength(1);
        if (step === 'before') {
          expect(lines[0]).toBe('interrupted (SIGTERM): the partial file was removed');
          expect(await readdir(sub), step).toEqual([]);
          continue;
        }
        expect(lines[0], step).toBe(
          `interrupted (SIGTERM): "${out}" and entry 1 in --journal "${journal}" were written`,
        );
        expect((await readdir(sub)).sort(), step).toEqual(['journal.jsonl', `out.${c.ext}`]);
        const v = verifyJournal(await readFile(journal));
        expect(v.ok).toBe(true);
        expect(v.rows).toHaveLength(1);
        const entry = JSON.parse((await readFile(journal, 'utf8')).trimEnd()) as JournalEntry;
        // the entry names the output, and its SHA-256 when it records one
        expect(JSON.stringify(entry.outputs)).toContain(JSON.stringify(out));
        if (c.ext !== 'csv') expect(entry.outputs).toMatchObject({ sha256: sha256(out) });
      }
    });

  /** Makes `path` a file that cannot be appended to, even by root; false when this system cannot. */
  function unappendable(path: string): boolean {
    if (process.getuid?.() !== 0) return true;
    try {
      execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }

  for (const c of COMMANDS)
    it(
      `${c.name}: a journal that cannot be appended to leaves no output, said in one line`,
      { timeout: 120_000 },
      async () => {
        const sub = join(dir, `${c.name.replace(/\W+/g, '-')}-unappendable`);
        await mkdir(sub);
        const out = join(sub, `out.${c.ext}`);
        // a folder: refused before any work
        const folder = join(sub, 'folder.jsonl');
        await mkdir(folder);
        const f = await cli(...c.args(out, folder));
        expect(f.code).toBe(2);
        expect(said(f.stderr)).toEqual([`error: cannot read --journal "${folder}": not a regular file (a folder)`]);
        expect(existsSync(out)).toBe(false);
        // a read-only journal: the work done, the entry refused, so the output is not put under its name
        const journal = join(sub, 'read-only.jsonl');
        await writeFile(journal, '');
        await chmod(journal, 0o444);
        // root writes through mode bits; where chattr cannot mark the file immutable either, the
        // read-only half cannot be set up and only the folder half above is checked
        if (!unappendable(journal)) return;
        try {
          const r = await cli(...c.args(out, journal));
          expect(r.code, r.stderr).toBe(2);
          expect(said(r.stderr)).toEqual([
            `error: cannot append to --journal "${journal}": permission denied; so "${out}" was not written either`,
          ]);
          expect((await readdir(sub)).sort()).toEqual(['folder.jsonl', 'read-only.jsonl']);
          expect(await readFile(journal, 'utf8')).toBe('');
        } finally {
          if (process.getuid?.() === 0) execFileSync('chattr', ['-i', journal], { stdio: 'ignore' });
        }
      },
    );
});

describe('commands racing on one journal, as real processes', () => {
  it('each waits for the lock held by another and chains after it: every entry present, the chain verifies', async () => {
    const sub = join(dir, 'racing');
    await mkdir(sub);
    const notes = join(sub, 'notes.txt');
    await writeFile(notes, 'hello\n');
    const journal = join(sub, 'j.jsonl');
    // held by the test while every command starts, so whichever reaches the append first waits too;
    // the outcome is the same in any order
    await writeFile(`${journal}.lock`, 'held by the test\n');
    const n = 4;
    const runs = Array.from({ length: n }, () => {
      const child = spawn(process.execPath, [CLI_BUNDLE, 'verify', notes, '--journal', journal], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const spawned = new Promise<void>((resolve, reject) => child.on('spawn', resolve).on('error', reject));
      const closed = new Promise<{ code: number | null; out: string }>((resolve) =>
        child.on('close', (code) => resolve({ code, out })),
      );
      return { spawned, closed };
    });
    await Promise.all(runs.map((r) => r.spawned));
    await rm(`${journal}.lock`);
    const results = await Promise.all(runs.map((r) => r.closed));
    for (const r of results) expect(r.out).toMatch(/^journal: entry \d appended to /m);
    const seqs = results.map((r) => Number(/journal: entry (\d) appended/.exec(r.out)![1]));
    expect(seqs.sort()).toEqual([1, 2, 3, 4]);
    const v = verifyJournal(await readFile(journal));
    expect(v.ok).toBe(true);
    expect(v.entries).toBe(n);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  }, 120_000);
});

describe('SIGINT while waiting for the lock, as a real process', () => {
  it('gives up the wait: nothing appended, the output removed, exit 130 with one line; the lock left to its holder', async () => {
    const sub = join(dir, 'interrupted-wait');
    await mkdir(sub);
    const notes = join(sub, 'notes.txt');
    await writeFile(notes, 'hello\n');
    const journal = join(sub, 'j.jsonl');
    const out = join(sub, 'd.csv');
    // held by this (live) process: the command waits for it, and says so
    const lock = JSON.stringify({ pid: process.pid, host: hostname(), token: 'the-test' }) + '\n';
    await writeFile(`${journal}.lock`, lock);
    const child = spawn(process.execPath, [CLI_BUNDLE, 'verify', notes, '--out', out, '--journal', journal], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const waiting = new Promise<void>((resolve) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('journal: waiting for its lock')) resolve();
      }),
    );
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await waiting;
    expect(stderr).toMatch(/^journal: waiting for its lock ".*j\.jsonl\.lock" \(held by process \d+\)…\n/);
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(
      stderr
        .split('\n')
        .filter((l) => l !== '')
        .slice(1),
    ).toEqual([
      expect.stringMatching(
        /^interrupted \(SIGINT\): nothing was written \(".*d\.csv" removed, --journal ".*j\.jsonl" left as it was\)$/,
      ),
    ]);
    expect((await readdir(sub)).sort()).toEqual(['j.jsonl.lock', 'notes.txt']);
    expect(await readFile(`${journal}.lock`, 'utf8')).toBe(lock);
  }, 120_000);
});
