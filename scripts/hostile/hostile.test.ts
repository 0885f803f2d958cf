import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BUNDLE } from '../../src-cli/test-support/cli-bundle';
import type { HostileCase, HostileClass } from './case';

const HERE = import.meta.dirname;
const ROOT = join(HERE, '..', '..');
const RSS = join(HERE, 'report-rss.mjs');

/** Every class of the corpus: one `*.cases.ts` file each. */
const classes: HostileClass[] = [];
for (const f of readdirSync(HERE)
  .filter((n) => n.endsWith('.cases.ts'))
  .sort())
  classes.push(((await import(pathToFileURL(join(HERE, f)).href)) as { hostile: HostileClass }).hostile);

/**
 * Each script a case runs, bundled once with its packages as the command line is (scripts/cli.mjs):
 * loading the engine through tsx in every such case was a second and a half of CPU each, five
 * times what the reader's own work and start take.
 */
const bundled = new Map<string, string>();
const scriptsDir = mkdtempSync(join(tmpdir(), 'il-hostile-scripts-'));
beforeAll(async () => {
  const scripts = [...new Set(classes.flatMap((hc) => hc.cases.flatMap((c) => (c.script ? [c.script] : []))))];
  for (const [i, script] of scripts.entries()) {
    const outfile = join(scriptsDir, `script-${i}.mjs`);
    await build({
      entryPoints: [join(ROOT, script)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      // the CommonJS packages bundled get the `require` they expect
      banner: {
        js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
      },
      tsconfig: join(ROOT, 'tsconfig.base.json'),
    });
    bundled.set(script, outfile);
  }
}, 120_000);
afterAll(() => rmSync(scriptsDir, { recursive: true, force: true }));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Peak resident memory, MB. */
  readonly rssMb: number;
  /** Wall time of the child, spawn to close, seconds. */
  readonly seconds: number;
}

/** Runs one case in its own process, with its peak memory recorded at exit. */
function runCase(c: HostileCase, dir: string, rssFile: string): Promise<Run> {
  const args = c.script
    ? ['--import', RSS, bundled.get(c.script)!, ...c.args(dir)]
    : ['--import', RSS, CLI_BUNDLE, ...c.args(dir)];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, IL_RSS_FILE: rssFile },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), c.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      let kb = Number.NaN;
      try {
        kb = Number(readFileSync(rssFile, 'utf8'));
      } catch {
        // killed: no figure (the case fails on its exit code)
      }
      resolve({ code, stdout, stderr, rssMb: kb / 1024, seconds: (performance.now() - started) / 1000 });
    });
  });
}

interface ClassSummary {
  tried: number;
  failing: number;
  worstMb: number;
  worst: string;
  slowestS: number;
  slowest: string;
}
const summary = new Map<string, ClassSummary>();
afterAll(() => {
  const rows = [...summary].map(
    ([k, s]) =>
      `${k}: ${s.tried} cases, ${s.failing} failing, worst peak ${s.worstMb.toFixed(0)} MB (${s.worst}), ` +
      `slowest ${s.slowestS.toFixed(1)} s (${s.slowest})`,
  );
  process.stdout.write(`\nhostile corpus\n${rows.join('\n')}\n`);
});

for (const hc of classes) {
  describe(`hostile ${hc.name} (peak memory under ${hc.maxRssMb} MB)`, () => {
    const dir = mkdtempSync(join(tmpdir(), `il-hostile-${hc.name}-`));
    const s: ClassSummary = { tried: 0, failing: 0, worstMb: 0, worst: '', slowestS: 0, slowest: '' };
    summary.set(hc.name, s);
    beforeAll(async () => {
      await hc.generate?.(dir);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    hc.cases.forEach((c, i) => {
      it(c.name, { timeout: (c.timeoutMs ?? 20_000) + 10_000 }, async () => {
        s.tried++;
        s.failing++;
        const r = await runCase(c, dir, join(dir, `.rss-${i}`));
        if (r.rssMb > s.worstMb) [s.worstMb, s.worst] = [r.rssMb, c.name];
        if (r.seconds > s.slowestS) [s.slowestS, s.slowest] = [r.seconds, c.name];
        expect(r.stderr, 'never a stack trace').not.toMatch(/internal error|\n\s+at /);
        if (c.stderr) expect(r.stderr).toMatch(c.stderr);
        if (c.stdout) expect(r.stdout).toMatch(c.stdout);
        expect(r.code).toBe(c.code);
        expect(r.rssMb, 'peak memory (MB)').toBeLessThan(hc.maxRssMb);
        s.failing--;
      });
    });
  });
}
