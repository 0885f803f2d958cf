/**
 * `verify`'s words on a terminal: a file's verdict, every line in the command's language, and the
 * progress line drawn while a file is read.
 */
import { findingText, formatEuros, plural } from '@engine';
import type { PlacementFinding, VerifyResult, WinnerSketch } from '@engine';
import { oneLine, quotedPath } from '../errors';
import type { CliLang } from '../args';
import type { VerifyProgress } from '../verify-on-pool';

/** A file's verdict and the SHA-256 of the bytes that were checked. */
export interface FileVerdict {
  readonly file: string;
  readonly sha256: string;
  readonly bytes: number;
  readonly result: VerifyResult;
  /** Where its winners sit, when asked for and the placement tests read its levels (emissions). */
  readonly sketch?: WinnerSketch | null;
}

/**
 * The verdict in words, for a terminal, every line in `lang` (English unless asked); counts are
 * printed without digit groups in both languages, as scripts read them.
 */
export function verdictText(v: FileVerdict, finding: PlacementFinding | null = null, lang: CliLang = 'en'): string {
  const r = v.result;
  const fr = lang === 'fr';
  // « label : value » in French, "label: value" in English
  const say = (en: string, frLabel: string, value: string): string =>
    fr ? `${frLabel} : ${value}` : `${en}: ${value}`;
  const out: string[] = [
    say('file', 'fichier', quotedPath(v.file)),
    `sha256${fr ? ' :' : ':'} ${v.sha256}`,
    say('bytes', 'octets', String(v.bytes)),
  ];
  if (r.verdict === 'not-an-export') {
    out.push(
      fr
        ? `verdict : PAS UN EXPORT : ${oneLine(r.notAnExport?.fr ?? 'illisible')}`
        : `verdict: NOT AN EXPORT: ${oneLine(r.notAnExport?.message ?? 'unreadable')}`,
    );
    return `${out.join('\n')}\n`;
  }
  const stake = r.stakeCents === null ? '?' : formatEuros(r.stakeCents, lang).replace(/[\u00a0\u202f]/g, ' ');
  const generator = r.generator === null ? null : `"${r.generator}"`;
  const block = fr
    ? r.checks.kind === 'regenerated-from-references'
      ? `bloc : ${r.game} mise ${stake} graine ${r.seed} (${r.format} ; son en-tête ${generator === null ? 'ne nomme aucun générateur' : `nomme le générateur ${generator}`}, ses références ${r.checks.generator})`
      : r.foreign
        ? `bloc : ${r.game} mise ${stake}, ÉTRANGER (${r.format}, générateur ${r.generator ?? 'non nommé'} ; aucun générateur des nôtres ou aucune graine) : rien ne peut être régénéré, les unités sont donc réévaluées à partir de ce qu’elles montrent (R4) et le placement est testé (un constat à examiner, jamais une partie du verdict)`
        : `bloc : ${r.game} mise ${stake} graine ${r.seed} (${r.format}, ${r.generator}${r.customWeights ? ', poids de présentation de son en-tête (M4, G2) : pas le bloc officiel de sa graine, unités non rouvertes par leurs références (R2)' : ''})`
    : r.checks.kind === 'regenerated-from-references'
      ? `block: ${r.game} stake ${stake} seed ${r.seed} (${r.format}; its header names ${generator === null ? 'no generator' : `generator ${generator}`}, its references ${r.checks.generator})`
      : r.foreign
        ? `block: ${r.game} stake ${stake}, FOREIGN (${r.format}, generator ${r.generator ?? 'not named'}; no generator of ours or no seed): nothing can be regenerated, so units are re-derived from what they show (R4) and the placement is tested (a finding to examine, never part of the verdict)`
        : `block: ${r.game} stake ${stake} seed ${r.seed} (${r.format}, ${r.generator}${r.customWeights ? ', presentation weights of its header (M4, G2): not the official block of its seed, units not reopened by their references (R2)' : ''})`;
  const regenerated = r.foreign && r.regenerated === 0 ? null : String(r.regenerated);
  const expected = r.expectedUnits === null ? '?' : String(r.expectedUnits);
  const n = r.discrepancyCount;
  out.push(
    block,
    // which checks the file got, in the line's language
    say('checks', 'contrôles', r.checks[lang]),
    fr
      ? `unités vérifiées : ${r.unitsVerified} sur ${r.unitLines} lignes (bloc de ${expected}) ; régénérées depuis la graine : ${regenerated ?? 'non (bloc étranger)'}`
      : `units verified: ${r.unitsVerified} of ${r.unitLines} lines (block of ${expected}); regenerated from the seed: ${regenerated ?? 'no (foreign block)'}`,
    fr
      ? `comptes égaux au tableau officiel : ${r.countsMatch === null ? 'non vérifiés (bloc incomplet)' : r.countsMatch ? 'oui' : 'non'}`
      : `counts match the official table: ${r.countsMatch === null ? 'not checked (incomplete block)' : r.countsMatch ? 'yes' : 'no'}`,
    fr
      ? `verdict : ${r.verdict === 'conforming' ? 'CONFORME' : `NON CONFORME (${n} ${plural(n, 'fr', 'écart', 'écarts')})`}`
      : `verdict: ${r.verdict === 'conforming' ? 'CONFORMING' : `NOT CONFORMING (${n} ${plural(n, 'en', 'discrepancy', 'discrepancies')})`}`,
  );
  if (r.placement) {
    // a finding beside the verdict, never part of it: each test at 1 %, Holm over the tests (and the set)
    const failed = r.placement.tests.filter((t) => !t.ok).map((t) => t.name);
    out.push(
      fr
        ? `tests de placement : ${failed.length} sur ${r.placement.tests.length} en échec seuls à 1 %${failed.length > 0 ? ` : ${failed.join(', ')}` : ''}`
        : `placement tests: ${failed.length} of ${r.placement.tests.length} tests fail alone at 1%${failed.length > 0 ? `: ${failed.join(', ')}` : ''}`,
    );
    if (finding) out.push(findingText(finding, lang));
  }
  for (const d of r.discrepancies) {
    const parts = [oneLine(fr ? d.fr : d.message)];
    if (d.ref !== undefined) parts.push(`${fr ? 'unité' : 'unit'} ${d.ref}`);
    if (d.expected !== undefined) parts.push(`${fr ? 'attendu' : 'expected'} ${oneLine(d.expected)}`);
    if (d.found !== undefined) parts.push(`${fr ? 'trouvé' : 'found'} ${oneLine(d.found)}`);
    out.push(`  - ${parts.join(' | ')}`);
  }
  const more = r.discrepancyCount - r.discrepancies.length;
  if (more > 0)
    out.push(
      fr
        ? `  … et ${more} de plus (seuls les ${r.discrepancies.length} premiers sont décrits)`
        : `  … and ${more} more (only the first ${r.discrepancies.length} are described)`,
    );
  return `${out.join('\n')}\n`;
}

