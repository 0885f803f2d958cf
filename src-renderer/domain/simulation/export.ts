/**
 * Exports of a run: the reconciliation of every block with the table its blocks held (art. 3, R4),
 * as CSV (one line per block and level) and as JSON. Each names that table — official or scenario,
 * by name, and its digest — and the column of expected counts is `official` for the official table
 * only, `scenario` for a scenario's own. Amounts stay integer cents; nothing is localised, so that a
 * spreadsheet or a script reads the files the same way in every language.
 */
import { SHORT_DIGEST, guardFormula, tableLine } from '@engine';
import { expectedColumn } from '@shared/block-run/identity';
import { runTableIdentity } from './model';
import type { SimulationRun } from './model';

/** The CSV columns; the expected counts' column is named by the table's kind. */
const csvHeader = (expected: 'official' | 'scenario'): string[] => [
  'table',
  'game',
  'stake_cents',
  'block',
  'seed',
  'generator',
  'digest',
  'merkle_root',
  'audit',
  'level_prize_cents',
  expected,
  'simulated',
  'difference',
  'paid_cents',
];

/** Quotes a CSV field when it needs it (RFC 4180), formula-looking text guarded. */
function field(v: string | number): string {
  const s = typeof v === 'string' ? guardFormula(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The table's count of level `i` (losing = levels.length) in one block. */
function expectedCount(run: SimulationRun, i: number): number {
  if (i < run.levels.length) return run.levels[i]!.lots;
  return run.units - run.levels.reduce((s, l) => s + l.lots, 0);
}

/** The reconciliation per block and level, as CSV (prize 0 is the losing units). */
export function runToCsv(run: SimulationRun): string {
  const table = runTableIdentity(run);
  const name = tableLine(table);
  const lines = [csvHeader(expectedColumn(table)).join(',')];
  run.blocks.forEach((b, k) => {
    b.counts.forEach((simulated, i) => {
      const prize = i < run.levels.length ? run.levels[i]!.prizeCents : 0;
      const expected = expectedCount(run, i);
      lines.push(
        [
          name,
          run.game,
          run.stakeCents,
          k,
          b.seed,
          run.generator,
          b.digest,
          b.merkleRoot,
          b.auditOk ? 'pass' : 'fail',
          prize,
          expected,
          simulated,
          simulated - expected,
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
  const table = runTableIdentity(run);
  const expected = expectedColumn(table);
  const doc = {
    game: run.game,
    stakeCents: run.stakeCents,
    generator: run.generator,
    unitsPerBlock: run.units,
    table: { kind: table.kind, name: table.name, sha256: table.digest, levels: run.levels },
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
        [expected]: expectedCount(run, i),
        simulated,
        difference: simulated - expectedCount(run, i),
      })),
    })),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** A file name for a run's exports: game, stake, first seed, block count, and the table (official or the scenario's name, and its digest). */
export function exportBaseName(run: SimulationRun): string {
  const t = runTableIdentity(run);
  const slug = t.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const which = t.kind === 'official' ? 'official' : `scenario-${slug || 'unnamed'}`;
  return `simulation-${run.game}-${run.stakeCents}c-seed${run.seed}-x${run.blocks.length}-${which}-${t.digest.slice(0, SHORT_DIGEST)}`;
}
