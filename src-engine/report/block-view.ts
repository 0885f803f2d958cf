/**
 * One block's part of the audit report's view: its reconciliation with the table it held (art. 3),
 * RTP against the legal band, the evaluator's verdict (R4), integrity (R1), placement tests and
 * the first screen, worded in one language.
 */
import { formatEuros, formatPercent } from '../money/format';
import { formatCount, formatDecimal, formatSignificant } from '../format/numbers';
import type { Lang } from '../format/numbers';
import { describeFirstScreenClass } from '../stats/first-screen';
import type { PlacementTest } from '../stats/placement-tests';
import { findingBody } from '../stats/placement-finding';
import type { PlacementFinding } from '../stats/placement-finding';
import type { AuditReport, BlockAudit } from './audit-report';
import type { BlockView, ViewCell, ViewSection } from './report-view-types';
import { COLON, TEXT, counted, fill, placementCounts, placementMeaning, status } from './report-text';

/** A p-value: four decimals, or significant digits below 0.001 (never « e » notation). */
export function formatPValue(p: number, lang: Lang): string {
  // 0 is what the distributions return below the smallest double
  if (p === 0) return `< ${formatSignificant(1e-300, lang)}`;
  return p >= 0.001 ? formatDecimal(p, lang, 4) : formatSignificant(p, lang, 3);
}

/** A block's placement finding in words (none when it has no finding or no tests). */
export function findingOrNone(f: PlacementFinding | null, lang: Lang): string {
  return f ? findingBody(f, lang) : lang === 'fr' ? 'aucun constat' : 'no finding';
}

/** The label of a placement test in a language. */
export function placementTestLabel(t: PlacementTest, lang: Lang): string {
  const base = TEXT[lang].tests[t.id];
  return t.prizeCents === undefined ? base : fill(base, { lot: formatEuros(t.prizeCents, lang) });
}

/** A test's statistic: « χ² = 12,3456 »; the rare lots' range in words, and none for a single lot. */
function statisticText(x: PlacementTest, lang: Lang): string {
  if (x.id === 'rareLots')
    return x.n === 1 ? TEXT[lang].rareSingle : fill(TEXT[lang].rareRange, { d: formatCount(x.statistic, lang) });
  // the smallest gap's name is words, so it follows the language; the others are symbols
  const name = x.id === 'levelRegularity' ? TEXT[lang].minGap : x.statisticName;
  return `${name} = ${formatDecimal(x.statistic, lang, x.id === 'longestRun' || x.id === 'levelRegularity' ? 0 : 4)}`;
}

/** Under a block's placement tests: how many are below 1 % against chance's share, and what that means. */
function placementParagraphs(r: AuditReport, b: BlockAudit, lang: Lang): { small: boolean; text: string }[] {
  const pl = b.placement!;
  const finding = r.summary.placementFindings?.[r.blocks.indexOf(b)] ?? null;
  const counts = {
    small: true,
    text: fill(TEXT[lang].falseFail, {
      ...placementCounts(pl.failures, r.blocks.length, lang),
      n: pl.tests.length,
      e: formatDecimal(pl.expectedFalseFailures, lang, 2),
      family: findingOrNone(finding, lang),
    }),
  };
  const meaning = placementMeaning(pl.failures, finding?.finding === true, lang);
  const columns = { small: true, text: TEXT[lang].dfHelp };
  // what the table's numbers are, so that « 9 / 4 » is read as a test's own figures
  return meaning ? [counts, { small: true, text: meaning }, columns] : [counts, columns];
}

/** One block's sections of the report, worded and formatted in `lang`. */
export function blockView(r: AuditReport, b: BlockAudit, lang: Lang): BlockView {
  const t = TEXT[lang];
  const money = (c: number): string => formatEuros(c, lang);
  const pct = (x: number): string => formatPercent(x, lang);
  const count = (n: number): string => formatCount(n, lang);
  const n = (text: string, more: Partial<ViewCell> = {}): ViewCell => ({ text, numeric: true, ...more });
  const band = r.legalBand;
  const bandName = lang === 'fr' ? band.fr : band.en;
  // the figures are the held table's, and worded as its: a scenario's never read as official
  const scenario = r.tableFigures.kind === 'scenario';
  const words = scenario
    ? {
        reconciliation: fill(t.reconciliationScenario, { name: r.tableFigures.name }),
        lots: t.scenarioLots,
        eur: t.scenarioEur,
        rtp: t.rtpScenario,
        hitRate: t.hitRateScenario,
      }
    : {
        reconciliation: t.reconciliation,
        lots: t.officialLots,
        eur: t.officialEur,
        rtp: t.rtpOfficial,
        hitRate: t.hitRate,
      };
  const sections: ViewSection[] = [
    {
      title: words.reconciliation,
      table: {
        testId: 'reconciliation',
        head: [t.lot, words.lots, t.simulatedLots, t.diff, words.eur, t.simulatedEur],
        rows: b.reconciliation.map((x) => ({
          key: String(x.level),
          testId: `recon-row-${x.level}`,
          cells: [
            { text: x.level < 0 ? t.losing : money(x.prizeCents) },
            n(count(x.tableLots), { testId: 'official' }),
            n(count(x.simulatedLots), { testId: 'simulated' }),
            n(count(x.diffLots), { status: status(x.diffLots === 0) }),
            n(x.level < 0 ? '' : money(x.tableCents)),
            n(x.level < 0 ? '' : money(x.simulatedCents)),
          ],
        })),
        foot: {
          key: 'total',
          cells: [
            { text: t.total },
            n(count(b.totals.tableLots), { testId: 'total-official' }),
            n(count(b.totals.simulatedLots), { testId: 'total-simulated' }),
            n(count(b.totals.simulatedLots - b.totals.tableLots)),
            n(money(b.totals.tableCents)),
            n(money(b.totals.simulatedCents)),
          ],
        },
      },
    },
    {
      title: t.rtp,
      pairs: [
        { label: words.rtp, value: n(pct(r.tableFigures.rtp), { testId: 'rtp-official' }) },
        { label: t.rtpSimulated, value: n(pct(b.rtp), { testId: 'rtp-simulated' }) },
        {
          label: fill(t.band, { band: bandName }),
          value: {
            text: `${pct(band.minRtp)} – ${pct(band.maxRtp)}${COLON[lang]}${b.inBand ? t.inBand : t.outBand}`,
            status: status(b.inBand),
            testId: 'rtp-band',
          },
        },
        { label: words.hitRate, value: n(`${pct(b.hitRate)} (${pct(r.tableFigures.hitRate)})`) },
        { label: t.sd, value: n(formatDecimal(b.sdStakes, lang, 2)) },
      ],
    },
    {
      title: t.evaluator,
      paragraphs: [
        {
          text: b.evaluator.ok
            ? t.evalPass
            : fill(t.evalFail, {
                m: counted(b.evaluator.mismatches, count(b.evaluator.mismatches), t.unitWords, lang),
                c: counted(
                  b.evaluator.countMismatches.length,
                  count(b.evaluator.countMismatches.length),
                  t.levelWords,
                  lang,
                ),
              }),
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
                n(statisticText(x, lang)),
                n(`${x.df !== undefined ? `${count(x.df)} / ` : ''}${count(x.n)}`),
                n(formatPValue(x.pValue, lang)),
                // one test below 1 % is chance's share of a random block, not a failure: Holm decides (below)
                { text: x.pass ? t.pass : t.below, status: x.pass ? 'pass' : 'warn', testId: 'verdict' },
              ],
            })),
          },
          paragraphs: placementParagraphs(r, b, lang),
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
