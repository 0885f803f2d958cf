/**
 * The audit report as a view: every title, label and value of the report already worded and
 * formatted in one language, with a pass/fail status where there is a verdict. The printable HTML
 * (`report-html.ts`, written by the command line and printed to PDF) and the compliance screen
 * both render this one view, so the two can never say different things.
 *
 * @see ./audit-report.ts — the figures (the model)
 * @see ./report-html.ts — the printable page
 */
import { tableLine } from '../block/table-identity';
import { formatEuros, formatPercent } from '../money/format';
import { formatCount, formatDateTime, formatDecimal, formatSignificant } from '../format/numbers';
import type { Lang } from '../format/numbers';
import type { GameId } from '../rules/types';
import { describeFirstScreenClass } from '../stats/first-screen';
import type { PlacementTest } from '../stats/placement-tests';
import { findingBody } from '../stats/placement-finding';
import type { PlacementFinding } from '../stats/placement-finding';
import type { AuditReport, BlockAudit } from './audit-report';
import { weightsLabel, weightsText } from './weights-text';
import { LEGAL_BANDS_SOURCE_TEXT } from '../rules/load';

/** A verdict's colour. */
export type ViewStatus = 'pass' | 'fail';

/** One value as shown: its text, and how it is shown. */
export interface ViewCell {
  readonly text: string;
  readonly status?: ViewStatus;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
  /** A digest or identifier, in a fixed-width font. */
  readonly code?: boolean;
  /** The hook end-to-end tests read (`data-testid`). */
  readonly testId?: string;
}

export interface ViewRow {
  readonly key: string;
  readonly cells: readonly ViewCell[];
  readonly testId?: string;
}

/** A table with a header row. */
export interface ViewTable {
  readonly testId: string;
  readonly head: readonly string[];
  readonly rows: readonly ViewRow[];
  readonly foot?: ViewRow;
}

/** A label and its value (a two-column table). */
export interface ViewPair {
  readonly label: string;
  readonly value: ViewCell;
}

/** A titled part of the report: pairs, a table and paragraphs, each optional, in that order. */
export interface ViewSection {
  readonly title: string;
  readonly pairs?: readonly ViewPair[];
  readonly table?: ViewTable;
  readonly paragraphs?: readonly (ViewCell & { readonly small?: boolean })[];
}

export interface BlockView {
  readonly seed: number;
  readonly testId: string;
  readonly title: string;
  readonly sections: readonly ViewSection[];
}

export interface ReportView {
  readonly lang: Lang;
  /** The game whose rules the report cites. */
  readonly game: GameId;
  readonly title: string;
  readonly subtitle: string;
  readonly identity: ViewSection;
  readonly summary: ViewSection;
  readonly blocks: readonly BlockView[];
  readonly legal: ViewSection;
  /** What every printed page repeats: the header line, and the footer's digest line and page words. */
  readonly print: PrintFrame;
}

/** The running header and footer of the printed report, the same on the desktop PDF and the browser print. */
export interface PrintFrame {
  /** Title, game, stake, seeds and date. */
  readonly header: string;
  /** Each block's SHA-256 digest (R1). */
  readonly footer: string;
  /** « Page » and « sur » (« of »), around the page number and the page count. */
  readonly page: string;
  readonly of: string;
}

