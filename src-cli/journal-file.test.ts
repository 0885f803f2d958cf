/**
 * The command line's journal file against a careless or hostile user: the journal given as an
 * input or as the output, a forged line of bytes that are not UTF-8, appends racing (they wait their turn), a path
 * that cannot be written.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, utimesSync } from 'node:fs';
import { chmod, link, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryLine, nextEntry, verifyJournal } from '@engine';
import type { JournalTip, JournalWork } from '@engine';
import { appendJournal, checkJournalFirst } from './journal-file';
import { lockJournal, lockPathOf } from './journal-lock';
import { cli } from './test-support/run-cli';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-journal-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const work = (i: number, file = `export-${i}.jsonl`): JournalWork => ({
  kind: 'export-verified',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
  app: '0.1.0',
  generator: null,
  inputs: { file, bytes: 6, sha256: 'cd'.repeat(32) },
  outputs: { verdict: 'not-an-export', discrepancies: 0 },
});

function journalText(n: number): string {
  let tip: JournalTip | null = null;
  let text = '';
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    text += entryLine(e);
    tip = e;
  }
  return text;
}

describe('--journal FILE is never an input nor the output', () => {
  it('verify X --journal X and verify Y --out J.csv --journal J.csv are refused, the journal left as it was', async () => {
    const notes = join(dir, 'notes.jsonl');
    await writeFile(notes, 'hello\n');
    const asInput = join(dir, 'as-input.jsonl');
    await writeFile(asInput, journalText(2));
    const a = await cli('verify', asInput, '--journal', asInput);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(
      /^error: --journal ".*as-input\.jsonl" is the file read as the input ".*as-input\.jsonl": the journal is appended to, and an input is never changed; choose another journal file \(nothing was done\)\n$/,
    );
    expect(await readFile(asInput, 'utf8')).toBe(journalText(2));
    // a journal may have any name: here one the discrepancies CSV would have replaced
    const asOut = join(dir, 'as-out.csv');
    await writeFile(asOut, journalText(3));
    const b = await cli('verify', notes, '--out', asOut, '--force', '--journal', asOut);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(
      /^error: ".*as-out\.csv" is the file read as --journal ".*as-out\.csv": an output never replaces an input, even with --force/,
    );
    expect(await readFile(asOut, 'utf8')).toBe(journalText(3));
  }, 60_000);
});

describe('journal verify reads bytes one way', () => {
  it('a line that is not UTF-8, hashed as if read with a replacement character, does not verify', async () => {
    const first = nextEntry(null, work(0));
    const forged = nextEntry(first, work(1, 'export-\uFFFD.jsonl'));
    const utf8 = Buffer.from(entryLine(first) + entryLine(forged));
    const at = utf8.indexOf(Buffer.from('\uFFFD'));
    const file = join(dir, 'forged.jsonl');
    await writeFile(file, Buffer.concat([utf8.subarray(0, at), Buffer.from([0xff]), utf8.subarray(at + 3)]));
    const r = await cli('journal', 'verify', file);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('first broken entry: line 2: not UTF-8 text (altered or damaged)');
  }, 60_000);
});

describe('appending to the journal', () => {
  it('appends racing on one file wait their turn: each chained after the one before, none lost', async () => {
    const file = join(dir, 'race.jsonl');
    const lock = `${file}.lock`;
    await writeFile(file, journalText(1));
    // every appender checked the same journal of one entry, then finds the lock held (by the test)
    await writeFile(lock, 'held by the test\n');
    const n = 8;
    const checks = await Promise.all(Array.from({ length: n }, () => checkJournalFirst(file)));
    const queued = new Set<number>();
    let allQueued = (): void => undefined;
    const waiting = new Promise<void>((resolve) => (allQueued = resolve));
    const appends = checks.map((c, i) =>
      appendJournal(c!, work(i + 1), {
        onWait: () => {
          queued.add(i);
          if (queued.size === n) allQueued();
        },
      }),
    );
    await waiting;
    expect(await readFile(file, 'utf8'), 'nothing appended while the lock is held').toBe(journalText(1));
    await rm(lock);
    const entries = await Promise.all(appends);
    expect(entries.map((e) => e.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 2));
    const v = verifyJournal(await readFile(file));
    expect(v.ok).toBe(true);
    expect(v.entries).toBe(1 + n);
    expect(existsSync(lock), 'the lock is released').toBe(false);
  });

  it('a lock held past the wait is one line naming it; the journal is left as it was', async () => {
    const file = join(dir, 'held.jsonl');
    await writeFile(file, journalText(1));
    await writeFile(`${file}.lock`, 'held by the test\n');
    let waits = 0;
    const started = Date.now();
    await expect(
      appendJournal((await checkJournalFirst(file))!, work(1), { waitMs: 300, onWait: () => void waits++ }),
    ).rejects.toThrow(
      /^cannot append to --journal ".*held\.jsonl": another program held its lock ".*held\.jsonl\.lock" for 0\.3 s \(if none is writing to it, remove that file and run the command again\); the work was done but is not journaled/,
    );
    // it retried, with waits bounded by the bound
    expect(waits).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await readFile(file, 'utf8')).toBe(journalText(1));
    expect(existsSync(`${file}.lock`), "another's lock is never removed").toBe(true);
  });

  it('a journal appended to since it was checked, and now broken, is not appended to', async () => {
    const file = join(dir, 'broken-since.jsonl');
    await writeFile(file, journalText(1));
    const checked = (await checkJournalFirst(file))!;
    await writeFile(file, `${journalText(1)}not an entry\n`);
    await expect(appendJournal(checked, work(1))).rejects.toThrow(
      /: it changed since it was checked and no longer verifies \(line 2: .*\); the work was done but is not journaled/,
    );
    expect(await readFile(file, 'utf8')).toBe(`${journalText(1)}not an entry\n`);
  });

  it('a journal whose folder cannot be written is one line naming why, exit 2', async () => {
    const notes = join(dir, 'notes2.jsonl');
    await writeFile(notes, 'hello\n');
    const r = await cli('verify', notes, '--journal', join(dir, 'no-such-folder', 'j.jsonl'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: cannot append to --journal ".*j\.jsonl": its folder does not exist; the work was done but is not journaled \(the journal was left as it was\)\n$/,
    );
  }, 60_000);
});

/** A lock as a command writes it, naming `pid` on this host. */
const lockOf = (pid: number, token = 'another-holder'): string =>
  JSON.stringify({ pid, host: hostname(), token }) + '\n';

