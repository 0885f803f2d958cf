/**
 * `simulate`: builds whole blocks in worker threads, audits every unit (R4) and prints the
 * reconciliation against the official table (art. 3), RTP, hit rate, verdict and digest.
 */
import {
  formatDecimal,
  formatEuros,
  formatPercent,
  PRESENTATION_COLUMNS,
  getRules,
  officialBlock,
  presentationRows,
  tableFigures,
  weightsToJson,
} from '@engine';
import type { BlockResult, PrizeTable, StakeCents, TableIdentity } from '@engine';
import { isSingular, plural, tableLine } from '@engine';
import { expectedColumn, runIdentity } from '@shared/block-run/identity';
import { BLOCK_RUN_OPTIONS, parseBlockRun } from '../block-args';
import { parseFlags, parseLang } from '../args';
import { defineCommand, usageLine } from '../command-spec';
import { JSON_OUTPUT, LANG } from '../common-options';
import type { CliLang } from '../args';
import { runBlocks } from '@shared/block-run/runner';
import type { BlockRunProgress } from '@shared/block-run/runner';
import { threadPool } from '../pool';
import { count, textTable } from '../text-table';
import { oneLine, quotedPath } from '../errors';

export const SIMULATE = defineCommand({
  name: 'simulate',
  does: 'builds and audits whole blocks, prints the reconciliation per prize level (art. 3), RTP and digests (R1, R4)',
  options: {
    ...BLOCK_RUN_OPTIONS,
    blocks: { ...BLOCK_RUN_OPTIONS.blocks, help: 'how many blocks, of seeds S, S+1, …, at most 1000' },
    ...LANG,
    ...JSON_OUTPUT,
  },
  forms: [
    {
      oneOf: [
        ['game', 'stake'],
        ['table', '?stake'],
      ],
    },
  ],
});

/**
 * The JSON of `simulate --json` (README): the table named (official or scenario, by name, and its
 * digest), and each level's expected count under `official` for the official table only, under
 * `scenario` for a scenario's own counts.
 */
export function simulateJson(results: readonly BlockResult[], table: TableIdentity): unknown {
  const first = results[0]!;
  const expected = expectedColumn(table);
  return {
    game: first.game,
    stake_cents: first.stakeCents,
    generator: first.generator,
    table: { kind: table.kind, name: table.name, sha256: table.digest },
    ...(first.m6Reading === 'strict' ? { m6_reading: 'strict' } : {}),
    ...(first.weights ? { presentation_weights: weightsToJson(first.game, first.weights) } : {}),
    blocks: results.map((r) => ({
      seed: r.seed,
      units: r.units,
      digest: r.digest,
      levels: r.levels.map((l) => ({ prize_cents: l.prizeCents, [expected]: l.official, simulated: l.simulated })),
      losing: r.losing.simulated,
      paid_cents: r.paidCents,
      rtp: r.rtp,
      audit: { ok: r.audit.ok, mismatches: r.audit.mismatches },
    })),
  };
}

/** Column names of the presentation table, in each language of the command line. */
const COLUMN_NAMES: Readonly<Record<CliLang, Readonly<Record<string, string>>>> = {
  en: {
    winMain: 'main grid',
    winExtra: 'Extra stage',
    winBoth: 'main+Extra',
    winNone: 'no gain',
    aligned: 'aligned',
    notAligned: 'not aligned',
    extra0: '0 EXTRA',
    extra1: '1 EXTRA',
    extra2: '2 EXTRA',
    extra3: '3 EXTRA',
    direct: 'direct',
    bonus: 'Bonus',
    lose: 'lost',
    nearMiss: 'near miss',
  },
  fr: {
    winMain: 'grille princ.',
    winExtra: 'étape Extra',
    winBoth: 'princ.+Extra',
    winNone: 'sans gain',
    aligned: 'aligné',
    notAligned: 'non aligné',
    extra0: '0 EXTRA',
    extra1: '1 EXTRA',
    extra2: '2 EXTRA',
    extra3: '3 EXTRA',
    direct: 'direct',
    bonus: 'Bonus',
    lose: 'perdu',
    nearMiss: 'quasi-gain',
  },
};