const TEXT = {
  fr: {
    title: "Rapport d'audit de bloc",
    identity: 'Identification',
    game: 'Jeu',
    rules: 'Règlement',
    table: 'Tableau de lots',
    stake: 'Mise',
    seeds: 'Graine(s)',
    generator: 'Générateur',
    m6Reading: "Lecture de l'art. 3 (M6)",
    m6Default: 'par défaut : un gain doublé sur une ligne atteint les lots de 10 € et 1 € (0,50 €)',
    m6Strict: 'stricte : les lots de 10 € et 1 € (0,50 €) montrent toujours deux gains ou plus',
    units: 'Unités par bloc',
    blocks: 'Blocs',
    app: 'Application',
    runAt: 'Date du calcul',
    signer: 'Clé de signature du dossier de preuves (empreinte SHA-256 de la clé publique)',
    page: 'Page',
    of: 'sur',
    summary: 'Synthèse',
    block: 'Bloc — graine {seed}',
    reconciliation: 'Rapprochement avec le tableau officiel (art. 3)',
    lot: 'Lot',
    officialLots: 'Lots officiels',
    simulatedLots: 'Lots simulés',
    diff: 'Écart',
    officialEur: 'Montant officiel',
    simulatedEur: 'Montant simulé',
    losing: 'Perdant',
    total: 'Total',
    rtp: 'Taux de retour aux joueurs (TRJ)',
    rtpOfficial: 'TRJ officiel',
    rtpSimulated: 'TRJ simulé',
    band: 'Fourchette légale ({band})',
    inBand: 'dans la fourchette',
    outBand: 'HORS fourchette',
    hitRate: 'Taux de gain simulé (officiel)',
    sd: 'Écart type d’un lot (en mises)',
    evaluator: 'Évaluateur indépendant (R4)',
    evalPass:
      'CONFORME : le lot réévalué de chaque unité à partir de ce qu’elle montre égale son lot attribué, et chaque niveau compte exactement le nombre de lots du tableau.',
    evalFail: 'NON CONFORME : {m} unité(s) en désaccord, {c} niveau(x) dont le nombre diffère du tableau.',
    integrity: 'Intégrité (R1)',
    digest: 'Empreinte SHA-256 du bloc',
    merkle: 'Racine de Merkle des segments',
    segments: 'Segments',
    segmentsOf: '{n} segments de {u} unités',
    placement: 'Tests de hasard du placement (niveau 99 %)',
    test: 'Test',
    statistic: 'Statistique',
    df: 'ddl / n',
    pValue: 'p-valeur',
    verdict: 'Verdict',
    pass: 'réussi',
    fail: 'ÉCHEC',
    noPlacement: 'Tests non calculés (niveaux des unités non conservés).',
    falseFail:
      '{f} test(s) en échec sur {n} au seuil de 1 % chacun ; un bloc parfaitement aléatoire en ferait échouer {e} en moyenne. Placement (Holm à 1 % sur les tests et sur les {b} bloc(s) du rapport) : {family}.',
    firstScreen: 'Ce que révèle le premier écran',
    // each game's own first screen (art. 4): EXTRA symbols are Mine d'or's, gongs Les 3 Gongs'
    firstScreenHelp: {
      'mine-d-or':
        'Probabilité de gain et lot moyen selon ce que le joueur voit avant le résultat final. Une combinaison visible (gain) ou ni EXTRA ni combinaison (perte) décident à vue ; parmi les écrans encore indécis, une classe est signalée quand ses quasi-gains seuls laissent deviner l’issue (rapport ≥ {r} ou ≤ 1/{r} à la probabilité de gain de son groupe : même nombre d’EXTRA).',
      'les-3-gongs':
        'Probabilité de gain et lot moyen selon ce que le joueur voit avant le résultat final (les deux premiers gongs découverts). Deux gongs différents décident de la perte à vue ; parmi les écrans encore indécis, une classe est signalée quand ce qu’elle montre laisse deviner l’issue (rapport ≥ {r} ou ≤ 1/{r} à la probabilité de gain de son groupe : deux premiers gongs identiques).',
    },
    cls: 'Classe',
    unitCount: 'Unités',
    share: 'Part',
    pWin: 'P(gain)',
    meanLot: 'Lot moyen',
    ratio: 'Rapport à son groupe',
    leak: 'Fuite',
    leakYes: 'oui : le résultat se devine',
    leakNo: 'non',
    visibleWin: 'gain visible à l’écran',
    visibleLoss: 'perte visible à l’écran',
    legal: 'Base légale et réglementaire',
    legalText:
      'Règlements particuliers des jeux de La Française des Jeux cités ci-dessus (art. 2 : mises et blocs ; art. 3 : tableaux de lots ; art. 4 : déroulement). Taux de retour : {src}. Décisions du produit : docs/rules.md (M1–M6, G1–G5, R1–R5).',
    tests: {
      segments: 'Gagnants par segment (χ² du tableau gains/pertes, 100 segments, bilatéral)',
      runs: 'Séries de gains et de pertes (Wald–Wolfowitz)',
      serial: 'Corrélation sérielle des rangs de lot (retard 1, moments de permutation)',
      gaps: 'Écarts entre gagnants (χ² contre leur loi exacte)',
      longestRun: 'Plus longue série perdante (loi exacte, p randomisée)',
      levelPositions: 'Uniformité des positions du lot {lot} (Kolmogorov–Smirnov, population finie)',
      rareLots: 'Lots rares ensemble (niveaux de moins de 5 lots : positions, loi exacte)',
      periodicity: 'Périodicité : résidus modulo 2 à 32',
      spectral: 'Périodicité : périodogramme des gagnants (périodes de 32 unités et plus)',
      scales: 'Agrégats à plusieurs échelles (fenêtres de 10² à 10⁵ unités, bilatéral)',
    },
  },
  en: {
    title: 'Block audit report',
    identity: 'Identity',
    game: 'Game',
    rules: 'Rules',
    table: 'Prize table',
    stake: 'Stake',
    seeds: 'Seed(s)',
    generator: 'Generator',
    m6Reading: 'Reading of art. 3 (M6)',
    m6Default: 'default: one gain doubled on a line reaches the 10 € and 1 € lots (0.50 €)',
    m6Strict: 'strict: the 10 € and 1 € lots (0.50 €) always show two gains or more',
    units: 'Units per block',
    blocks: 'Blocks',
    app: 'Application',
    runAt: 'Run date',
    signer: 'Evidence bundle signing key (SHA-256 fingerprint of the public key)',
    summary: 'Summary',
    block: 'Block — seed {seed}',
    reconciliation: 'Reconciliation with the official table (art. 3)',
    lot: 'Prize',
    officialLots: 'Official prizes',
    simulatedLots: 'Simulated prizes',
    diff: 'Difference',
    officialEur: 'Official amount',
    simulatedEur: 'Simulated amount',
    losing: 'Losing',
    total: 'Total',
    rtp: 'Return to player (RTP)',
    rtpOfficial: 'Official RTP',
    rtpSimulated: 'Simulated RTP',
    band: 'Legal band ({band})',
    inBand: 'inside the band',
    outBand: 'OUTSIDE the band',
    hitRate: 'Simulated hit rate (official)',
    sd: 'Standard deviation of a prize (stakes)',
    evaluator: 'Independent evaluator (R4)',
    evalPass:
      "PASS: every unit's prize re-derived from what it shows equals its assigned prize, and every level holds exactly the table's number of prizes.",
    evalFail: 'FAIL: {m} unit(s) disagree, {c} level(s) whose count differs from the table.',
    integrity: 'Integrity (R1)',
    digest: 'Block SHA-256 digest',
    page: 'Page',
    of: 'of',
    merkle: 'Merkle root of the segments',
    segments: 'Segments',
    segmentsOf: '{n} segments of {u} units',
    placement: 'Placement randomness tests (99% level)',
    test: 'Test',
    statistic: 'Statistic',
    df: 'df / n',
    pValue: 'p-value',
    verdict: 'Verdict',
    pass: 'pass',
    fail: 'FAIL',
    noPlacement: 'Tests not computed (unit levels not kept).',
    falseFail:
      '{f} test(s) failed of {n}, each at 1%; a perfectly random block would fail {e} on average. Placement (Holm at 1% over the tests and the report’s {b} block(s)): {family}.',
    firstScreen: 'What the first screen reveals',
    firstScreenHelp: {
      'mine-d-or':
        'Chance of winning and mean prize by what the player sees before the final result. A visible combination (win) or neither EXTRA nor combination (loss) decide on sight; among screens still undecided, a class is flagged when its near misses alone give the outcome away (ratio ≥ {r} or ≤ 1/{r} to the chance of winning of its group: same number of EXTRA).',
      'les-3-gongs':
        'Chance of winning and mean prize by what the player sees before the final result (the first two gongs uncovered). Two different gongs decide the loss on sight; among screens still undecided, a class is flagged when what it shows gives the outcome away (ratio ≥ {r} or ≤ 1/{r} to the chance of winning of its group: first two gongs alike).',
    },
    cls: 'Class',
    unitCount: 'Units',
    share: 'Share',
    pWin: 'P(win)',
    meanLot: 'Mean prize',
    ratio: 'Ratio to its group',
    leak: 'Leak',
    leakYes: 'yes: the outcome shows early',
    leakNo: 'no',
    visibleWin: 'win shown on screen',
    visibleLoss: 'loss shown on screen',
    legal: 'Legal and regulatory basis',
    legalText:
      "The games' rules of La Française des Jeux cited above (art. 2: stakes and blocks; art. 3: prize tables; art. 4: play). Return to player: {src}. Product decisions: docs/rules.md (M1–M6, G1–G5, R1–R5).",
    tests: {
      segments: 'Winners per segment (χ² of the wins/losses table, 100 segments, two-sided)',
      runs: 'Runs of wins and losses (Wald–Wolfowitz)',
      serial: 'Serial correlation of prize ranks (lag 1, permutation moments)',
      gaps: 'Gaps between winners (χ² vs their exact law)',
      longestRun: 'Longest losing run (exact law, randomised p)',
      levelPositions: 'Position uniformity of the {lot} prizes (Kolmogorov–Smirnov, finite population)',
      rareLots: 'Rare lots together (levels of fewer than 5 lots: positions, exact law)',
      periodicity: 'Periodicity: residues modulo 2 to 32',
      spectral: 'Periodicity: periodogram of the winners (periods of 32 units and more)',
      scales: 'Clusters at several scales (windows of 10² to 10⁵ units, two-sided)',
    },
  },
} as const;

