/**
 * `calibrate`: runs every placement test on ideal shuffles and on the generator's own placements of
 * the official tables, and prints each test's false-failure rate at 1 % with its 99 % interval and
 * a KS test of the uniformity of its p-values; then the power of each test against stated biases
 * (issue 14), and what the sales curve's normal 95 % band covers on shuffled blocks. Exit code 1
 * when a test's rate leaves its interval.
 */
import { numberFlag, parseFlags } from '../args';
import {
  GAME_IDS,
  MAX_SEED,
  PLACEMENT_BIASES,
  calibratePlacement,
  officialTable,
  salesBandCoverage,
} from '../../src-engine/index';
import type { CalibrationResult, CalibrationRow, GameId, PlacementBias } from '../../src-engine/index';
import { UsageError } from '../errors';
import { count, textTable } from '../text-table';

export const CALIBRATE_USAGE =
  'calibrate [--game mine-d-or|les-3-gongs] [--shuffles N] [--blocks N] [--power N] [--strength S] [--sales N] [--seed S] [--json]';

/** A count flag: a whole number from 0 to 1,000,000 (the engine's strict reader: no `0x10`, `1e3`, `+1`, `""`). */
const wholeNumber = (name: string, text: string | undefined, fallback: number, max = 1_000_000): number =>
  numberFlag(name, text, { min: 0, max }, fallback);

/**
 * Seconds of one core per trial of a block of a million units, measured on the project's build
 * machine (rounded up): an ideal shuffle with its 13 tests, a generator placement, a biased shuffle,
 * a sales curve. A run is refused before it starts when its estimate passes {@link MAX_SECONDS}.
 */
const SECONDS_PER_MILLION = { shuffle: 0.06, generator: 0.09, power: 0.07, sales: 0.02 } as const;
/** Longest calibration run (estimated): half an hour. */
export const MAX_CALIBRATION_SECONDS = 30 * 60;

interface Counts {
  readonly shuffles: number;
  readonly blocks: number;
  readonly power: number;
  readonly sales: number;
}

/** The estimated seconds of a calibration of `games` with `c` trials. */
export function calibrationSeconds(games: readonly GameId[], c: Counts): number {
  const k = SECONDS_PER_MILLION;
  let s = 0;
  for (const game of games) {
    const millions = officialTable(game, 50).blockUnits / 1_000_000;
    s +=
      millions *
      (c.shuffles * k.shuffle +
        c.blocks * k.generator +
        c.power * PLACEMENT_BIASES.length * k.power +
        c.sales * k.sales);
  }
  return s;
}

const minutes = (s: number): string => (s < 90 ? `${Math.ceil(s)} s` : `${Math.ceil(s / 60)} min`);

const pct = (x: number, digits = 2): string => `${(x * 100).toFixed(digits)} %`;

function rowsText(result: CalibrationResult, withUniformity: boolean): string {
  const all: CalibrationRow[] = [...result.rows, result.overall];
  return textTable(
    withUniformity
      ? ['test', 'failures', 'rate at 1 %', '99 % interval', 'KS D', 'KS p', 'calibrated']
      : ['test', 'rejections', 'power'],
    all.map((r) =>
      withUniformity
        ? [
            r.key,
            `${count(r.rejections)}/${count(r.trials)}`,
            pct(r.rate),
            `${pct(r.low)} – ${pct(r.high)}`,
            r.uniformityD.toFixed(4),
            r.uniformityP.toFixed(4),
            r.calibrated ? 'yes' : 'NO',
          ]
        : [r.key, `${count(r.rejections)}/${count(r.trials)}`, pct(r.rate, 1)],
    ),
  );
}

