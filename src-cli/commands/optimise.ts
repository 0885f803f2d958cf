/**
 * `optimise`: the integer lot counts that meet RTP, hit-rate, top-prize and per-level targets best
 * (engine `optimiseTable`, HiGHS mixed-integer), written as a scenario file the explorer opens
 * (atomic, `--force` to replace), and the table printed with its exact RTP and hit rate. Exit code
 * 1, with the reasons, when no table meets the constraints (proved by the diagnosis); exit code 3,
 * in words, when the solver gave no answer the engine can stand by (nothing said of a table).
 */
import { extname } from 'node:path';
import {
  analyseTable,
  formatDecimal,
  formatEuros,
  formatPercent,
  optimiseTable,
  parseEuros,
  parseGame,
  parseStake,
  scenarioTable,
  scenarioToJson,
} from '@engine';
import type { LevelBound, OptimisePhase, OptimiseRequest, RtpTarget } from '@engine';
import { parseFlags, parseLang } from '../args';
import type { CliLang } from '../args';
import { AtomicWriter } from '../atomic-file';
import { parsePositive } from '../block-args';
import { UsageError } from '../errors';
import { nodeSolver } from '../highs-node';
import { count, textTable } from '../text-table';

/** Exit code when no table meets the constraints. */
export const EXIT_NO_TABLE = 1;
/** Exit code when the solver could not answer (an error of HiGHS on every settings tried). */
export const EXIT_UNSOLVED = 3;

export const OPTIMISE_USAGE =
  'optimise --game mine-d-or|les-3-gongs --stake 0.5|1|2 --rtp 0.70|0.68..0.72 [--rtp-tolerance 0.0001] [--hit-rate 0.25] [--hit-tolerance 0.005] [--top-prize EUR] [--top-count N] [--block-units N] [--amounts EUR,EUR,…] [--add-amounts EUR,…] [--bounds EUR=MIN..MAX,…] [--time-limit S] --out FILE.json [--force] [--lang fr|en]';

/** A share typed as 0.70 or 70%. */
export function parseShare(text: string, flag: string): number {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(text);
  // « 19.5% » is read as the decimal 0.195 (e-2), never 19.5 / 100 and its binary rounding
  const v = m ? Number(m[2] ? `${m[1]}e-2` : m[1]) : NaN;
  if (!(v >= 0 && v <= 1)) {
    throw new UsageError(`--${flag} "${text}" is not valid: expected a share from 0 to 1, such as 0.70 or 70%`);
  }
  return v;
}

function parseRtp(text: string, tolerance: string | undefined): RtpTarget {
  const range = /^(.+)\.\.(.+)$/.exec(text);
  if (range) {
    if (tolerance !== undefined) throw new UsageError('--rtp-tolerance goes with one RTP value, not with a range');
    return { min: parseShare(range[1]!, 'rtp'), max: parseShare(range[2]!, 'rtp') };
  }
  return {
    target: parseShare(text, 'rtp'),
    ...(tolerance === undefined ? {} : { tolerance: parseShare(tolerance, 'rtp-tolerance') }),
  };
}

/** An amount in euros ("7500", "0.5", "0,50 €"), in cents. */
function parseAmount(text: string, flag: string): number {
  const c = parseEuros(text);
  if (c === null || c <= 0) {
    throw new UsageError(`--${flag}: "${text}" is not an amount in euros above 0 (such as 7500 or 0.5)`);
  }
  return c;
}

const parseAmounts = (text: string, flag: string): number[] => text.split(',').map((a) => parseAmount(a, flag));

/** `EUR=MIN..MAX` items: either bound may be left out (`20=100..`, `1=..5000`). */
function parseBounds(text: string): LevelBound[] {
  return text.split(',').map((item) => {
    const m = /^([^=]+)=(\d*)\.\.(\d*)$/.exec(item.trim());
    if (!m || (m[2] === '' && m[3] === '')) {
      throw new UsageError(`--bounds: "${item}" is not valid: expected AMOUNT=MIN..MAX, such as 20=15000..25000`);
    }
    return {
      prizeCents: parseAmount(m[1]!.trim(), 'bounds'),
      ...(m[2] ? { min: Number(m[2]) } : {}),
      ...(m[3] ? { max: Number(m[3]) } : {}),
    };
  });
}

