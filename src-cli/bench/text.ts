/** `bench`'s text: one language per line, with that language's number formats (`--lang`). */
import type { CliLang } from '../args';
import { formatDecimal } from '@engine';
import type { GameId } from '@engine';
import { count, textTable } from '../text-table';
import type { BenchResult, TimeShares } from './measure';
import type { CReferenceResult } from './c-reference-beside';

/** What a bench measured, as its text prints it. */
export interface BenchFigures {
  readonly results: readonly BenchResult[];
  readonly shares: readonly TimeShares[];
  /** The C reference's figures, or why it did not run. */
  readonly c: CReferenceResult | string;
  /** Worker threads of the many-worker runs. */
  readonly all: number;
  /** The plain C program's own scaling beside a game's runs, or null. */
  readonly ratio: (game: GameId) => number | null;
}

/** The bench as text, in one language with its own number formats (`--lang`). */
export function benchText(f: BenchFigures, lang: CliLang): string {
  const { results, shares, c, all } = f;
  const fr = lang === 'fr';
  const n = (x: number): string => count(x, lang);
  const times = (x: number): string => `${formatDecimal(x, lang, 2)}×`;
  const pct = (x: number): string => `${formatDecimal(100 * x, lang, 0)}${fr ? ' %' : '%'}`;
  const out: string[] = [];
  out.push(
    `${textTable(
      fr
        ? ['Jeu', 'Workers', 'Unités/s (médiane de 3)', 'Passes', 'Unités par seconde CPU', 'Mémoire max.']
        : ['Game', 'Workers', 'Units/s (median of 3)', 'Runs', 'Units per CPU-second', 'Peak RSS'],
      results.map((r) => [
        r.game,
        n(r.workers),
        n(r.units_per_second),
        r.runs_units_per_second.map(n).join(' / '),
        n(r.units_per_cpu_second),
        `${n(r.peak_rss_mb)} ${fr ? 'Mo' : 'MB'}`,
      ]),
    )}\n`,
  );
  for (const game of ['mine-d-or', 'les-3-gongs'] as const) {
    const one = results.find((r) => r.game === game && r.workers === 1);
    const many = results.find((r) => r.game === game && r.workers === all);
    if (one && many && many !== one) {
      const ratio = many.units_per_second / one.units_per_second;
      const m = f.ratio(game);
      const machine =
        m === null
          ? ''
          : fr
            ? ` ; le C seul, ${n(all)} processus à la fois juste après chaque passe, a donné ${times(m)} un seul :` +
              ` le rapport du moteur vaut ${formatDecimal(ratio / m, lang, 2)} de celui de la machine`
            : `; plain C, ${n(all)} processes at once right after each run, gave ${times(m)} one:` +
              ` the engine's ratio is ${formatDecimal(ratio / m, lang, 2)} of the machine's`;
      out.push(
        fr
          ? `${game} : ${n(all)} workers = ${times(ratio)} un seul worker${machine}\n`
          : `${game}: ${n(all)} workers = ${times(ratio)} one worker${machine}\n`,
      );
    }
  }
  const scaled = results.filter((r) => r.scaling !== null);
  if (scaled.length > 0) {
    const each = (xs: readonly number[]): string => xs.map(pct).join(' / ');
    out.push(
      `\n${
        fr
          ? "Où est allé le temps réel (toutes les passes mesurées ; par worker : en tâche / sur un cœur / en attente d'un cœur) :"
          : 'Where the wall time went (all timed runs; per worker: in jobs / on a core / waiting for a core):'
      }\n${textTable(
        fr
          ? [
              'Jeu',
              'Workers',
              'En tâche',
              'Sur un cœur',
              'En attente',
              'Thread principal sur un cœur',
              'Unités par seconde CPU de worker',
            ]
          : [
              'Game',
              'Workers',
              'In jobs',
              'On a core',
              'Waiting',
              'Main thread on a core',
              'Units per worker CPU-second',
            ],
        scaled.map((r) => {
          const x = r.scaling!;
          return [
            r.game,
            n(r.workers),
            each(x.worker_busy_share),
            each(x.worker_cpu_share),
            each(x.worker_wait_share),
            pct(x.main_cpu_share),
            n(x.units_per_worker_cpu_second),
          ];
        }),
      )}\n`,
    );
  }
  out.push(
    `\n${
      fr
        ? "Où va le temps d'un bloc (un thread, la plus rapide de 5 passes chacune) :"
        : "Where one block's time goes (one thread, fastest of 5 passes each):"
    }\n${textTable(
      fr
        ? ['Jeu', 'Placement', 'Génération', 'Évaluation', 'Enregistrements', 'Hachage']
        : ['Game', 'Placement', 'Generation', 'Evaluation', 'Records', 'Hashing'],
      shares.map((r) => [
        r.game,
        pct(r.placement),
        pct(r.generation),
        pct(r.evaluation),
        pct(r.records),
        pct(r.hashing),
      ]),
    )}\n`,
  );
  if (typeof c === 'string') {
    out.push(`\n${fr ? 'Référence C :' : 'C reference:'} ${c}\n`);
    return out.join('');
  }
  out.push(
    fr
      ? `\nRéférence C (scripts/c-reference, gcc -O2, un thread, Mine d'or à 0,50 €, les mêmes blocs juste après` +
          ` chaque passe à un worker ; médianes de 3) :\n` +
          `  avec l'empreinte    ${n(c.units_per_second)} unités/s ; moteur sur un worker = ${times(c.engine_ratio)} le C\n` +
          `  sans l'empreinte    ${n(c.units_per_second_no_digest)} unités/s ; moteur sur un worker = ${times(c.engine_ratio_no_digest)} le C\n` +
          `  par seconde CPU     ${n(c.units_per_cpu_second)} unités avec l'empreinte ; moteur = ${times(c.engine_cpu_ratio)} le C\n` +
          `  les enregistrements et le SHA-256 prennent ${pct(c.digest_share)} du temps du programme C ; ` +
          `ses empreintes ${c.digests_match ? 'égalent' : 'DIFFÈRENT DE'} celles du moteur pour les mêmes graines (R1)\n`
      : `\nC reference (scripts/c-reference, gcc -O2, one thread, Mine d'or at €0.50, the same blocks right after` +
          ` each one-worker run; medians of 3):\n` +
          `  with the digest    ${n(c.units_per_second)} units/s; engine on one worker = ${times(c.engine_ratio)} C\n` +
          `  without the digest ${n(c.units_per_second_no_digest)} units/s; engine on one worker = ${times(c.engine_ratio_no_digest)} C\n` +
          `  per CPU-second     ${n(c.units_per_cpu_second)} units with the digest; engine = ${times(c.engine_cpu_ratio)} C\n` +
          `  records and SHA-256 take ${pct(c.digest_share)} of the C program's time; ` +
          `its digests ${c.digests_match ? 'equal' : 'DIFFER FROM'} the engine's for the same seeds (R1)\n`,
  );
  return out.join('');
}
