/**
 * An emission's report as a file: JSON (every figure), CSV (one row a block, for a spreadsheet) or
 * HTML (self-contained and printable, in the chosen language). Each carries what it was computed
 * on: the emission, every file with its SHA-256, game, stake, table identity, generator and seed.
 */
import { csvText } from '../export/unit-lines';
import type { JudgedEmission } from './emission';
import { acrossLines, blockCells, headLine, identityLines, verdictLines } from './emission-text';

type Lang = 'fr' | 'en';

/** The formats an emission's report is written in. */
export type EmissionReportKind = 'html' | 'json' | 'csv';

/** The report's file, byte for byte the same from the command line's `--report` and the screen's « Enregistrer ». */
export function emissionReport(kind: EmissionReportKind, e: JudgedEmission, lang: Lang, app: string, at: Date): string {
  return kind === 'html'
    ? emissionHtml(e, lang, app, at)
    : kind === 'csv'
      ? emissionCsv(e)
      : `${JSON.stringify(emissionJson(e, app, at), null, 2)}\n`;
}

/** The JSON of a judged emission (the command's `--json`, and `--report FILE.json`). */
export function emissionJson(e: JudgedEmission, app: string, at: Date): Record<string, unknown> {
  const a = e.across;
  return {
    emission: e.name,
    source: e.source,
    path: e.path,
    app,
    at: at.toISOString(),
    verdict: e.verdict,
    // a fair emission's chance of a finding, at most: shared between placement and winners reused
    findings_alpha: e.alpha,
    blocks: e.blocks.map((b, i) => ({
      file: b.file,
      sha256: b.sha256,
      bytes: b.bytes,
      game: b.result.game,
      stake_cents: b.result.stakeCents,
      generator: b.result.generator,
      seed: b.result.seed,
      declared_seed: b.declaredSeed,
      foreign: b.result.foreign,
      verdict: b.result.verdict,
      discrepancies: b.result.discrepancyCount,
      units_verified: b.result.unitsVerified,
      levels_sha256: b.result.levelsSha256,
      placement_finding: e.placement[i] ?? null,
      same_block_as: a.sameBlockAs[i] === null ? null : e.blocks[a.sameBlockAs[i]!]!.file,
      problem: b.problem?.message ?? null,
    })),
    missing: e.missing.map((m) => ({ file: m.file, why: m.why.message })),
    skipped: e.skipped.map((s) => ({ file: s.file, why: s.why.message })),
    across: {
      seeds_twice: a.seedsTwice.map((s) => ({ seed: s.seed, files: s.blocks.map((i) => e.blocks[i]!.file) })),
      references_twice: a.refsTwice.map((r) => ({ names: r.names, files: r.blocks.map((i) => e.blocks[i]!.file) })),
      seed_mismatches: a.seedMismatches.map((m) => ({
        file: e.blocks[m.block]!.file,
        declared: m.declared,
        header: m.header,
      })),
      winners_reused: {
        pairs: a.reuse.pairs,
        alpha: a.reuse.alpha,
        method: 'hypergeometric-bonferroni-over-layouts-holm-over-pairs',
        smallest_p: a.reuse.smallestP,
        not_laid: a.notLaid,
        findings: a.reuse.findings.map((f) => ({
          a: e.blocks[f.a]!.file,
          b: e.blocks[f.b]!.file,
          mirror: f.layout.mirror,
          shift: f.layout.shift,
          shared: f.shared,
          expected: f.expected,
          p: f.p,
        })),
      },
    },
    placement: { alpha: e.placementAlpha, method: 'holm-over-blocks', findings: e.placementFindings },
  };
}

