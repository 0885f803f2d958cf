/**
 * `bench`'s measuring code run small: what it reports is what it ran (the blocks' digests, the
 * verdicts, the bytes), whatever the speed. Speed itself is measured by `npm run bench`, never here.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { officialBlock } from '@engine';
import { runBlocks } from '@shared/block-run/runner';
import { threadPool } from '../pool';
import { CReference, MachineScaling } from './c-reference-beside';
import { measure, median } from './measure';
import { measureVerify } from './verify-beside';
import type { VerifyBench } from './verify-beside';
import { twoWorkerBounds, verifyBenchText } from './verify-text';

const hasGcc = !spawnSync('gcc', ['--version']).error;

describe('bench measure', () => {
  it('times the blocks it names: each run hands the seeds it ran and their digests (R1)', async () => {
    const seen: { run: number; seeds: readonly number[]; digests: readonly string[] }[] = [];
    const r = await measure(
      'les-3-gongs',
      2,
      2,
      (run, seeds, speed, digests) => {
        expect(speed.wall).toBeGreaterThan(0);
        seen.push({ run, seeds, digests });
      },
      { blocks: 1, warm: 0 },
    );
    expect(seen.map((s) => [s.run, s.seeds])).toEqual([
      [0, [0, 1]],
      [1, [1000, 1001]],
    ]);
    const pool = threadPool(1);
    try {
      const again = await runBlocks(
        pool,
        [0, 1].map((seed) => officialBlock('les-3-gongs', 50, seed)),
      );
      expect(seen[0]!.digests).toEqual(again.map((b) => b.digest));
    } finally {
      await pool.close();
    }
    expect(r).toMatchObject({ game: 'les-3-gongs', workers: 2 });
    expect(r.runs_units_per_second).toHaveLength(2);
    expect(r.units_per_second).toBe(median(r.runs_units_per_second));
    expect(r.peak_rss_mb).toBeGreaterThan(0);
  }, 60_000);

  it('the median is the middle value, the upper of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});

describe('bench export and verify rows', () => {
  it('exports, copies, parses and verifies the same file on one worker and two, each verdict kept', async () => {
    const b = await measureVerify(officialBlock('les-3-gongs', 50, 3));
    expect(b).toMatchObject({ game: 'les-3-gongs', units: 300_000 });
    // header + one line a unit, each over 40 bytes
    expect(b.bytes).toBeGreaterThan(300_000 * 40);
    expect(b.verify.map((v) => [v.workers, v.conforming])).toEqual([
      [1, true],
      [2, true],
    ]);
    // verified again on the same workers, compiled: each verdict kept
    expect(b.verify_compiled.map((v) => [v.workers, v.conforming])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(b.plain_parse_threads.map((t) => t.workers)).toEqual([1, 2]);
    expect(b.export.map((e) => e.workers)).toEqual([1, 2]);
    for (const p of [
      ...b.export,
      b.plain_copy,
      b.plain_parse,
      b.sha256,
      ...b.plain_parse_threads,
      ...b.verify,
      ...b.verify_compiled,
    ]) {
      expect(p.seconds).toBeGreaterThan(0);
      expect(p.cpu_seconds).toBeGreaterThan(0);
      expect(p.units_per_second).toBeCloseTo(300_000 / p.seconds, 6);
      expect(p.mb_per_second).toBeCloseTo(b.bytes / 1e6 / p.seconds, 6);
    }
    // the workers' own CPU in their jobs (this thread's schedstat: Linux, where the tests run)
    for (const v of b.verify) expect(v.worker_cpu_seconds).toBeGreaterThan(0);
    const en = verifyBenchText(b, false);
    expect(en).toContain('Export and verify of one Les 3 Gongs block (300,000 units');
    expect(en).toMatch(/SHA-256 of the file, 1 thread +[\d.]+ s/);
    expect(en).toMatch(/\n {2}verify on 1 worker ÷ the JSON\.parse pass: [\d.]+× \(target ≥ 0\.7\)\n/);
    expect(en).toMatch(/\n {2}verify on 2 workers ÷ 1 worker: [\d.]+× \(target ≥ 1\.8\); verdicts: conforming\n/);
    expect(en).toMatch(/: 2 workers ≤ 2 × max\(W, H\) ÷ \(W \+ H\) = [\d.]+× one\n/);
    expect(en).toMatch(
      /on 2 cores, the 2-worker run's CPU \([\d.]+ s, every thread\) needs at least [\d.]+ s; 1 worker took [\d.]+ s: 2 workers ≤ [\d.]+× one in this run\n/,
    );
    expect(en).toMatch(
      /\n {2}again on the same workers, their code compiled \(what each later block of an emission costs\): 1 worker = [\d.]+× the JSON\.parse pass; 2 workers ÷ 1 = [\d.]+×\n/,
    );
    // the machine's own scaling beside verify's, from the same run
    expect(en).toMatch(/JSON\.parse on 2 threads .*\n/);
    expect(en).toMatch(
      /2 threads = [\d.]+× one, what this machine's 2 cores allowed in this run; verify's 2 workers ÷ 1 = \d+% of that ratio\n/,
    );
    const fr = verifyBenchText(b, true);
    expect(fr).toContain("Export et vérification d'un bloc Les 3 Gongs (300\u202f000 unités");
    expect(fr).toMatch(/verify sur 2 workers ÷ 1 worker : [\d,]+× \(cible ≥ 1,8\) ; verdicts : conformes\n/);
    expect(fr).toMatch(
      /à nouveau sur les mêmes workers, leur code compilé .*: 1 worker = [\d,]+× le JSON\.parse ; 2 workers ÷ 1 = [\d,]+×\n/,
    );
    expect(fr).toMatch(/SHA-256 du fichier, 1 thread +[\d,]+ s/);
    expect(fr).toMatch(/: 2 workers ≤ 2 × max\(W, H\) ÷ \(W \+ H\) = [\d,]+× un\n/);
    expect(fr).toMatch(
      /demande au moins [\d,]+ s ; 1 worker a pris [\d,]+ s : 2 workers ≤ [\d,]+× un dans cette passe\n/,
    );
    expect(fr).toMatch(/2 threads = [\d,]+× un, ce que les 2 cœurs de cette machine ont permis dans cette passe/);
    expect(en).toMatch(/in CPU seconds, whatever the load: verify on 1 worker = [\d.]+× the JSON\.parse pass/);
    expect(fr).toMatch(/en secondes CPU, quelle que soit la charge : verify sur 1 worker = [\d,]+× le JSON\.parse/);
    // one language a line
    expect(fr).not.toMatch(/\b(units|same run|target|every thread|at best)\b/);
  }, 60_000);

  it('bounds two workers by the sequential hash and by their own CPU on two cores', () => {
    const p = { seconds: 1, cpu_seconds: 1, mb_per_second: 1, units_per_second: 1 };
    const b: VerifyBench = {
      game: 'mine-d-or',
      units: 1,
      bytes: 1,
      export: [],
      plain_copy: p,
      plain_parse: p,
      plain_parse_threads: [],
      sha256: { ...p, cpu_seconds: 0.2 },
      verify: [
        { ...p, workers: 1, conforming: true, seconds: 1.5, worker_cpu_seconds: 1.2 },
        { ...p, workers: 2, conforming: true, cpu_seconds: 2, worker_cpu_seconds: 1.3 },
      ],
      verify_compiled: [],
    };
    // one worker at least max(1.2, 0.2), two at least (1.2 + 0.2) / 2
    expect(twoWorkerBounds(b).hash).toBeCloseTo(2.4 / 1.4, 12);
    // 2 CPU seconds take at least 1 s on two cores: 1.5 s ÷ 1 s
    expect(twoWorkerBounds(b).cpu).toBeCloseTo(1.5, 12);
    // a hash slower than the workers bounds one worker too
    expect(twoWorkerBounds({ ...b, sha256: { ...p, cpu_seconds: 2 } }).hash).toBeCloseTo(4 / 3.2, 12);
    expect(
      twoWorkerBounds({ ...b, verify: [{ ...b.verify[0]!, worker_cpu_seconds: null }, b.verify[1]!] }).hash,
    ).toBeNull();
  });
});

describe.skipIf(!hasGcc)('bench beside the plain C reference (gcc present)', () => {
  it("compares the engine's Mine d'or blocks with the C program's: same digests, ratios from both", async () => {
    const c = new CReference();
    expect(c.skipped).toBeNull();
    const machine = new MachineScaling(c.binaryPath);
    expect(machine.afterRun('mine-d-or', 1)).toBeUndefined();
    await measure('mine-d-or', 1, 1, c.afterRun, { blocks: 1, warm: 0 });
    const r = c.result()!;
    expect(r.digests_match).toBe(true);
    expect(r.units_per_second).toBeGreaterThan(0);
    expect(r.engine_ratio).toBeGreaterThan(0);
    expect(r.digest_share).toBeLessThan(1);
    expect(machine.ratio('mine-d-or')).toBeNull();
    // a digest the C program does not give is said as a mismatch
    await c.afterRun(0, [5], { wall: 1, cpu: 1 }, ['0'.repeat(64)]);
    expect(c.result()!.digests_match).toBe(false);
  }, 60_000);
});
