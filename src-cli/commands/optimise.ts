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
import { defineCommand } from '../command-spec';
import { FORCE, GAME, LANG, STAKE } from '../common-options';
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

export const OPTIMISE = defineCommand({
  name: 'optimise',
  does: 'finds the integer lot counts that meet RTP and hit-rate targets, writes a scenario file',
  options: {
    game: { ...GAME.game, required: true },
    stake: { ...STAKE.stake, required: true },
    rtp: {
      type: 'string',
      value: '0.70|0.68..0.72',
      required: true,
      help: 'the RTP aimed at (0.70 or 70%), or a range it must fall in',
    },
    'rtp-tolerance': { type: 'string', value: '0.0001', help: 'how far from one RTP value the table may be' },
    'hit-rate': { type: 'string', value: '0.25', help: 'the share of winning units aimed at' },
    'hit-tolerance': { type: 'string', value: '0.005', help: 'how far from --hit-rate the table may be' },
    'top-prize': { type: 'string', value: 'EUR', help: 'the top prize, in euros' },
    'top-count': { type: 'string', value: 'N', help: 'how many top prizes the block holds' },
    'block-units': { type: 'string', value: 'N', help: 'units per block (default: the official block’s)' },
    amounts: { type: 'string', value: 'EUR,EUR,…', help: 'the prize amounts, replacing the official ones' },
    'add-amounts': { type: 'string', value: 'EUR,…', help: 'prize amounts added to the official ones' },
    bounds: {
      type: 'string',
      value: 'EUR=MIN..MAX,…',
      help: 'the lots an amount may have, from MIN to MAX (either side may be left out)',
    },
    'time-limit': { type: 'string', value: 'S', default: '20', help: 'seconds the solver may take (at most 3600)' },
    out: { type: 'string', value: 'FILE.json', required: true, help: 'the scenario file to write' },
    ...FORCE,
    ...LANG,
  },
});

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
  const { values } = parseFlags(argv, OPTIMISE);
  const lang = parseLang(values.lang);
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
            : { lots: parsePositive(values['top-count'], 'top-count', 10_000_000) }),
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
      : { blockUnits: parsePositive(values['block-units'], 'block-units', 10_000_000) }),
    ...(values.amounts === undefined ? {} : { amountsCents: parseAmounts(values.amounts, 'amounts') }),
    ...(values['add-amounts'] === undefined
      ? {}
      : { extraAmountsCents: parseAmounts(values['add-amounts'], 'add-amounts') }),
    ...(values.bounds === undefined ? {} : { levelBounds: parseBounds(values.bounds) }),
    lang,
  };
  const timeLimit = parsePositive(values['time-limit'], 'time-limit', 3600);
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
