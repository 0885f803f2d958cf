/**
 * `optimise` on requests that once ended in a HiGHS error (exit 1, a stack trace) or in a wrong
 * « no table »: each has a table exactly on target, written and printed. Run in-process (the
 * command's own code, the real solver) to keep the child processes of `optimise.test.ts` few.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { analyseTable, parseScenarioJson, scenarioTable } from '@engine';
import { optimiseCommand } from './optimise';

const dir = mkdtempSync(join(tmpdir(), 'instant-lab-optimise-targets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('optimise on target', () => {
  it.each([
    ['les-3-gongs', '1', '0.65', '0.05', [], 19_500_000, 15_000],
    ['mine-d-or', '2', '0.70', '0.25', ['--bounds', '40=..5000'], 140_000_000, 250_000],
    ['mine-d-or', '1', '0.65', '0.20', [], 65_000_000, 200_000],
  ] as const)(
    '--game %s --stake %s --rtp %s --hit-rate %s %j: a table on target',
    async (game, stake, rtp, hit, more, paid, lots) => {
      const out = join(dir, `${game}-${stake}-${rtp}.json`);
      const stdout: string[] = [];
      const stderr: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((s) => (stdout.push(String(s)), true));
      vi.spyOn(process.stderr, 'write').mockImplementation((s) => (stderr.push(String(s)), true));
      const code = await optimiseCommand([
        '--game',
        game,
        '--stake',
        stake,
        '--rtp',
        rtp,
        '--hit-rate',
        hit,
        ...more,
        '--out',
        out,
      ]);
      vi.restoreAllMocks();
      expect(stderr.join('')).toBe('');
      expect(code).toBe(0);
      const parsed = parseScenarioJson(readFileSync(out, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('; '));
      const a = analyseTable(scenarioTable(parsed.scenario));
      expect([a.totalCents, a.lots, a.insideBand]).toEqual([paid, lots, true]);
      if (more.length > 0)
        expect(parsed.scenario.levels.find((l) => l.prizeCents === 4000)!.lots).toBeLessThanOrEqual(5000);
      expect(stdout.join('')).toContain('best table proved by the solver');
    },
  );
});