/** One row a block, the emission's verdict on every row (a spreadsheet reads rows, not a header). */
export function emissionCsv(e: JudgedEmission): string {
  const rows: (string | number)[][] = e.blocks.map((b, i) => {
    const f = e.placement[i];
    const j = e.across.sameBlockAs[i];
    return [
      e.name,
      e.verdict,
      b.file,
      b.sha256,
      b.bytes,
      b.result.game ?? '',
      b.result.stakeCents ?? '',
      b.result.generator ?? '',
      b.result.seed ?? '',
      b.declaredSeed ?? '',
      b.result.verdict,
      b.result.discrepancyCount,
      f === null || f === undefined ? 'not tested' : f.finding ? 'finding' : 'no finding',
      j === null || j === undefined ? '' : e.blocks[j]!.file,
      b.problem?.message ?? '',
    ];
  });
  for (const m of e.missing)
    rows.push([e.name, e.verdict, m.file, '', '', '', '', '', '', '', 'missing', '', '', '', m.why.message]);
  return csvText(rows, [
    'emission',
    'emission_verdict',
    'file',
    'sha256',
    'bytes',
    'game',
    'stake_cents',
    'generator',
    'seed',
    'declared_seed',
    'verdict',
    'discrepancies',
    'placement',
    'same_block_as',
    'problem',
  ]);
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The report as one printable HTML page, every line in `lang`. */
export function emissionHtml(e: JudgedEmission, lang: Lang, app: string, at: Date): string {
  const fr = lang === 'fr';
  const title = fr ? `Vérification d’émission « ${e.name} »` : `Emission verification "${e.name}"`;
  const list = (lines: readonly string[]): string => `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`;
  const verdict = verdictLines(e, lang);
  const rows = blockCells(e, lang)
    .map(
      (c) =>
        `<tr><th scope="row">${esc(c.file)}</th><td>${esc(c.verdict)}</td><td>${esc(c.block ?? '')}</td><td class="digest">${esc(c.sha256)}</td><td>${esc(c.placement)}</td></tr>`,
    )
    .join('');
  const heads = fr
    ? ['Fichier', 'Verdict', 'Bloc', 'SHA-256 du fichier', 'Placement']
    : ['File', 'Verdict', 'Block', 'File SHA-256', 'Placement'];
  const other = [
    ...e.missing.map((m) => (fr ? `manquant "${m.file}" : ${m.why.fr}` : `missing "${m.file}": ${m.why.message}`)),
    ...e.skipped.map((s) => (fr ? `ignoré "${s.file}" : ${s.why.fr}` : `skipped "${s.file}": ${s.why.message}`)),
    ...e.blocks.flatMap((b) => (b.problem ? [`"${b.file}" : ${fr ? b.problem.fr : b.problem.message}`] : [])),
  ];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>
body { font: 11pt/1.4 system-ui, sans-serif; color: #111; margin: 2em; }
h1 { font-size: 16pt; } h2 { font-size: 13pt; margin-top: 1.5em; }
table { border-collapse: collapse; width: 100%; font-size: 9pt; }
th, td { border: 1px solid #666; padding: 0.25em 0.4em; text-align: left; vertical-align: top; }
td.digest { font-family: monospace; overflow-wrap: anywhere; }
thead th { background: #e8e8e8; }
.verdict { font-weight: bold; font-size: 12pt; }
@media print { body { margin: 0; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>${esc(headLine(e, lang))}</p>
<p class="verdict">${esc(verdict[verdict.length - 1]!)}</p>
<h2>${fr ? 'Calculé sur' : 'Computed on'}</h2>
${list([...identityLines(e, lang), fr ? `application ${app}, le ${at.toISOString()}` : `application ${app}, at ${at.toISOString()}`])}
<h2>${fr ? 'Blocs' : 'Blocks'}</h2>
<table>
<thead><tr>${heads.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead>
<tbody>${rows}</tbody>
</table>
${other.length > 0 ? `<h2>${fr ? 'Fichiers manquants, ignorés ou différents du manifeste' : 'Files missing, skipped or other than the manifest'}</h2>\n${list(other)}` : ''}
<h2>${fr ? 'Contrôles entre blocs' : 'Checks across blocks'}</h2>
${list(acrossLines(e, lang))}
<h2>${fr ? 'Placement et verdict' : 'Placement and verdict'}</h2>
${list(verdict)}
</main>
</body>
</html>
`;
}
