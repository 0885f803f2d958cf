/**
 * `calibrate`: runs every placement test on ideal shuffles and on the generator's own placements of
 * the official tables, and prints each test's false-failure rate at 1 % with its 99 % interval and
 * a KS test of the uniformity of its p-values, and the false alarms of verifications of 20 fair
 * blocks; then the power table: each stated bias at two strengths on N biased shuffles, the overall
 * verdict's detection rate with its 95 % interval and which test decided; and what the sales
 * curve's normal 95 % band covers on shuffled blocks. Exit code 1 when a test's rate leaves its
 * interval.
 */
import { numberFlag, parseFlags, parseLang } from '../args';
import type { CliLang } from '../args';
import {
  BIAS_TEXT,
  EmissionAlarmCounter,
  GAME_IDS,
  POWER_PLAN,
  MAX_SEED,
  PLACEMENT_BIASES,
  REUSE_BIAS_TEXT,
  REUSE_PLAN,
  calibratePlacement,
  clopperPearson,
  formatDecimal,
  formatPercent,
  officialTable,
  reusePower,
  salesBandCoverage,
  setFalseAlarms,
} from '@engine';
import type { CalibrationResult, CalibrationRow, EmissionAlarms, GameId, PlacementBias, ReuseBias } from '@engine';
import { UsageError } from '../errors';
import { defineCommand } from '../command-spec';
import { GAME, JSON_OUTPUT, LANG } from '../common-options';
import { count, textTable } from '../text-table';

export const CALIBRATE = defineCommand({
  name: 'calibrate',
  does: 'measures the placement tests’ false-failure rate and power',
  options: {
    game: { ...GAME.game, help: 'the game calibrated (default: both)' },
    shuffles: { type: 'string', value: 'N', default: '200', help: 'ideal shuffles, for the tests’ false-failure rate' },
    blocks: {
      type: 'string',
      value: 'N',
      default: '40',
      help: 'the generator’s placements of the official tables, for the same rate',
    },
    power: { type: 'string', value: 'N', default: '20', help: 'biased shuffles per bias and strength, for the power' },
    strength: { type: 'string', value: 'S', help: 'one bias strength from 0 to 1 instead of each bias’s plan' },
    sales: {
      type: 'string',
      value: 'N',
      default: '200',
      help: 'shuffled blocks whose sales curve is checked against its 95% band',
    },
    seed: { type: 'string', value: 'S', default: '1', help: 'the first seed of the trials' },
    ...LANG,
    ...JSON_OUTPUT,
  },
});

/** Blocks in a verification whose false alarms are measured (`verify A B …` over 20 files). */
const SET_SIZE = 20;

/** One row of the power table. */
interface PowerRow {
  readonly bias: PlacementBias | ReuseBias;
  readonly strength: number;
  /** Whether this is the strength stated for the bias (the first of its plan). */
  readonly stated: boolean;
  readonly blocks: number;
  readonly detected: number;
  readonly low: number;
  readonly high: number;
  readonly firedBy: Readonly<Record<string, number>>;
}

