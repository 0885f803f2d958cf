/**
 * Every hostile bundle of `bundles.ts` and dispute case of `case-bundles.fixture.ts` through the command line (`node scripts/cli.mjs
 * verify-bundle FILE --pub KEY.pub`), under `/usr/bin/time -v`: the exit code, the words, and the
 * peak resident memory, which must stay under {@link MAX_RSS_MB} whatever the bundle claims. Also
 * what is no regular file (`/dev/zero`, a folder, a pipe) and key files that are not (`--pub
 * /dev/zero`, `evidence --sign /dev/zero`), refused at once.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFiles, newKeyPair } from '@engine';
import { bundleCases } from './bundles';
import { caseBundleCases } from './case-bundles.fixture';

/** The bound on peak memory of one run, whatever the input (Node alone is about 50 MB). */
const MAX_RSS_MB = 200;
const ROOT = join(import.meta.dirname, '..', '..');
const TIME = '/usr/bin/time';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  rssMb: number;
  seconds: number;
}

/** Runs the command line under /usr/bin/time -v; its report is taken off stderr. */
function cli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-v', process.execPath, join(ROOT, 'scripts', 'cli.mjs'), ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      // time's report, and the line it adds before it when the command fails
      const at = stderr.search(/(Command exited with non-zero status \d+\n)?\tCommand being timed:/);
      const report = at >= 0 ? stderr.slice(at) : '';
      const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1] ?? NaN);
      const [, m, s] = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:\d+:)?(\d+):([\d.]+)/.exec(report) ?? [];
      resolve({
        code,
        stdout,
        stderr: at >= 0 ? stderr.slice(0, at) : stderr,
        rssMb: kb / 1024,
        seconds: Number(m) * 60 + Number(s),
      });
    });
  });
}

const key = newKeyPair();
// with the dispute cases, whose PDF the checker rebuilds from the record (its block rebuilt once here)
const cases = [...bundleCases(key), ...(await caseBundleCases(key))];
let dir = '';
const peaks: { name: string; rssMb: number }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-hostile-bundles-'));
  const k = keyFiles(key);
  await writeFile(join(dir, 'key'), k.secret, { mode: 0o600 });
  await writeFile(join(dir, 'key.pub'), k.public);
  for (const c of cases) await writeFile(join(dir, `${c.name}.zip`), c.bytes);
  // the command line's bundle, built once before the runs are timed
  expect((await cli(['help'])).code).toBe(0);
}, 300_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  const worst = peaks.reduce((a, b) => (b.rssMb > a.rssMb ? b : a), { name: 'none', rssMb: 0 });
  process.stdout.write(
    `hostile bundles: ${peaks.length} runs, peak memory of the worst input ${worst.rssMb.toFixed(0)} MB (${worst.name})\n`,
  );
});

describe.skipIf(!existsSync(TIME))('hostile bundles through verify-bundle --pub, memory bounded', () => {
  // side by side: each bundle is its own process, with its own peak memory, and this test process
  // only waits for them (one after another, the file held its worker for half a minute)
  for (const c of cases)
    it.concurrent(
      `${c.name}: exit ${c.exit}, under ${c.maxRssMb ?? MAX_RSS_MB} MB`,
      async ({ expect }) => {
        const r = await cli(['verify-bundle', join(dir, `${c.name}.zip`), '--pub', join(dir, 'key.pub')]);
        peaks.push({ name: c.name, rssMb: r.rssMb });
        expect(r.code, r.stdout + r.stderr).toBe(c.exit);
        expect(c.exit === 2 ? r.stderr : r.stdout).toMatch(c.says);
        if (c.exit === 2) expect(r.stderr.trim().split('\n')).toHaveLength(1);
        if (c.exit === 1) expect(r.stdout).toMatch(/^verdict: FAILED/m);
        expect(r.rssMb).toBeLessThan(c.maxRssMb ?? MAX_RSS_MB);
      },
      120_000,
    );

  it('what is no regular file is refused at once, by what it is; so are key files that are not', async () => {
    await mkdir(join(dir, 'folder.zip'));
    for (const [args, says] of [
      [['verify-bundle', '/dev/zero'], /"\/dev\/zero" is a device: expected a bundle \.zip/],
      [['verify-bundle', join(dir, 'folder.zip')], /is a folder: expected a bundle \.zip/],
      [['verify-bundle', join(dir, 'intact-zip.zip'), '--pub', '/dev/zero'], /cannot read --pub "\/dev\/zero"/],
      [
        [
          'evidence',
          '--game',
          'les-3-gongs',
          '--stake',
          '0.5',
          '--seed',
          '1',
          '--sign',
          '/dev/zero',
          '--out',
          join(dir, 'o.zip'),
        ],
        /cannot read --sign "\/dev\/zero"/,
      ],
    ] as const) {
      const r = await cli([...args]);
      peaks.push({ name: args.join(' '), rssMb: r.rssMb });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(says);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.rssMb).toBeLessThan(MAX_RSS_MB);
      expect(r.seconds).toBeLessThan(30);
    }
  }, 300_000);
});