const PHASE_TEXT: Record<CliLang, Record<OptimisePhase, string>> = {
  en: {
    rtp: 'RTP',
    'hit-rate': 'hit rate',
    closeness: 'closeness to the official counts',
    diagnosis: 'looking for the reason (one constraint relaxed at a time)',
    verification: "checking the answer with the engine's exact figures",
  },
  fr: {
    rtp: 'TRJ',
    'hit-rate': 'fréquence de gain',
    closeness: 'proximité des effectifs officiels',
    diagnosis: 'recherche de la raison (une contrainte relâchée à la fois)',
    verification: 'vérification de la réponse avec les chiffres exacts du moteur',
  },
};

/** The table found, as text in one language with its own number formats (`--lang`). */
export function tableFoundText(
  scenario: Parameters<typeof scenarioTable>[0],
  proven: boolean,
  seconds: number,
  out: string,
  lang: CliLang,
): string {
  const a = analyseTable(scenarioTable(scenario));
  const fr = lang === 'fr';
  const eur = (c: number): string => formatEuros(c, lang);
  const pct = (x: number): string => formatPercent(x, lang);
  const n = (x: number): string => count(x, lang);
  const rows = a.levels.map((l) => [
    eur(l.prizeCents),
    n(l.lots),
    l.lots > 0 ? `${fr ? '1 sur' : '1 in'} ${n(Math.round(1 / l.probability))}` : '—',
    pct(l.rtpContribution),
  ]);
  const oneIn = formatDecimal(a.oneIn, lang, 2);
  const time = formatDecimal(seconds, lang, 2);
  return [
    fr
      ? `${scenario.name} : ${scenario.game}, mise ${eur(scenario.stakeCents)}, bloc de ${n(scenario.blockUnits)} unités`
      : `${scenario.name}: ${scenario.game}, stake ${eur(scenario.stakeCents)}, block of ${n(scenario.blockUnits)} units`,
    textTable(fr ? ['montant', 'lots', 'chances', 'part du TRJ'] : ['amount', 'lots', 'odds', 'RTP share'], rows),
    fr
      ? `TRJ ${pct(a.rtp)} (${eur(a.totalCents)} payés) · fréquence de gain ${pct(a.hitRate)} (${n(a.lots)} unités gagnantes, 1 sur ${oneIn}) · fourchette légale ${a.insideBand ? 'respectée' : 'NON RESPECTÉE'}`
      : `RTP ${pct(a.rtp)} (${eur(a.totalCents)} paid) · hit rate ${pct(a.hitRate)} (${n(a.lots)} winning units, 1 in ${oneIn}) · legal band ${a.insideBand ? 'inside' : 'OUTSIDE'}`,
    fr
      ? `${proven ? 'meilleur tableau prouvé par le solveur' : 'meilleur tableau trouvé dans le temps imparti (non prouvé optimal)'}, vérifié avec les chiffres exacts du moteur, en ${time} s`
      : `${proven ? 'best table proved by the solver' : 'best table found within the time limit (not proved best)'}, checked with the engine's exact figures, in ${time} s`,
    fr ? `${out} écrit` : `Wrote ${out}`,
    '',
  ].join('\n');
}