/** The words of the text, one language per line (`--lang`); numbers follow the same language. */
const WORDS = {
  en: {
    power: ['bias', 'strength', 'detected', '95% interval', 'decided by (smallest p)'],
    calibration: ['test', 'failures', 'rate at 1%', '99% interval', 'KS D', 'KS p', 'calibrated'],
    powerOnly: ['test', 'rejections', 'power'],
    yes: 'yes',
    no: 'NO',
    shuffles: (game: string, n: string) => `${game}: ${n} ideal shuffles`,
    placements: (game: string, n: string) => `${game}: ${n} generator placements`,
    anyFailure: (p: string) => `blocks failing at least one test alone: ${p}`,
    overallBy: (list: string) => `overall verdict's failures, by the test with the smallest p: ${list}`,
    sets: (size: number, alarms: string, sets: string) =>
      `verifications of ${size} of these blocks together (Holm over the set): ${alarms} false alarms in ${sets} sets`,
    setInterval: (low: string, high: string) => ` (95% interval ${low} – ${high})`,
    emissions: (size: number, a: EmissionAlarms, n: (x: number) => string) =>
      `emissions of ${size} of these blocks (placement by Holm over the emission at 0.5%; winners laid pair by pair, Holm over ${n((size * (size - 1)) / 2)} pairs at 0.5%; at most 1% in all): ${n(a.either)} false alarms in ${n(a.sets)} (placement ${n(a.placement)}, reused winners ${n(a.reuse)})`,
    reuseNote: (size: number, pairs: string) =>
      `  (reused-*: the pair caught when its p-value is at most 0.5% / ${pairs}, Holm's threshold for the most alike pair of an emission of ${size} blocks, at the reuse check's half of the emission's 1%)`,
    powerTitle: (game: string, n: string) =>
      `${game}: power of the overall verdict (Holm at 1%) on ${n} biased shuffles per row (* the strength stated for the bias)`,
    powerLabel: (game: string) => `${game}: power table`,
    salesLabel: (game: string, n: string) => `${game}: sales-curve 95% band on ${n} shuffled blocks`,
    sales: ['sold', 'share', 'inside', 'below', 'above'],
    salesNote: "(lowest and highest coverage over the curve's points)",
    notChecked: 'no false-failure rate measured (--shuffles and --blocks are 0): calibration not checked',
    calibrated: 'every test is calibrated',
    notCalibrated: (tests: string, k: number, chance: string) =>
      `finding: ${tests} outside its 99% interval; with ${k} intervals at 99%, ${chance} of runs of fair tests have one outside by chance: measure again with another --seed before calling a test biased`,
  },
  fr: {
    power: ['biais', 'force', 'détectés', 'intervalle à 95 %', 'décidé par (plus petit p)'],
    calibration: ['test', 'échecs', 'taux à 1 %', 'intervalle à 99 %', 'KS D', 'KS p', 'calibré'],
    powerOnly: ['test', 'rejets', 'puissance'],
    yes: 'oui',
    no: 'NON',
    shuffles: (game: string, n: string) => `${game} : ${n} mélanges idéaux`,
    placements: (game: string, n: string) => `${game} : ${n} placements du générateur`,
    anyFailure: (p: string) => `blocs échouant à au moins un test seul : ${p}`,
    overallBy: (list: string) => `échecs du verdict global, par le test de plus petit p : ${list}`,
    sets: (size: number, alarms: string, sets: string) =>
      `vérifications de ${size} de ces blocs ensemble (Holm sur l'ensemble) : ${alarms} fausses alarmes sur ${sets} ensembles`,
    setInterval: (low: string, high: string) => ` (intervalle à 95 % ${low} – ${high})`,
    emissions: (size: number, a: EmissionAlarms, n: (x: number) => string) =>
      `émissions de ${size} de ces blocs (placement par Holm sur l'émission à 0,5 % ; gagnants superposés paire par paire, Holm sur ${n((size * (size - 1)) / 2)} paires à 0,5 % ; au plus 1 % en tout) : ${n(a.either)} fausses alarmes sur ${n(a.sets)} (placement ${n(a.placement)}, gagnants réemployés ${n(a.reuse)})`,
    reuseNote: (size: number, pairs: string) =>
      `  (reused-* : la paire est trouvée quand sa p-valeur vaut au plus 0,5 % / ${pairs}, le seuil de Holm pour la paire la plus semblable d'une émission de ${size} blocs, à la moitié du 1 % de l'émission qui revient au réemploi)`,
    powerTitle: (game: string, n: string) =>
      `${game} : puissance du verdict global (Holm à 1 %) sur ${n} mélanges biaisés par ligne (* la force annoncée pour le biais)`,
    powerLabel: (game: string) => `${game} : table de puissance`,
    salesLabel: (game: string, n: string) => `${game} : bande à 95 % de la courbe des ventes sur ${n} blocs mélangés`,
    sales: ['vendues', 'part', 'dedans', 'en dessous', 'au-dessus'],
    salesNote: '(couverture la plus basse et la plus haute sur les points de la courbe)',
    notChecked: 'aucun taux de faux échec mesuré (--shuffles et --blocks valent 0) : calibrage non vérifié',
    calibrated: 'chaque test est calibré',
    notCalibrated: (tests: string, k: number, chance: string) =>
      `constat : ${tests} hors de son intervalle à 99 % ; avec ${k} intervalles à 99 %, ${chance} des mesures de tests justes en ont un dehors par hasard : mesurer de nouveau avec une autre --seed avant de dire un test biaisé`,
  },
} as const;