/** The words of the text, one language per line (`--lang`); numbers and amounts follow the same language. */
const WORDS = {
  en: {
    lot: 'Lot',
    losing: 'losing',
    official: 'Official',
    table: 'Table',
    simulated: 'Simulated',
    diff: 'Diff',
    paid: 'Paid',
    block: (seed: string, units: string, game: string, stake: string) =>
      `Block seed ${seed} (${units} units, ${game}, ${stake} stake)`,
    paidLine: (paid: string, which: string, official: string) => `Paid ${paid} (${which} ${official})`,
    whichOfficial: 'official',
    whichTable: 'table',
    figures: (rtp: string, which: string, ref: string, hit: string, oneIn: string, sd: string) =>
      `RTP ${rtp} (${which} ${ref}) · hit rate ${hit} (1 in ${oneIn}) · sd ${sd} stakes`,
    pass: 'Audit: PASS: every unit re-derived by the evaluator equals its assigned lot, and every level count equals the table (R4)',
    fail: (units: number, levels: number) =>
      `Audit: FAIL: ${units} ${isSingular(units, 'en') ? 'unit differs' : 'units differ'}, level counts off at ${levels} ${plural(levels, 'en', 'level', 'levels')} (R4)`,
    mismatch: (i: string, a: string, e: string, why: string) => `  unit ${i}: assigned ${a}, evaluated ${e}: ${why}`,
    invalid: 'invalid',
    shown: 'How each level was shown (M3–M5, G2):',
    digest: 'Digest SHA-256:',
    merkle: 'Merkle root:   ',
    time: (s: string) => `Time: ${s} s`,
  },
  fr: {
    lot: 'Lot',
    losing: 'perdant',
    official: 'Officiel',
    table: 'Tableau',
    simulated: 'Simulé',
    diff: 'Écart',
    paid: 'Payé',
    block: (seed: string, units: string, game: string, stake: string) =>
      `Bloc de graine ${seed} (${units} unités, ${game}, mise ${stake})`,
    paidLine: (paid: string, which: string, official: string) => `Payé ${paid} (${which} ${official})`,
    whichOfficial: 'officiel',
    whichTable: 'tableau',
    figures: (rtp: string, which: string, ref: string, hit: string, oneIn: string, sd: string) =>
      `TRJ ${rtp} (${which} ${ref}) · fréquence de gain ${hit} (1 sur ${oneIn}) · écart type ${sd} mises`,
    pass: 'Audit : CONFORME : chaque unité re-dérivée par l’évaluateur égale son lot attribué, et chaque niveau compte les lots du tableau (R4)',
    fail: (units: number, levels: number) =>
      `Audit : ÉCHEC : ${units} ${isSingular(units, 'fr') ? 'unité diffère' : 'unités diffèrent'}, comptes faux à ${levels} ${plural(levels, 'fr', 'niveau', 'niveaux')} (R4)`,
    mismatch: (i: string, a: string, e: string, why: string) => `  unité ${i} : attribué ${a}, évalué ${e} : ${why}`,
    invalid: 'invalide',
    shown: 'Présentation de chaque niveau (M3–M5, G2) :',
    digest: 'Empreinte SHA-256 :',
    merkle: 'Racine de Merkle : ',
    time: (s: string) => `Temps : ${s} s`,
  },
} as const;

/** Per level, how its units were presented (art. 4.5–4.6, M3–M5; G2, G3). */
export function presentationText(r: BlockResult, lang: CliLang = 'en'): string {
  const cols = PRESENTATION_COLUMNS[r.game];
  const rows = presentationRows(
    r.game,
    r.levels.map((l) => l.prizeCents),
    r.presentationClasses,
    r.presentation,
  );
  return textTable(
    [WORDS[lang].lot, ...cols.map((c) => COLUMN_NAMES[lang][c] ?? c)],
    rows.map((row) => [
      row.level < r.levels.length ? formatEuros(row.prizeCents, lang) : WORDS[lang].losing,
      ...cols.map((c) => count(row.byColumn[c] ?? 0, lang)),
    ]),
  );
}

/**
 * A block as text, in one language with its own number formats; `table` is the table the block
 * was built from (the official one by default), whose figures the block's are compared with.
 */