export async function optimiseCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, {
    game: { type: 'string' },
    stake: { type: 'string' },
    rtp: { type: 'string' },
    'rtp-tolerance': { type: 'string' },
    'hit-rate': { type: 'string' },
    'hit-tolerance': { type: 'string' },
    'top-prize': { type: 'string' },
    'top-count': { type: 'string' },
    'block-units': { type: 'string' },
    amounts: { type: 'string' },
    'add-amounts': { type: 'string' },
    bounds: { type: 'string' },
    'time-limit': { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
    lang: { type: 'string' },
  });
  const lang = parseLang(values.lang);
  if (values.game === undefined)
    throw new UsageError(`--game is required: ${OPTIMISE_USAGE}`, `--game est obligatoire : ${OPTIMISE_USAGE}`);
  if (values.stake === undefined)
    throw new UsageError(`--stake is required: ${OPTIMISE_USAGE}`, `--stake est obligatoire : ${OPTIMISE_USAGE}`);
  if (values.rtp === undefined)
    throw new UsageError(`--rtp is required: ${OPTIMISE_USAGE}`, `--rtp est obligatoire : ${OPTIMISE_USAGE}`);
  if (values.out === undefined)
    throw new UsageError(`--out is required: ${OPTIMISE_USAGE}`, `--out est obligatoire : ${OPTIMISE_USAGE}`);
  if (extname(values.out).toLowerCase() !== '.json')
    throw new UsageError(`--out "${values.out}" must end in .json`, `--out "${values.out}" doit finir par .json`);
  if (values['hit-tolerance'] !== undefined && values['hit-rate'] === undefined) {
    throw new UsageError('--hit-tolerance goes with --hit-rate', '--hit-tolerance va avec --hit-rate');
  }
  const topPrize =
    values['top-prize'] === undefined && values['top-count'] === undefined
      ? undefined
      : {
          ...(values['top-prize'] === undefined ? {} : { prizeCents: parseAmount(values['top-prize'], 'top-prize') }),
          ...(values['top-count'] === undefined
            ? {}
            : { lots: parsePositive(values['top-count'], 'top-count', 10_000_000, 1) }),
        };
  const request: OptimiseRequest = {
    game: parseGame(values.game),
    stakeCents: parseStake(values.stake),
    rtp: parseRtp(values.rtp, values['rtp-tolerance']),
    ...(values['hit-rate'] === undefined
      ? {}
      : {
          hitRate: {
            target: parseShare(values['hit-rate'], 'hit-rate'),
            ...(values['hit-tolerance'] === undefined
              ? {}
              : { tolerance: parseShare(values['hit-tolerance'], 'hit-tolerance') }),
          },
        }),
    ...(topPrize ? { topPrize } : {}),
    ...(values['block-units'] === undefined
      ? {}
      : { blockUnits: parsePositive(values['block-units'], 'block-units', 10_000_000, 1) }),
    ...(values.amounts === undefined ? {} : { amountsCents: parseAmounts(values.amounts, 'amounts') }),
    ...(values['add-amounts'] === undefined
      ? {}
      : { extraAmountsCents: parseAmounts(values['add-amounts'], 'add-amounts') }),
    ...(values.bounds === undefined ? {} : { levelBounds: parseBounds(values.bounds) }),
    lang,
  };
  const timeLimit = parsePositive(values['time-limit'], 'time-limit', 3600, 20);
  // the file is checked (exists without --force, a folder…) before the solver runs
  const out = await AtomicWriter.open(values.out, { force: values.force });
  try {
    let solve: Awaited<ReturnType<typeof nodeSolver>>;
    try {
      solve = await nodeSolver(timeLimit);
    } catch (e) {
      await out.abort();
      const why = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
      process.stderr.write(`error: the solver (HiGHS) could not be loaded: ${why} (nothing was written)\n`);
      return EXIT_UNSOLVED;
    }
    const t0 = performance.now();
    const result = await optimiseTable(request, solve, (p) => {
      if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${PHASE_TEXT[lang][p]}…`);
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    const seconds = (performance.now() - t0) / 1000;
    if (!result.ok && result.verdict === 'unsolved') {
      await out.abort();
      process.stderr.write(
        lang === 'fr'
          ? `erreur : ${result.reasons.map((r) => r.fr).join(' ; ')} (rien n'a été écrit)\n`
          : `error: ${result.reasons.map((r) => r.en).join('; ')} (nothing was written)\n`,
      );
      return EXIT_UNSOLVED;
    }
    if (!result.ok) {
      await out.abort();
      process.stderr.write(
        `${lang === 'fr' ? "aucun tableau ne respecte ces contraintes (rien n'a été écrit) :" : 'no table meets these constraints (nothing was written):'}\n${result.reasons.map((r) => `  - ${r[lang]}\n`).join('')}`,
      );
      return EXIT_NO_TABLE;
    }
    await out.write(scenarioToJson(result.scenario));
    await out.commit();
    process.stdout.write(tableFoundText(result.scenario, result.proven, seconds, values.out, lang));
    return 0;
  } catch (e) {
    await out.abort();
    throw e;
  }
}