/** The id of a process that ran and is gone, as a command killed by kill -9 leaves it. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', '']);
  return done.pid!;
}

describe("the journal's lock", () => {
  it('a lock left by a process no longer running is removed before the work, in one line, and the entry appended', async () => {
    const notes = join(dir, 'notes-stale.jsonl');
    await writeFile(notes, 'hello\n');
    const file = join(dir, 'stale.jsonl');
    await writeFile(file, journalText(1));
    const pid = deadPid();
    await writeFile(`${file}.lock`, lockOf(pid));
    const r = await cli('verify', notes, '--journal', file);
    // exit 2: a file that is not an export, its verdict journaled all the same
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`journal: a lock left by process ${pid} (no longer running) was removed\n`);
    expect(r.stdout).toMatch(/journal: entry 2 appended to /);
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 60_000);

  it('a stale lock found while waiting is removed too; a lock naming no process is kept while recent', async () => {
    const file = join(dir, 'stale-wait.jsonl');
    await writeFile(file, journalText(1));
    const checked = (await checkJournalFirst(file))!;
    // left by a command killed after this one checked the journal
    await writeFile(`${file}.lock`, lockOf(deadPid()));
    expect((await appendJournal(checked, work(1), { waitMs: 60_000 })).seq).toBe(2);
    await writeFile(`${file}.lock`, '');
    await expect(appendJournal((await checkJournalFirst(file))!, work(2), { waitMs: 100 })).rejects.toThrow(
      /another program held its lock/,
    );
    // one unchanged for long is a crash between its creation and its write
    const old = new Date(Date.now() - 3_600_000);
    await utimes(`${file}.lock`, old, old);
    expect((await appendJournal((await checkJournalFirst(file))!, work(2), { waitMs: 60_000 })).seq).toBe(3);
  });

  it('a live holder is waited for, never removed, and the message names its process', async () => {
    const file = join(dir, 'live.jsonl');
    await writeFile(file, journalText(1));
    await writeFile(`${file}.lock`, lockOf(process.pid));
    await expect(appendJournal((await checkJournalFirst(file))!, work(1), { waitMs: 100 })).rejects.toThrow(
      `another program (process ${process.pid}) held its lock`,
    );
    expect(await readFile(`${file}.lock`, 'utf8')).toBe(lockOf(process.pid));
  });

  it('releasing removes the lock only while it is still this holder’s', async () => {
    const file = join(dir, 'release.jsonl');
    const fail = (why: string) => new Error(why);
    const release = await lockJournal(file, {}, fail);
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    // broken by another (judged stale) and taken by a third meanwhile
    await writeFile(`${file}.lock`, lockOf(process.pid));
    await release();
    expect(await readFile(`${file}.lock`, 'utf8')).toBe(lockOf(process.pid));
    await rm(`${file}.lock`);
    const again = await lockJournal(file, {}, fail);
    await again();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('two paths to one journal (a symbolic link, a linked folder) share one lock', async () => {
    const real = join(dir, 'real');
    await mkdir(real);
    const file = join(real, 'j.jsonl');
    await writeFile(file, journalText(1));
    const viaFile = join(dir, 'link-j.jsonl');
    await symlink(file, viaFile);
    await writeFile(`${file}.lock`, 'held by the test\n');
    await expect(appendJournal((await checkJournalFirst(viaFile))!, work(1), { waitMs: 100 })).rejects.toThrow(
      /held its lock ".*real\/j\.jsonl\.lock"/,
    );
    expect(existsSync(`${viaFile}.lock`)).toBe(false);
    // a journal not there yet: beside its folder's real path
    const viaFolder = join(dir, 'link-real');
    await symlink(real, viaFolder);
    expect(await lockPathOf(join(viaFolder, 'new.jsonl'))).toBe(
      `${await lockPathOf(file.replace('j.jsonl', 'new.jsonl'))}`,
    );
    expect(await lockPathOf(join(viaFolder, 'new.jsonl'))).not.toContain('link-real');
  });

  it('a journal with a second name (a hard link) is refused before the work: its two names would not share a lock', async () => {
    const file = join(dir, 'linked.jsonl');
    await writeFile(file, journalText(1));
    await link(file, join(dir, 'linked-too.jsonl'));
    await expect(checkJournalFirst(file)).rejects.toThrow(
      /^--journal ".*linked\.jsonl" has 2 names \(hard links\): commands given two of its names would not wait for each other's appends; give a journal with one name \(a copy, or remove its other links\) \(nothing was done\)$/,
    );
    await rm(join(dir, 'linked-too.jsonl'));
    expect((await checkJournalFirst(file))!.read.verdict.ok).toBe(true);
  });

  it('a holder that refreshes its lock is waited for past the bound: the bound runs from its last change', async () => {
    const file = join(dir, 'refreshed.jsonl');
    await writeFile(file, journalText(1));
    const lock = `${file}.lock`;
    await writeFile(lock, 'held by the test\n');
    let t = Date.now();
    const entry = await appendJournal((await checkJournalFirst(file))!, work(1), {
      waitMs: 100,
      onWait: (attempt) => {
        // the holder shows it works at every look, for more looks than the bound allows, then releases
        t += 1000;
        if (attempt < 12) utimesSync(lock, new Date(t), new Date(t));
        else rmSync(lock);
      },
    });
    expect(entry.seq).toBe(2);
  });

  it('a lock that cannot be created (its folder not writable) is said as such, the journal left as it was', async (t) => {
    const folder = join(dir, 'read-only-folder');
    await mkdir(folder);
    const file = join(folder, 'j.jsonl');
    await writeFile(file, journalText(1));
    const notes = join(dir, 'notes-ro.jsonl');
    await writeFile(notes, 'hello\n');
    // root writes through mode bits: the folder is made immutable instead, where the file system can
    const root = process.getuid?.() === 0;
    if (root)
      try {
        execFileSync('chattr', ['+i', folder], { stdio: 'ignore' });
      } catch {
        t.skip();
      }
    else await chmod(folder, 0o555);
    try {
      const r = await cli('verify', notes, '--journal', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: cannot create the lock "${file}.lock" beside --journal "${file}": permission denied (its folder must be writable); the work was done but is not journaled (the journal was left as it was)\n`,
      );
      expect(await readFile(file, 'utf8')).toBe(journalText(1));
    } finally {
      if (root) execFileSync('chattr', ['-i', folder], { stdio: 'ignore' });
      else await chmod(folder, 0o755);
    }
  }, 60_000);
});
