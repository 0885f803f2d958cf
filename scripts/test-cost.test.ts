import { describe, expect, it } from 'vitest';
import { costReport, slowestTests } from './test-cost.mjs';

describe('the cost report of npm test', () => {
  it('names the slowest tests of both runners, slowest first, at most ten', () => {
    const unit = {
      testResults: Array.from({ length: 3 }, (_, f) => ({
        name: `${process.cwd()}/src-engine/f${f}.test.ts`,
        assertionResults: Array.from({ length: 4 }, (_, k) => ({ title: `t${k}`, duration: 1000 * (f * 4 + k) })),
      })),
    };
    const e2e = {
      suites: [{ file: 'walk.spec.ts', specs: [{ title: 'walk', tests: [{ results: [{ duration: 60_000 }] }] }] }],
    };
    const rows = slowestTests(unit, e2e);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ seconds: 60, name: 'walk.spec.ts › walk' });
    expect(rows[1]).toEqual({ seconds: 11, name: 'src-engine/f2.test.ts › t3' });
    expect(rows.at(-1)!.seconds).toBe(3);
    expect(slowestTests(null, null)).toEqual([]);
  });

  it('gives each phase its time and share of the whole', () => {
    const text = costReport(
      [
        { name: 'lint', seconds: 30 },
        { name: 'unit tests (vitest)', seconds: 90 },
      ],
      [{ seconds: 12.34, name: 'a › b' }],
    );
    expect(text).toContain('What this run cost: 120 s');
    expect(text).toMatch(/ {3}30\.0 s {3}25 % {2}lint/);
    expect(text).toMatch(/ {3}90\.0 s {3}75 % {2}unit tests \(vitest\)/);
    expect(text).toContain('The 1 slowest tests:');
    expect(text).toContain('   12.3 s  a › b');
  });

  it('lists the tasks of a phase that ran them side by side under it, outside the total', () => {
    const text = costReport(
      [
        {
          name: 'checks and builds, two at a time',
          seconds: 40,
          parts: [
            { name: 'lint', seconds: 30 },
            { name: 'format', seconds: 35 },
          ],
        },
        { name: 'unit tests (vitest)', seconds: 60 },
      ],
      [],
    );
    expect(text).toContain('What this run cost: 100 s');
    expect(text).toMatch(
      / {3}40\.0 s {3}40 % {2}checks and builds, two at a time\n {17}30\.0 s {2}lint\n {17}35\.0 s {2}format\n/,
    );
  });
});