const fill = (s: string, v: Readonly<Record<string, string | number>>): string =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/** A colon as each language writes it (a space before it in French). */
const COLON: Record<Lang, string> = { fr: '\u00a0: ', en: ': ' };

const status = (ok: boolean): ViewStatus => (ok ? 'pass' : 'fail');

/** A p-value: four decimals, or significant digits below 0.001 (never « e » notation). */
export function formatPValue(p: number, lang: Lang): string {
  // 0 is what the distributions return below the smallest double
  if (p === 0) return `< ${formatSignificant(1e-300, lang)}`;
  return p >= 0.001 ? formatDecimal(p, lang, 4) : formatSignificant(p, lang, 3);
}

/** The legal bands' citation in the report's language (a report read back with another citation keeps it). */
function legalSource(r: AuditReport, lang: Lang): string {
  return r.legalBand.source === LEGAL_BANDS_SOURCE_TEXT.fr ? LEGAL_BANDS_SOURCE_TEXT[lang] : r.legalBand.source;
}

/** A block's placement finding in words (none when it has no finding or no tests). */
function findingOrNone(f: PlacementFinding | null, lang: Lang): string {
  return f ? findingBody(f, lang) : lang === 'fr' ? 'aucun constat' : 'no finding';
}

/** The label of a placement test in a language. */
export function placementTestLabel(t: PlacementTest, lang: Lang): string {
  const base = TEXT[lang].tests[t.id];
  return t.prizeCents === undefined ? base : fill(base, { lot: formatEuros(t.prizeCents, lang) });
}