/** When the progress line was last drawn, and whether one is on the terminal. */
const drawn = { at: 0, shown: false, started: 0 };

/**
 * Progress of a file's verification on stderr, when it is a terminal: units, units/s and time
 * left (from the bytes read), redrawn at most twice a second, in `lang` (one language a line).
 */
export function progressLine(file: string, lang: CliLang): VerifyProgress | undefined {
  if (!process.stderr.isTTY) return undefined;
  drawn.started = performance.now();
  return ({ units, bytes, totalBytes }) => {
    const now = performance.now();
    if (now - drawn.at < 500) return;
    drawn.at = now;
    const s = (now - drawn.started) / 1000;
    const left = bytes > 0 ? (s * (totalBytes - bytes)) / bytes : 0;
    const rate = Math.round(units / Math.max(s, 1e-3));
    process.stderr.write(
      lang === 'fr'
        ? `\r\x1b[K${quotedPath(file)} : ${units} unités vérifiées, ${rate} unités/s, environ ${Math.ceil(left)} s restantes`
        : `\r\x1b[K${quotedPath(file)}: ${units} units verified, ${rate} units/s, about ${Math.ceil(left)} s left`,
    );
    drawn.shown = true;
  };
}

export function endProgress(): void {
  if (drawn.shown) process.stderr.write('\r\x1b[K');
  drawn.shown = false;
}
