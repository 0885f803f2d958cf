/**
 * `bench`'s text: one language per line, numbers included (`--lang`). The figures are given here —
 * speed itself is measured by `npm run bench`, never in tests.
 */
import { describe, expect, it } from 'vitest';
import { benchText } from './text';
import type { BenchFigures } from './text';

const figures: BenchFigures = {
  results: [
    {
      game: 'mine-d-or',
      workers: 1,
      units_per_second: 2_500_000,
      peak_rss_mb: 180,
      runs_units_per_second: [2_400_000, 2_500_000, 2_600_000],
      units_per_cpu_second: 2_450_000,
      scaling: null,
    },
    {
      game: 'mine-d-or',
      workers: 2,
      units_per_second: 4_750_000,
      peak_rss_mb: 260,
      runs_units_per_second: [4_700_000, 4_750_000, 4_800_000],
      units_per_cpu_second: 2_400_000,
      scaling: {
        worker_busy_share: [0.95, 0.94],
        worker_cpu_share: [0.9, 0.89],
        worker_wait_share: [0.05, 0.06],
        units_per_worker_cpu_second: 2_600_000,
        main_cpu_share: 0.03,
      },
    },
  ],
  shares: [{ game: 'mine-d-or', placement: 0.1, generation: 0.3, evaluation: 0.25, records: 0.15, hashing: 0.2 }],
  c: {
    units_per_second: 5_000_000,
    units_per_second_no_digest: 8_000_000,
    digest_share: 0.375,
    engine_ratio: 0.5,
    engine_ratio_no_digest: 0.3125,
    units_per_cpu_second: 5_100_000,
    engine_cpu_ratio: 0.48,
    digests_match: true,
  },
  all: 2,
  ratio: () => 1.9,
};

const spaces = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('bench text', () => {
  it('--lang fr: French words, French numbers', () => {
    const t = spaces(benchText(figures, 'fr'));
    expect(t).toMatch(/Jeu +Workers +Unités\/s \(médiane de 3\)/);
    expect(t).toContain('2 500 000');
    expect(t).toContain('mine-d-or : 2 workers = 1,90× un seul worker ; le C seul, 2 processus');
    expect(t).toContain('moteur sur un worker = 0,50× le C');
    expect(t).toContain('prennent 38 % du temps du programme C');
    expect(t).not.toMatch(/\d\.\d|\d,\d{3}\b|Game|units\/s|Where/);
  });

  it('--lang en: English words, English numbers', () => {
    const t = benchText(figures, 'en');
    expect(t).toContain('2,500,000');
    expect(t).toContain('mine-d-or: 2 workers = 1.90× one worker; plain C, 2 processes');
    expect(t).toContain('take 38% of the C program');
    expect(t).toContain("Mine d'or at €0.50");
    expect(t).not.toMatch(/\d %|\d,\d\d?×|\d,\d\d €|Jeu|unités/);
  });
});