function blockView(r: AuditReport, b: BlockAudit, lang: Lang): BlockView {
  const t = TEXT[lang];
  const money = (c: number): string => formatEuros(c, lang);
  const pct = (x: number): string => formatPercent(x, lang);
  const count = (n: number): string => formatCount(n, lang);
  const n = (text: string, more: Partial<ViewCell> = {}): ViewCell => ({ text, numeric: true, ...more });
  const band = r.legalBand;
  const bandName = lang === 'fr' ? band.fr : band.en;
  const sections: ViewSection[] = [
    {
      title: t.reconciliation,
      table: {
        testId: 'reconciliation',
        head: [t.lot, t.officialLots, t.simulatedLots, t.diff, t.officialEur, t.simulatedEur],
        rows: b.reconciliation.map((x) => ({
          key: String(x.level),
          testId: `recon-row-${x.level}`,
          cells: [
            { text: x.level < 0 ? t.losing : money(x.prizeCents) },
            n(count(x.officialLots), { testId: 'official' }),
            n(count(x.simulatedLots), { testId: 'simulated' }),
            n(count(x.diffLots), { status: status(x.diffLots === 0) }),
            n(x.level < 0 ? '' : money(x.officialCents)),
            n(x.level < 0 ? '' : money(x.simulatedCents)),
          ],
        })),
        foot: {
          key: 'total',
          cells: [
            { text: t.total },
            n(count(b.totals.officialLots), { testId: 'total-official' }),
            n(count(b.totals.simulatedLots), { testId: 'total-simulated' }),
            n(count(b.totals.simulatedLots - b.totals.officialLots)),
            n(money(b.totals.officialCents)),
            n(money(b.totals.simulatedCents)),
          ],
        },
      },
    },
    {
      title: t.rtp,
      pairs: [
        { label: t.rtpOfficial, value: n(pct(r.official.rtp), { testId: 'rtp-official' }) },
        { label: t.rtpSimulated, value: n(pct(b.rtp), { testId: 'rtp-simulated' }) },
        {
          label: fill(t.band, { band: bandName }),
          value: {
            text: `${pct(band.minRtp)} – ${pct(band.maxRtp)}${COLON[lang]}${b.inBand ? t.inBand : t.outBand}`,
            status: status(b.inBand),
            testId: 'rtp-band',
          },
        },
        { label: t.hitRate, value: n(`${pct(b.hitRate)} (${pct(r.official.hitRate)})`) },
        { label: t.sd, value: n(formatDecimal(b.sdStakes, lang, 2)) },
      ],
    },
    {
      title: t.evaluator,
      paragraphs: [
        {
          text: b.evaluator.ok
            ? t.evalPass
            : fill(t.evalFail, { m: count(b.evaluator.mismatches), c: b.evaluator.countMismatches.length }),
          status: status(b.evaluator.ok),
          testId: 'evaluator',
        },
      ],
    },
    {
      title: t.integrity,
      pairs: [
        { label: t.digest, value: { text: b.integrity.digest, code: true, testId: 'digest' } },
        { label: t.merkle, value: { text: b.integrity.merkleRoot, code: true, testId: 'merkle-root' } },
        {
          label: t.segments,
          value: { text: fill(t.segmentsOf, { n: count(b.integrity.segments), u: count(b.integrity.segmentUnits) }) },
        },
      ],
    },
  ];
  const pl = b.placement;
  sections.push(
    pl
      ? {
          title: t.placement,
          table: {
            testId: 'placement-tests',
            head: [t.test, t.statistic, t.df, t.pValue, t.verdict],
            rows: pl.tests.map((x) => ({
              key: `${x.id}-${x.level ?? ''}`,
              testId: `placement-${x.id}${x.level !== undefined ? `-${x.level}` : ''}`,
              cells: [
                { text: placementTestLabel(x, lang) },
                n(
                  `${x.statisticName} = ${formatDecimal(x.statistic, lang, x.id === 'longestRun' || x.id === 'rareLots' ? 0 : 4)}`,
                ),
                n(`${x.df !== undefined ? `${count(x.df)} / ` : ''}${count(x.n)}`),
                n(formatPValue(x.pValue, lang)),
                { text: x.pass ? t.pass : t.fail, status: status(x.pass), testId: 'verdict' },
              ],
            })),
          },
          paragraphs: [
            {
              small: true,
              text: fill(t.falseFail, {
                f: pl.failures,
                n: pl.tests.length,
                e: formatDecimal(pl.expectedFalseFailures, lang, 2),
                b: r.blocks.length,
                family: findingOrNone(r.summary.placementFindings?.[r.blocks.indexOf(b)] ?? null, lang),
              }),
            },
          ],
        }
      : { title: t.placement, paragraphs: [{ text: t.noPlacement }] },
  );
  const fs = b.firstScreen;
  sections.push({
    title: t.firstScreen,
    paragraphs: [
      { small: true, text: fill(t.firstScreenHelp[r.identity.game], { r: formatDecimal(fs.leakRatio, lang, 0) }) },
    ],
    table: {
      testId: 'first-screen',
      head: [t.cls, t.unitCount, t.share, t.pWin, t.meanLot, t.ratio, t.leak],
      rows: fs.rows.map((x) => ({
        key: x.cls,
        cells: [
          { text: describeFirstScreenClass(x.cls, lang) },
          n(count(x.units)),
          n(pct(x.share)),
          n(Number.isNaN(x.pWin) ? '—' : pct(x.pWin)),
          n(money(Math.round(x.meanLotCents))),
          n(Number.isNaN(x.ratio) ? '—' : formatDecimal(x.ratio, lang, 2)),
          {
            text:
              x.outcome === 'undecided'
                ? x.leaks
                  ? t.leakYes
                  : t.leakNo
                : x.outcome === 'visible-win'
                  ? t.visibleWin
                  : t.visibleLoss,
            status: status(!x.leaks),
          },
        ],
      })),
    },
  });
  return { seed: b.seed, testId: `block-${b.seed}`, title: fill(t.block, { seed: b.seed }), sections };
}

