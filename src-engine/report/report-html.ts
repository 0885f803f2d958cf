/**
 * The audit report as one self-contained, printable HTML page (inline CSS, no script, no external
 * resource): what the command line writes and what the desktop app prints to PDF. French by
 * default (« 7 500,00 € »), English on request.
 */
import { describeFirstScreenClass } from '../stats/first-screen';
import { formatEuros, formatPercent } from '../money/format';
import type { PlacementTest } from '../stats/placement-tests';
import type { AuditReport, BlockAudit } from './audit-report';

export type ReportLang = 'fr' | 'en';

const T = {
  fr: {
    title: "Rapport d'audit de bloc",
    identity: 'Identification',
    game: 'Jeu',
    rules: 'Règlement',
    table: 'Tableau de lots',
    stake: 'Mise',
    seeds: 'Graine(s)',
    generator: 'Générateur',
    units: 'Unités par bloc',
    blocks: 'Blocs',
    app: 'Application',
    runAt: 'Date du calcul',
    summary: 'Synthèse',
    block: 'Bloc',
    seed: 'graine',
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
    band: 'Fourchette légale',
    inBand: 'dans la fourchette',
    outBand: 'HORS fourchette',
    hitRate: 'Fréquence de gain',
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
      '{f} test(s) en échec sur {n} au seuil de 1 % chacun ; un bloc parfaitement aléatoire en ferait échouer {e} en moyenne. Verdict d’ensemble (Holm–Bonferroni, 1 %) : {family}.',
    firstScreen: 'Ce que révèle le premier écran',
    cls: 'Classe',
    share: 'Part',
    pWin: 'P(gain)',
    meanLot: 'Lot moyen',
    ratio: 'Rapport à la fréquence',
    leak: 'Fuite',
    leakYes: 'oui : le résultat se devine',
    leakNo: 'non',
    visibleWin: 'gain visible à l’écran',
    visibleLoss: 'perte visible à l’écran',
    legal: 'Base légale et réglementaire',
    legalText:
      'Règlements particuliers des jeux de La Française des Jeux cités ci-dessus (art. 2 : mises et blocs ; art. 3 : tableaux de lots ; art. 4 : déroulement). Taux de retour : {src}. Décisions du produit : RULES.md (M1–M5, G1–G4, R1–R4).',
    tests: {
      segments: 'Gagnants par segment (χ², 100 segments)',
      runs: 'Séries de gains et de pertes (Wald–Wolfowitz)',
      serial: 'Corrélation sérielle des lots (retard 1)',
      gaps: 'Écarts entre gagnants (χ² contre la loi géométrique)',
      longestRun: 'Plus longue série perdante',
      levelPositions: 'Uniformité des positions du lot {lot} (Kolmogorov–Smirnov)',
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
    units: 'Units per block',
    blocks: 'Blocks',
    app: 'Application',
    runAt: 'Run date',
    summary: 'Summary',
    block: 'Block',
    seed: 'seed',
    reconciliation: 'Reconciliation with the official table (art. 3)',
    lot: 'Lot',
    officialLots: 'Official lots',
    simulatedLots: 'Simulated lots',
    diff: 'Difference',
    officialEur: 'Official amount',
    simulatedEur: 'Simulated amount',
    losing: 'Losing',
    total: 'Total',
    rtp: 'Return to player (RTP)',
    rtpOfficial: 'Official RTP',
    rtpSimulated: 'Simulated RTP',
    band: 'Legal band',
    inBand: 'inside the band',
    outBand: 'OUTSIDE the band',
    hitRate: 'Hit rate',
    sd: 'Standard deviation of a lot (stakes)',
    evaluator: 'Independent evaluator (R4)',
    evalPass:
      "PASS: every unit's lot re-derived from what it shows equals its assigned lot, and every level holds exactly the table's number of lots.",
    evalFail: 'FAIL: {m} unit(s) disagree, {c} level(s) whose count differs from the table.',
    integrity: 'Integrity (R1)',
    digest: 'Block SHA-256 digest',
    merkle: 'Merkle root of the segments',
    segments: 'Segments',
    segmentsOf: '{n} segments of {u} units',
    placement: 'Placement randomness tests (99 % level)',
    test: 'Test',
    statistic: 'Statistic',
    df: 'df / n',
    pValue: 'p-value',
    verdict: 'Verdict',
    pass: 'pass',
    fail: 'FAIL',
    noPlacement: 'Tests not computed (unit levels not kept).',
    falseFail:
      '{f} test(s) failed of {n}, each at 1 %; a perfectly random block would fail {e} on average. Overall verdict (Holm–Bonferroni, 1 %): {family}.',
    firstScreen: 'What the first screen reveals',
    cls: 'Class',
    share: 'Share',
    pWin: 'P(win)',
    meanLot: 'Mean lot',
    ratio: 'Ratio to hit rate',
    leak: 'Leak',
    leakYes: 'yes: the outcome shows early',
    leakNo: 'no',
    visibleWin: 'win shown on screen',
    visibleLoss: 'loss shown on screen',
    legal: 'Legal and regulatory basis',
    legalText:
      "The games' rules of La Française des Jeux cited above (art. 2: stakes and blocks; art. 3: prize tables; art. 4: play). Return to player: {src}. Product decisions: RULES.md (M1–M5, G1–G4, R1–R4).",
    tests: {
      segments: 'Winners per segment (χ², 100 segments)',
      runs: 'Runs of wins and losses (Wald–Wolfowitz)',
      serial: 'Serial correlation of lots (lag 1)',
      gaps: 'Gaps between winners (χ² vs geometric)',
      longestRun: 'Longest losing run',
      levelPositions: 'Position uniformity of the {lot} lot (Kolmogorov–Smirnov)',
    },
  },
} as const;

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fill = (s: string, v: Record<string, string | number>): string =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

function num(n: number, lang: ReportLang, digits?: number): string {
  const opts = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return n.toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', opts);
}

function pFmt(p: number, lang: ReportLang): string {
  if (p === 0) return '< 1e-300';
  const s = p >= 0.001 ? p.toFixed(4) : p.toExponential(2);
  return lang === 'fr' ? s.replace('.', ',') : s;
}

/** The label of a placement test in a language (shared with the app). */
export function placementTestLabel(t: PlacementTest, lang: ReportLang): string {
  const base = T[lang].tests[t.id];
  return t.prizeCents === undefined ? base : fill(base, { lot: formatEuros(t.prizeCents, lang) });
}

const CSS = `
body{font:11pt/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;margin:24px;max-width:1000px}
h1{font-size:18pt;margin:0 0 4px}h2{font-size:13pt;margin:22px 0 6px;border-bottom:1px solid #bbb}
h3{font-size:11.5pt;margin:14px 0 4px}
table{border-collapse:collapse;margin:4px 0 8px;width:100%}th,td{border:1px solid #ccc;padding:3px 6px;text-align:left}
th{background:#f0f0f0}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.pass{color:#0a6b2d;font-weight:600}.fail{color:#b00020;font-weight:700}
code{font:9pt ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
.small{font-size:9pt;color:#444}
@media print{body{margin:0}h2{break-after:avoid}table{break-inside:auto}tr{break-inside:avoid}}
`;

function blockHtml(r: AuditReport, b: BlockAudit, lang: ReportLang): string {
  const t = T[lang];
  const money = (c: number): string => formatEuros(c, lang);
  const pct = (x: number): string => formatPercent(x, lang);
  const cls = (ok: boolean): string => (ok ? 'pass' : 'fail');
  const rows = b.reconciliation
    .map(
      (x) =>
        `<tr><td>${x.level < 0 ? t.losing : money(x.prizeCents)}</td><td class="n">${num(x.officialLots, lang)}</td><td class="n">${num(x.simulatedLots, lang)}</td><td class="n ${cls(x.diffLots === 0)}">${num(x.diffLots, lang)}</td><td class="n">${x.level < 0 ? '' : money(x.officialCents)}</td><td class="n">${x.level < 0 ? '' : money(x.simulatedCents)}</td></tr>`,
    )
    .join('');
  const totalRow = `<tr><th>${t.total}</th><th class="n">${num(b.totals.officialLots, lang)}</th><th class="n">${num(b.totals.simulatedLots, lang)}</th><th class="n">${num(b.totals.simulatedLots - b.totals.officialLots, lang)}</th><th class="n">${money(b.totals.officialCents)}</th><th class="n">${money(b.totals.simulatedCents)}</th></tr>`;
  const band = r.legalBand;
  const inBand = b.inBand;
  const evalText = b.evaluator.ok
    ? t.evalPass
    : fill(t.evalFail, { m: b.evaluator.mismatches, c: b.evaluator.countMismatches.length });
  const pl = b.placement;
  const placement = pl
    ? `<table><thead><tr><th>${t.test}</th><th>${t.statistic}</th><th>${t.df}</th><th>${t.pValue}</th><th>${t.verdict}</th></tr></thead><tbody>${pl.tests
        .map(
          (x) =>
            `<tr><td>${esc(placementTestLabel(x, lang))}</td><td class="n">${esc(x.statisticName)} = ${num(x.statistic, lang, x.id === 'longestRun' ? 0 : 4)}</td><td class="n">${x.df !== undefined ? `${num(x.df, lang)} / ` : ''}${num(x.n, lang)}</td><td class="n">${pFmt(x.pValue, lang)}</td><td class="${cls(x.pass)}">${x.pass ? t.pass : t.fail}</td></tr>`,
        )
        .join(
          '',
        )}</tbody></table><p class="small">${fill(t.falseFail, { f: pl.failures, n: pl.tests.length, e: num(pl.expectedFalseFailures, lang, 2), family: pl.familyPass ? t.pass : t.fail })}</p>`
    : `<p>${t.noPlacement}</p>`;
  const fs = b.firstScreen;
  const fsRows = fs.rows
    .map(
      (x) =>
        `<tr><td>${esc(describeFirstScreenClass(x.cls, lang))}</td><td class="n">${num(x.units, lang)}</td><td class="n">${pct(x.share)}</td><td class="n">${Number.isNaN(x.pWin) ? '—' : pct(x.pWin)}</td><td class="n">${money(Math.round(x.meanLotCents))}</td><td class="n">${Number.isNaN(x.ratio) ? '—' : num(x.ratio, lang, 2)}</td><td class="${x.leaks ? 'fail' : 'pass'}">${x.outcome === 'undecided' ? (x.leaks ? t.leakYes : t.leakNo) : x.outcome === 'visible-win' ? t.visibleWin : t.visibleLoss}</td></tr>`,
    )
    .join('');
  return `<section><h2>${t.block} — ${t.seed} ${b.seed}</h2>
<h3>${t.reconciliation}</h3>
<table><thead><tr><th>${t.lot}</th><th>${t.officialLots}</th><th>${t.simulatedLots}</th><th>${t.diff}</th><th>${t.officialEur}</th><th>${t.simulatedEur}</th></tr></thead><tbody>${rows}${totalRow}</tbody></table>
<h3>${t.rtp}</h3>
<table><tbody>
<tr><th>${t.rtpOfficial}</th><td class="n">${pct(r.official.rtp)}</td></tr>
<tr><th>${t.rtpSimulated}</th><td class="n">${pct(b.rtp)}</td></tr>
<tr><th>${t.band}</th><td>${esc(lang === 'fr' ? band.fr : band.en)} : ${pct(band.minRtp)} – ${pct(band.maxRtp)} — <span class="${cls(inBand)}">${inBand ? t.inBand : t.outBand}</span></td></tr>
<tr><th>${t.hitRate}</th><td class="n">${pct(b.hitRate)} (${pct(r.official.hitRate)})</td></tr>
<tr><th>${t.sd}</th><td class="n">${num(b.sdStakes, lang, 2)}</td></tr>
</tbody></table>
<h3>${t.evaluator}</h3><p class="${cls(b.evaluator.ok)}">${esc(evalText)}</p>
<h3>${t.integrity}</h3>
<table><tbody>
<tr><th>${t.digest}</th><td><code>${b.integrity.digest}</code></td></tr>
<tr><th>${t.merkle}</th><td><code>${b.integrity.merkleRoot}</code></td></tr>
<tr><th>${t.segments}</th><td>${fill(t.segmentsOf, { n: num(b.integrity.segments, lang), u: num(b.integrity.segmentUnits, lang) })}</td></tr>
</tbody></table>
<h3>${t.placement}</h3>${placement}
<h3>${t.firstScreen}</h3>
<table><thead><tr><th>${t.cls}</th><th>${T[lang].units}</th><th>${t.share}</th><th>${t.pWin}</th><th>${t.meanLot}</th><th>${t.ratio}</th><th>${t.leak}</th></tr></thead><tbody>${fsRows}</tbody></table>
</section>`;
}

/** The whole report as a printable HTML document. */
export function auditReportHtml(r: AuditReport, lang: ReportLang = 'fr'): string {
  const t = T[lang];
  const id = r.identity;
  const doc = id.rulesDocument;
  const s = r.summary;
  const ok = s.allAuditsPass && s.inBand;
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${esc(`${t.title} — ${id.gameName}`)}</title><style>${CSS}</style></head>
<body>
<h1>${esc(`${t.title} — ${id.gameName}`)}</h1>
<p class="small">Instant Lab ${esc(id.appVersion)} · ${esc(id.runAt)}</p>
<h2>${t.identity}</h2>
<table><tbody>
<tr><th>${t.game}</th><td>${esc(id.gameName)} (<code>${esc(id.game)}</code>)</td></tr>
<tr><th>${t.rules}</th><td>${esc(`${doc.title}, ${doc.place}, ${doc.date}`)}</td></tr>
<tr><th>${t.table}</th><td>${esc(id.tableSource)}</td></tr>
<tr><th>${t.stake}</th><td>${formatEuros(id.stakeCents, lang)}</td></tr>
<tr><th>${t.seeds}</th><td>${id.seeds.join(', ')}</td></tr>
<tr><th>${t.generator}</th><td><code>${esc(id.generator)}</code></td></tr>
<tr><th>${t.units}</th><td>${num(id.unitsPerBlock, lang)}</td></tr>
<tr><th>${t.blocks}</th><td>${id.blocks}</td></tr>
<tr><th>${t.app}</th><td>Instant Lab ${esc(id.appVersion)}</td></tr>
<tr><th>${t.runAt}</th><td>${esc(id.runAt)}</td></tr>
</tbody></table>
<h2>${t.summary}</h2>
<table><tbody>
<tr><th>${t.rtpSimulated}</th><td class="n">${formatPercent(s.rtp, lang)}</td></tr>
<tr><th>${t.band}</th><td class="${ok ? 'pass' : 'fail'}">${s.inBand ? t.inBand : t.outBand}</td></tr>
<tr><th>${t.evaluator}</th><td class="${s.allAuditsPass ? 'pass' : 'fail'}">${s.allAuditsPass ? t.pass : t.fail}</td></tr>
<tr><th>${t.placement}</th><td>${fill(t.falseFail, { f: s.placementFailures, n: s.placementTests, e: num(s.placementTests * 0.01, lang, 2), family: s.placementFamilyPass ? t.pass : t.fail })}</td></tr>
</tbody></table>
${r.blocks.map((b) => blockHtml(r, b, lang)).join('\n')}
<h2>${t.legal}</h2><p>${esc(fill(t.legalText, { src: r.legalBand.source }))}</p>
</body></html>
`;
}
