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
import { m6Amounts } from '../games/mine-d-or/presentations';
import { formatEuros, formatPercent } from '../money/format';
import { formatCount, formatDateTime, formatDecimal } from '../format/numbers';
import type { Lang } from '../format/numbers';
import type { AuditReport } from './audit-report';
import { weightsLabel, weightsText } from './weights-text';
import { LEGAL_BANDS_SOURCE_TEXT } from '../rules/load';
import type { ReportView } from './report-view-types';
import { plural } from '../format/plural';
import { COLON, TEXT, fill, placementCounts, placementMeaning, status } from './report-text';
import { blockView, findingOrNone } from './block-view';
import { digestsSection, printFrame } from './print-frame';
import { journalSection } from './journal-section';

export type { PrintFrame, ReportView, ViewCell, ViewSection, ViewTable } from './report-view-types';
export { formatPValue } from './block-view';

/** The legal bands' citation in the report's language (a report read back with another citation keeps it). */
function legalSource(r: AuditReport, lang: Lang): string {
  return r.legalBand.source === LEGAL_BANDS_SOURCE_TEXT.fr ? LEGAL_BANDS_SOURCE_TEXT[lang] : r.legalBand.source;
}

/** « 2 constats à examiner », « 1 finding to examine »: the count with its plural. */
function findingsToExamine(n: number, lang: Lang): string {
  if (lang === 'fr') return `${n} ${plural(n, lang, 'constat', 'constats')} à examiner`;
  return `${n} ${plural(n, lang, 'finding', 'findings')} to examine`;
}

/** The reading of art. 3 the blocks used, naming the lots M6 is about at the report's own stake. */
function m6Text(reading: AuditReport['identity']['m6Reading'], stakeCents: number, lang: Lang): string {
  const [hi, lo] = m6Amounts(stakeCents);
  const lots = { hi: formatEuros(hi!, lang), lo: formatEuros(lo!, lang) };
  return fill(reading === 'strict' ? TEXT[lang].m6Strict : TEXT[lang].m6Default, lots);
}

/** What a report view may add to the report: the key that signs its evidence bundle. */
export interface ReportViewOptions {
  readonly signerFingerprint?: string;
}

/** Under the summary: what its tests below 1 % mean, or what a finding asks, when there is either. */
function summaryMeaning(below: number, finding: boolean, lang: Lang): { small: boolean; text: string }[] {
  const text = placementMeaning(below, finding, lang);
  return text ? [{ small: true, text }] : [];
}

/** The whole report, worded and formatted in `lang`. */
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
            text: id.table ? tableLine(id.table, lang) : id.tableSource,
            testId: 'report-table',
          },
        },
        { label: t.stake, value: { text: formatEuros(id.stakeCents, lang) } },
        { label: id.seeds.length > 1 ? t.seeds : t.seed, value: { text: id.seeds.join(', ') } },
        { label: t.generator, value: { text: id.generator, code: true } },
        ...(id.game === 'mine-d-or'
          ? [
              {
                label: t.m6Reading,
                value: { text: m6Text(id.m6Reading, id.stakeCents, lang), testId: 'report-m6' },
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
            // the chance count is over every test of every block: said per block too, never as « a block »'s
            text: fill(r.blocks.length > 1 ? t.falseFailAll : t.falseFail, {
              ...placementCounts(s.placementFailures, r.blocks.length, lang),
              n: s.placementTests,
              k: Math.round(s.placementTests / r.blocks.length),
              blocks: r.blocks.length,
              e: formatDecimal(s.placementTests * 0.01, lang, 2),
              e1: formatDecimal((s.placementTests * 0.01) / r.blocks.length, lang, 2),
              family: s.placementFamilyPass
                ? findingOrNone(null, lang)
                : findingsToExamine((s.placementFindings ?? []).filter((f) => f?.finding).length, lang),
            }),
            ...(s.placementFamilyPass ? {} : { status: 'warn' as const }),
            testId: 'summary-placement',
          },
        },
      ],
      paragraphs: summaryMeaning(s.placementFailures, !s.placementFamilyPass, lang),
    },
    digests: digestsSection(r, lang),
    ...(r.journalCheckpoint ? { journal: journalSection(r.journalCheckpoint, lang) } : {}),
    blocks: r.blocks.map((b) => blockView(r, b, lang)),
    legal: { title: t.legal, paragraphs: [{ small: true, text: fill(t.legalText, { src: legalSource(r, lang) }) }] },
    print: printFrame(r, lang),
  };
}