export async function calibrateCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    game: { type: 'string' },
    shuffles: { type: 'string' },
    blocks: { type: 'string' },
    power: { type: 'string' },
    sales: { type: 'string' },
    strength: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (values.game !== undefined && !GAME_IDS.includes(values.game as GameId))
    throw new UsageError(`--game "${values.game}" is not valid: expected ${GAME_IDS.join(' or ')}`);
  const games = values.game === undefined ? GAME_IDS : [values.game as GameId];
  const shuffles = wholeNumber('shuffles', values.shuffles, 1000);
  const blocks = wholeNumber('blocks', values.blocks, 100);
  const power = wholeNumber('power', values.power, 100);
  const seed = wholeNumber('seed', values.seed, 1, MAX_SEED);
  const sales = wholeNumber('sales', values.sales, 200);
  const strength = numberFlag('strength', values.strength, { min: 0, minExclusive: true, max: 1, integer: false }, 0.1);
  // a calibration that measures nothing must not say « every test is calibrated »
  if (shuffles + blocks + power + sales === 0)
    throw new UsageError(
      '--shuffles, --blocks, --power and --sales are all 0: nothing would be measured; give at least one above 0',
    );
  const estimate = calibrationSeconds(games, { shuffles, blocks, power, sales });
  if (estimate > MAX_CALIBRATION_SECONDS)
    throw new UsageError(
      `this calibration would take about ${minutes(estimate)} of one core: at most ${minutes(MAX_CALIBRATION_SECONDS)} is run; give smaller --shuffles, --blocks, --power or --sales`,
    );
  const calibrationRuns = shuffles + blocks > 0;
  const out: Record<string, unknown>[] = [];
  let allCalibrated = true;
  for (const game of games) {
    const table = officialTable(game, 50);
    const runs: { label: string; result: CalibrationResult; calibration: boolean; bias?: PlacementBias }[] = [];
    if (shuffles > 0)
      runs.push({
        label: `${game}: ${count(shuffles)} ideal shuffles`,
        result: calibratePlacement(table, { trials: shuffles, seed, source: 'shuffle' }),
        calibration: true,
      });
    if (blocks > 0)
      runs.push({
        label: `${game}: ${count(blocks)} generator placements`,
        result: calibratePlacement(table, { trials: blocks, seed, source: 'generator' }),
        calibration: true,
      });
    if (power > 0)
      for (const bias of PLACEMENT_BIASES)
        runs.push({
          label: `${game}: power, ${count(power)} shuffles biased "${bias}" at strength ${strength}`,
          result: calibratePlacement(table, { trials: power, seed, source: 'shuffle', bias, strength }),
          calibration: false,
          bias,
        });
    for (const r of runs) {
      if (r.calibration && r.result.rows.some((x) => !x.calibrated)) allCalibrated = false;
      if (values.json)
        out.push({ game, label: r.label, bias: r.bias ?? null, strength: r.bias ? strength : null, ...r.result });
      else
        process.stdout.write(
          `\n${r.label}\n${rowsText(r.result, r.calibration)}\nblocks failing at least one test alone: ${pct(r.result.anyFailureRate, 1)}\n`,
        );
    }
    if (sales > 0) {
      const cov = salesBandCoverage(table, sales, seed);
      const worst = cov.reduce((a, b) => (b.inside < a.inside ? b : a));
      const best = cov.reduce((a, b) => (b.inside > a.inside && b.share < 1 ? b : a));
      const label = `${game}: sales-curve 95 % band on ${count(sales)} shuffled blocks`;
      if (values.json) out.push({ game, label, salesBand: cov });
      else
        process.stdout.write(
          `\n${label}\n${textTable(
            ['sold', 'share', 'inside', 'below', 'above'],
            [worst, best].map((c) => [
              count(c.sold),
              pct(c.share, 1),
              pct(c.inside, 1),
              pct(c.below, 1),
              pct(c.above, 1),
            ]),
          )}\n(lowest and highest coverage over the curve's points)\n`,
        );
    }
  }
  // without shuffles or generator placements no false-failure rate was measured: say so, never « calibrated »
  const calibrated = calibrationRuns ? allCalibrated : null;
  if (values.json) process.stdout.write(`${JSON.stringify({ calibrated, runs: out }, null, 2)}\n`);
  else
    process.stdout.write(
      `\n${
        calibrated === null
          ? 'no false-failure rate measured (--shuffles and --blocks are 0): calibration not checked'
          : calibrated
            ? 'every test is calibrated'
            : 'SOME TEST IS NOT CALIBRATED'
      }\n`,
    );
  return calibrated === false ? 1 : 0;
}