export function blockText(r: BlockResult, seconds: number, table?: PrizeTable, lang: CliLang = 'en'): string {
  const w = WORDS[lang];
  const euros = (c: number): string => formatEuros(c, lang);
  const n = (x: number): string => count(x, lang);
  const signed = (x: number): string => (x > 0 ? `+${n(x)}` : x < 0 ? `-${n(-x)}` : '0');
  const rules = getRules(r.game);
  const rows = r.levels.map((l) => [
    euros(l.prizeCents),
    n(l.official),
    n(l.simulated),
    signed(l.simulated - l.official),
    euros(l.simulated * l.prizeCents),
  ]);
  rows.push([
    w.losing,
    n(r.losing.official),
    n(r.losing.simulated),
    signed(r.losing.simulated - r.losing.official),
    '',
  ]);
  const reference = table ?? officialBlock(r.game, r.stakeCents as StakeCents, r.seed).table;
  const official = tableFigures(reference);
  const which = table ? w.whichTable : w.whichOfficial;
  const lines = [
    w.block(n(r.seed), n(r.units), rules.name, euros(r.stakeCents)),
    textTable([w.lot, table ? w.table : w.official, w.simulated, w.diff, w.paid], rows),
    w.paidLine(euros(r.paidCents), which, euros(r.officialPaidCents)),
    w.figures(
      formatPercent(r.rtp, lang),
      which,
      formatPercent(official.rtp, lang),
      formatPercent(r.hitRate, lang),
      formatDecimal(1 / r.hitRate, lang, 4),
      formatDecimal(r.sdStakes, lang, 2),
    ),
    r.audit.ok ? w.pass : w.fail(r.audit.mismatches, r.audit.countMismatches.length),
    ...r.audit.firstMismatches.map((m) =>
      w.mismatch(
        n(m.index),
        euros(m.assignedCents),
        m.evaluatedCents === null ? w.invalid : euros(m.evaluatedCents),
        m.reason,
      ),
    ),
    w.shown,
    presentationText(r, lang),
    `${w.digest} ${r.digest}`,
    `${w.merkle} ${r.merkleRoot}`,
    w.time(formatDecimal(seconds, lang, 2)),
  ];
  return lines.join('\n');
}

export async function simulateCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, SIMULATE);
  const lang = parseLang(values.lang);
  const run = await parseBlockRun(values, usageLine(SIMULATE), 1000);
  const { game, stake, seed, blocks, workers } = run;
  const specs = Array.from({ length: blocks }, (_, k) => run.specFor(seed + k));
  const pool = threadPool(workers);
  let results: BlockResult[];
  let t0 = performance.now();
  try {
    await pool.warm(); // time the work, not the start of the threads
    t0 = performance.now();
    // progress on the terminal only (never in --json output or a pipe); Ctrl-C cancels
    const tty = process.stderr.isTTY;
    let shown = -1;
    results = await runBlocks(pool, specs, {
      ...(run.weights ? { weights: run.weights } : {}),
      ...(tty
        ? {
            onProgress: (p: BlockRunProgress) => {
              if (p.blocksDone !== shown) process.stderr.write(`\r${(shown = p.blocksDone)}/${p.blocks} blocks`);
            },
          }
        : {}),
    });
    if (tty) process.stderr.write('\r\x1b[K');
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  const identity = runIdentity(specs);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(simulateJson(results, identity.table))}\n`);
  } else {
    const units = blocks * specs[0]!.table.blockUnits;
    const fr = lang === 'fr';
    const tableName = ` · ${fr ? 'tableau : ' : 'table: '}${tableLine({ ...identity.table, name: oneLine(identity.table.name) }, lang)}`;
    const weights = run.weights
      ? fr
        ? ` · poids de présentation de ${quotedPath(String(values.presentation))} (M4, G2 : pas les blocs officiels de leurs graines, R2)`
        : ` · presentation weights of ${quotedPath(String(values.presentation))} (M4, G2: not the official blocks of their seeds, R2)`
      : '';
    process.stdout.write(
      `${getRules(game).name} · ${fr ? 'mise' : 'stake'} ${formatEuros(stake, lang)}${tableName} · ${results[0]!.generator}${results[0]!.m6Reading === 'strict' ? (fr ? ' · M6 stricte' : ' · M6 strict') : ''}${weights} · ${count(blocks, lang)} ${fr ? plural(blocks, lang, 'bloc', 'blocs') : plural(blocks, lang, 'block', 'blocks')} · ${count(workers, lang)} ${plural(workers, lang, 'worker', 'workers')}\n\n`,
    );
    const table = run.scenario ? specs[0]!.table : undefined;
    for (const r of results) process.stdout.write(`${blockText(r, seconds / blocks, table, lang)}\n\n`);
    const ok = results.every((r) => r.audit.ok);
    const time = formatDecimal(seconds, lang, 2);
    const rate = count(Math.round(units / seconds), lang);
    process.stdout.write(
      fr
        ? `${ok ? 'Tous les blocs sont conformes à leur audit.' : 'Des blocs ÉCHOUENT à leur audit.'} ${count(units, lang)} unités en ${time} s (${rate} unités/s)\n`
        : `${ok ? 'All blocks pass their audit.' : 'Some blocks FAIL their audit.'} ${count(units, lang)} units in ${time} s (${rate} units/s)\n`,
    );
  }
  return results.every((r) => r.audit.ok) ? 0 : 1;
}