/** The whole report, worded and formatted in `lang`. */
/** What a report view may add to the report: the key that signs its evidence bundle. */
export interface ReportViewOptions {
  readonly signerFingerprint?: string;
}

export function auditReportView(r: AuditReport, lang: Lang = 'fr', options: ReportViewOptions = {}): ReportView {
  const t = TEXT[lang];
  const id = r.identity;
  const doc = id.rulesDocument;
  const s = r.summary;
  const when = `${formatDateTime(id.runAt, lang)} (${id.runAt})`;
  return {
    lang,
    game: id.game,
    title: `${t.title} — ${id.gameName}`,
    subtitle: `Instant Lab ${id.appVersion} · ${when}`,
    identity: {
      title: t.identity,
      pairs: [
        { label: t.game, value: { text: id.gameName, testId: 'report-game' } },
        { label: t.rules, value: { text: `${doc.title}, ${doc.place}, ${doc.date}` } },
        {
          label: t.table,
          value: {
            // official or scenario, by name, and the digest: a what-if never reads as the official table
            text: id.table ? tableLine(id.table) : id.tableSource,
            testId: 'report-table',
          },
        },
        { label: t.stake, value: { text: formatEuros(id.stakeCents, lang) } },
        { label: t.seeds, value: { text: id.seeds.join(', ') } },
        { label: t.generator, value: { text: id.generator, code: true } },
        ...(id.game === 'mine-d-or'
          ? [
              {
                label: t.m6Reading,
                value: { text: id.m6Reading === 'strict' ? t.m6Strict : t.m6Default, testId: 'report-m6' },
              },
            ]
          : []),
        {
          label: weightsLabel(id.game, lang),
          value: { text: weightsText(id.game, id.presentationWeights, lang), testId: 'report-weights' },
        },
        { label: t.units, value: { text: formatCount(id.unitsPerBlock, lang) } },
        { label: t.blocks, value: { text: formatCount(id.blocks, lang) } },
        { label: t.app, value: { text: `Instant Lab ${id.appVersion}` } },
        { label: t.runAt, value: { text: when } },
        ...(options.signerFingerprint !== undefined
          ? [{ label: t.signer, value: { text: options.signerFingerprint, code: true, testId: 'report-signer' } }]
          : []),
      ],
    },
    summary: {
      title: t.summary,
      pairs: [
        { label: t.rtpSimulated, value: { text: formatPercent(s.rtp, lang), numeric: true, testId: 'summary-rtp' } },
        {
          label: fill(t.band, { band: lang === 'fr' ? r.legalBand.fr : r.legalBand.en }),
          value: {
            text: `${formatPercent(r.legalBand.minRtp, lang)} – ${formatPercent(r.legalBand.maxRtp, lang)}${COLON[lang]}${s.inBand ? t.inBand : t.outBand}`,
            status: status(s.inBand),
            testId: 'summary-band',
          },
        },
        {
          label: t.evaluator,
          value: {
            text: s.allAuditsPass ? t.pass : t.fail,
            status: status(s.allAuditsPass),
            testId: 'summary-evaluator',
          },
        },
        {
          label: t.placement,
          value: {
            text: fill(t.falseFail, {
              f: s.placementFailures,
              n: s.placementTests,
              e: formatDecimal(s.placementTests * 0.01, lang, 2),
              b: r.blocks.length,
              family: s.placementFamilyPass
                ? findingOrNone(null, lang)
                : (lang === 'fr' ? 'constat(s) à examiner : ' : 'finding(s) to examine: ') +
                  String((s.placementFindings ?? []).filter((f) => f?.finding).length),
            }),
            testId: 'summary-placement',
          },
        },
      ],
    },
    blocks: r.blocks.map((b) => blockView(r, b, lang)),
    legal: { title: t.legal, paragraphs: [{ small: true, text: fill(t.legalText, { src: legalSource(r, lang) }) }] },
    print: {
      header: [
        `${t.title} — ${id.gameName}`,
        `${t.stake} ${formatEuros(id.stakeCents, lang)}`,
        `${t.seeds} ${id.seeds.join(', ')}`,
        formatDateTime(id.runAt, lang),
      ].join(' · '),
      footer: r.blocks.map((b) => `${fill(t.block, { seed: b.seed })}${COLON[lang]}${b.integrity.digest}`).join(' · '),
      page: t.page,
      of: t.of,
    },
  };
}
