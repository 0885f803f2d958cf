/**
 * Exports of a run: the reconciliation of every block with the official table (art. 3, R4), as CSV
 * (one line per block and level) and as JSON. Amounts stay integer cents; nothing is localised, so
 * that a spreadsheet or a script reads the files the same way in every language.
 */
import { guardFormula } from '../../../src-engine/index';
import type { SimulationRun } from './model';

const CSV_HEADER = [
  'game',
  'stake_cents',
  'block',
  'seed',
  'generator',
  'digest',
  'merkle_root',
  'audit',
  'level_prize_cents',
  'official',
  'simulated',
  'difference',
  'paid_cents',
];

/** Quotes a CSV field when it needs it (RFC 4180), formula-looking text guarded. */
function field(v: string | number): string {
  const s = typeof v === 'string' ? guardFormula(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Official count of level `i` (losing = levels.length) in one block. */
function officialCount(run: SimulationRun, i: number): number {
  if (i < run.levels.length) return run.levels[i]!.lots;
  return run.units - run.levels.reduce((s, l) => s + l.lots, 0);
}

/** The reconciliation per block and level, as CSV (prize 0 is the losing units). */
export function runToCsv(run: SimulationRun): string {
  const lines = [CSV_HEADER.join(',')];
  run.blocks.forEach((b, k) => {
    b.counts.forEach((simulated, i) => {
      const prize = i < run.levels.length ? run.levels[i]!.prizeCents : 0;
      const official = officialCount(run, i);
      lines.push(
        [
          run.game,
          run.stakeCents,
          k,
          b.seed,
          run.generator,
          b.digest,
          b.merkleRoot,
          b.auditOk ? 'pass' : 'fail',
          prize,
          official,
          simulated,
          simulated - official,
          simulated * prize,
        ]
          .map(field)
          .join(','),
      );
    });
  });
  return lines.join('\r\n') + '\r\n';
}

/** The run and its reconciliation per block, as pretty-printed JSON. */
export function runToJson(run: SimulationRun): string {
  const doc = {
    game: run.game,
    stakeCents: run.stakeCents,
    generator: run.generator,
    unitsPerBlock: run.units,
    table: { source: run.tableSource, levels: run.levels },
    finishedAt: run.finishedAt,
    totalMs: run.totalMs,
    workers: run.workers,
    blocks: run.blocks.map((b, k) => ({
      block: k,
      seed: b.seed,
      digest: b.digest,
      merkleRoot: b.merkleRoot,
      audit: { ok: b.auditOk, mismatches: b.mismatches, countMismatches: b.countMismatches },
      paidCents: b.paidCents,
      rtp: b.rtp,
      hitRate: b.hitRate,
      sdStakes: b.sdStakes,
      elapsedMs: b.elapsedMs,
      levels: b.counts.map((simulated, i) => ({
        prizeCents: i < run.levels.length ? run.levels[i]!.prizeCents : 0,
        official: officialCount(run, i),
        simulated,
        difference: simulated - officialCount(run, i),
      })),
    })),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** A file name for a run's exports: game, stake, first seed and block count. */
export function exportBaseName(run: SimulationRun): string {
  return `simulation-${run.game}-${run.stakeCents}c-seed${run.seed}-x${run.blocks.length}`;
}