const firedText = (f: Readonly<Record<string, number>>, lang: CliLang): string =>
  Object.entries(f)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${count(v, lang)}`)
    .join(', ') || '—';

function powerText(rows: readonly PowerRow[], lang: CliLang): string {
  const pct = percent(lang);
  return textTable(
    WORDS[lang].power,
    rows.map((r) => [
      `${r.bias}${r.stated ? ' *' : ''}`,
      formatDecimal(r.strength, lang, r.strength < 0.01 ? 3 : 2),
      `${count(r.detected, lang)}/${count(r.blocks, lang)}`,
      `${pct(r.low, 1)} – ${pct(r.high, 1)}`,
      firedText(r.firedBy, lang),
    ]),
  );
}

/** A count flag: a whole number from 0 to 1,000,000 (the engine's strict reader: no `0x10`, `1e3`, `+1`, `""`). */
const wholeNumber = (name: string, text: string, max = 1_000_000): number => numberFlag(name, text, { min: 0, max });

/**
 * Seconds of one core per trial of a block of a million units, measured on the project's build
 * machine (rounded up): an ideal shuffle with its tests and its share of its emission's pairs, a
 * generator placement (the same), a biased shuffle, a reused pair, a sales curve. A run is refused
 * before it starts when its estimate passes {@link MAX_CALIBRATION_SECONDS}.
 */
const SECONDS_PER_MILLION = { shuffle: 0.16, generator: 0.17, power: 0.09, reuse: 0.12, sales: 0.04 } as const;
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
        c.power * PLACEMENT_BIASES.length * 2 * k.power +
        c.power * REUSE_PLAN.length * 2 * k.reuse +
        c.sales * k.sales);
  }
  return s;
}

const minutes = (s: number): string => (s < 90 ? `${Math.ceil(s)} s` : `${Math.ceil(s / 60)} min`);

/** A ratio as a percentage in the line's language: « 2,50 % » (fr, plain space for the terminal) or « 2.50% » (en). */
const percent =
  (lang: CliLang) =>
  (x: number, digits = 2): string =>
    formatPercent(x, lang, digits).replace(/\u00a0/g, ' ');

function rowsText(result: CalibrationResult, withUniformity: boolean, lang: CliLang): string {
  const all: CalibrationRow[] = [...result.rows, result.overall];
  const pct = percent(lang);
  const w = WORDS[lang];
  return textTable(
    withUniformity ? w.calibration : w.powerOnly,
    all.map((r) =>
      withUniformity
        ? [
            r.key,
            `${count(r.rejections, lang)}/${count(r.trials, lang)}`,
            pct(r.rate),
            `${pct(r.low)} – ${pct(r.high)}`,
            formatDecimal(r.uniformityD, lang, 4),
            formatDecimal(r.uniformityP, lang, 4),
            r.calibrated ? w.yes : w.no,
          ]
        : [r.key, `${count(r.rejections, lang)}/${count(r.trials, lang)}`, pct(r.rate, 1)],
    ),
  );
}

/**
 * The line for intervals that 1 % fell outside of: a finding, with the chance that fair tests give
 * one among that many 99 % intervals, never a verdict that a test is biased.
 */
export function notCalibratedText(outside: readonly string[], intervals: number, lang: CliLang): string {
  return WORDS[lang].notCalibrated(outside.join(', '), intervals, percent(lang)(1 - 0.99 ** intervals, 0));
}

export async function calibrateCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, CALIBRATE);
  const lang = parseLang(values.lang);
  const w = WORDS[lang];
  const pct = percent(lang);
  const games = values.game === undefined ? GAME_IDS : [values.game as GameId];
  const shuffles = wholeNumber('shuffles', values.shuffles);
  const blocks = wholeNumber('blocks', values.blocks);
  const power = wholeNumber('power', values.power);
  const seed = wholeNumber('seed', values.seed, MAX_SEED);
  const sales = wholeNumber('sales', values.sales);
  const strength =
    values.strength === undefined
      ? null
      : numberFlag('strength', values.strength, { min: 0, minExclusive: true, max: 1, integer: false });
  // a calibration that measures nothing must not say « every test is calibrated »
  if (shuffles + blocks + power + sales === 0)
    throw new UsageError(
      '--shuffles, --blocks, --power and --sales are all 0: nothing would be measured; give at least one above 0',
      '--shuffles, --blocks, --power et --sales valent tous 0 : rien ne serait mesuré ; donnez-en au moins un au-dessus de 0',
    );
  const estimate = calibrationSeconds(games, { shuffles, blocks, power, sales });
  if (estimate > MAX_CALIBRATION_SECONDS)
    throw new UsageError(
      `this calibration would take about ${minutes(estimate)} of one core: at most ${minutes(MAX_CALIBRATION_SECONDS)} is run; give smaller --shuffles, --blocks, --power or --sales`,
    );
  const calibrationRuns = shuffles + blocks > 0;
  const out: Record<string, unknown>[] = [];
  let allCalibrated = true;
  /** Every interval checked, and those 1 % fell outside of (game and test). */
  let intervals = 0;
  const outside: string[] = [];
  const write = (text: string): void => {
    if (!values.json) process.stdout.write(text);
  };
  for (const game of games) {
    const table = officialTable(game, 50);
    const runs: { label: string; result: CalibrationResult; emissions: EmissionAlarms }[] = [];
    // the same blocks, 20 at a time, are the emissions whose checks across blocks are calibrated
    const run = (label: string, trials: number, source: 'shuffle' | 'generator'): void => {
      const counter = new EmissionAlarmCounter(SET_SIZE);
      const result = calibratePlacement(table, { trials, seed, source, onLevels: (l) => counter.add(l) });
      runs.push({ label, result, emissions: counter.result(result.blockP) });
    };
    if (shuffles > 0) run(w.shuffles(game, count(shuffles, lang)), shuffles, 'shuffle');
    if (blocks > 0) run(w.placements(game, count(blocks, lang)), blocks, 'generator');
    for (const r of runs) {
      if (r.result.rows.some((x) => !x.calibrated)) allCalibrated = false;
      intervals += r.result.rows.length;
      for (const x of r.result.rows) if (!x.calibrated) outside.push(`${game} ${x.key}`);
      const { blockP, ...rest } = r.result;
      const sets = setFalseAlarms(blockP, SET_SIZE);
      const interval = (k: number, n: number): string => {
        if (n === 0) return '\n';
        const b = clopperPearson(k, n, 0.95);
        return `${w.setInterval(pct(b.low, 1), pct(b.high, 1))}\n`;
      };
      if (values.json)
        out.push({ game, label: r.label, bias: null, strength: null, ...rest, sets20: sets, emissions20: r.emissions });
      write(
        `\n${r.label}\n${rowsText(r.result, true, lang)}\n${w.anyFailure(pct(r.result.anyFailureRate, 1))}\n` +
          `${w.overallBy(firedText(r.result.overallBy, lang))}\n` +
          w.sets(SET_SIZE, count(sets.alarms, lang), count(sets.sets, lang)) +
          interval(sets.alarms, sets.sets) +
          w.emissions(SET_SIZE, r.emissions, (x) => count(x, lang)) +
          interval(r.emissions.either, r.emissions.sets),
      );
    }
    // the power table is for the Mine d'or 0.50 € table unless a game is named (time: 24 rows of blocks)
    if (power > 0 && (values.game !== undefined || game === 'mine-d-or')) {
      const rows: PowerRow[] = [];
      for (const plan of POWER_PLAN) {
        const strengths = strength === null ? plan.strengths : [strength];
        strengths.forEach((s, i) => {
          const r = calibratePlacement(table, {
            trials: power,
            seed,
            source: 'shuffle',
            bias: plan.bias,
            strength: s,
            confidence: 0.95,
          });
          rows.push({
            bias: plan.bias,
            strength: s,
            stated: strength === null && i === 0,
            blocks: power,
            detected: r.overall.rejections,
            low: r.overall.low,
            high: r.overall.high,
            firedBy: r.firedBy,
          });
        });
      }
      for (const plan of REUSE_PLAN) {
        const strengths = strength === null ? plan.strengths : [strength];
        strengths.forEach((s, i) => {
          const r = reusePower(table, { trials: power, seed, bias: plan.bias, strength: s, setSize: SET_SIZE });
          rows.push({
            bias: plan.bias,
            strength: s,
            stated: strength === null && i === 0,
            blocks: power,
            detected: r.detected,
            low: r.low,
            high: r.high,
            firedBy: r.detected > 0 ? { winnersReused: r.detected } : {},
          });
        });
      }
      if (values.json) out.push({ game, label: w.powerLabel(game), power: rows });
      const legend: (readonly [string, string])[] = [
        ...POWER_PLAN.map((p) => [p.bias, BIAS_TEXT[p.bias][lang]] as const),
        ...REUSE_PLAN.map((p) => [p.bias, REUSE_BIAS_TEXT[p.bias][lang]] as const),
      ];
      write(
        `\n${w.powerTitle(game, count(power, lang))}\n${powerText(rows, lang)}\n` +
          `${legend.map(([bias, text]) => `  ${bias}${lang === 'fr' ? ' :' : ':'} ${text}`).join('\n')}\n` +
          `${w.reuseNote(SET_SIZE, count((SET_SIZE * (SET_SIZE - 1)) / 2, lang))}\n`,
      );
    }
    if (sales > 0) {
      const cov = salesBandCoverage(table, sales, seed);
      const worst = cov.reduce((a, b) => (b.inside < a.inside ? b : a));
      const best = cov.reduce((a, b) => (b.inside > a.inside && b.share < 1 ? b : a));
      const label = w.salesLabel(game, count(sales, lang));
      if (values.json) out.push({ game, label, salesBand: cov });
      else
        process.stdout.write(
          `\n${label}\n${textTable(
            w.sales,
            [worst, best].map((c) => [
              count(c.sold, lang),
              pct(c.share, 1),
              pct(c.inside, 1),
              pct(c.below, 1),
              pct(c.above, 1),
            ]),
          )}\n${w.salesNote}\n`,
        );
    }
  }
  // without shuffles or generator placements no false-failure rate was measured: say so, never « calibrated »
  const calibrated = calibrationRuns ? allCalibrated : null;
  if (values.json) process.stdout.write(`${JSON.stringify({ calibrated, runs: out }, null, 2)}\n`);
  else
    process.stdout.write(
      `\n${
        calibrated === null ? w.notChecked : calibrated ? w.calibrated : notCalibratedText(outside, intervals, lang)
      }\n`,
    );
  return calibrated === false ? 1 : 0;
}
