/**
 * A placement rejection is a finding to examine, not a reconciliation failure: a fair block is
 * rejected at 1 % one time in a hundred, so what a rejection says is « where the winners sit is
 * unlikely for a random placement: look here », with its p-value, the test that decided and where
 * in the block. Over several blocks verified together, the finding is decided by Holm over the
 * set ({@link holmOverSet}), so that the chance of any false finding in the whole set stays at 1 %.
 */
import { formatSignificant } from '../format/numbers';
import { ALPHA } from './placement-constants';
import type { PlacementWhere } from './placement-constants';
import { blockPlacementP, holmOverSet } from './placement-family';

/** What a finding is computed from: one line per test of a block. */
export interface FindingInput {
  readonly tests: readonly { readonly name: string; readonly p: number; readonly where?: PlacementWhere }[];
}

export interface PlacementFinding {
  /** Whether the block is a finding to examine at {@link alpha} over its set. */
  readonly finding: boolean;
  /** The block's overall p-value (tests × smallest p) and its Holm-adjusted p over the set. */
  readonly blockP: number;
  readonly adjustedP: number;
  /** How many blocks were judged together, and the family-wise level over them. */
  readonly setSize: number;
  readonly alpha: number;
  /** The test with the smallest p-value, that p-value, and where in the block it points. */
  readonly test: string;
  readonly testP: number;
  readonly where: PlacementWhere | null;
}

function decisive(block: FindingInput): { test: string; testP: number; where: PlacementWhere | null } {
  let best = block.tests[0];
  for (const t of block.tests) if (best === undefined || t.p < best.p) best = t;
  return { test: best?.name ?? '', testP: best?.p ?? 1, where: best?.where ?? null };
}

/**
 * The finding of each block of a set verified together (null where a block has no placement
 * tests): Holm over the blocks' overall p-values at `alpha`.
 */
export function findingsOverSet(blocks: readonly (FindingInput | null)[], alpha = ALPHA): (PlacementFinding | null)[] {
  const tested = blocks.flatMap((b, i) => (b ? [{ i, p: blockPlacementP(b.tests.map((t) => t.p)) }] : []));
  const set = holmOverSet(
    tested.map((x) => x.p),
    alpha,
  );
  const out: (PlacementFinding | null)[] = blocks.map(() => null);
  tested.forEach((x, k) => {
    const b = blocks[x.i]!;
    out[x.i] = {
      finding: set.rejected[k]!,
      blockP: x.p,
      adjustedP: set.adjusted[k]!,
      setSize: tested.length,
      alpha,
      ...decisive(b),
    };
  });
  return out;
}

/** Where a finding points, in words. */
function whereText(w: PlacementWhere | null, lang: 'fr' | 'en'): string {
  if (!w) return lang === 'fr' ? 'tout le bloc' : 'the whole block';
  if (w.minGap !== undefined) {
    const expected = formatSignificant(w.expectedMinGap ?? 0, lang, 3);
    return lang === 'fr'
      ? `plus petit écart ${w.minGap} unités, attendu ${expected} pour un placement au hasard, lots des unités ${w.from} à ${w.to - 1}`
      : `smallest gap ${w.minGap} units, ${expected} expected for a random placement, lots from unit ${w.from} to ${w.to - 1}`;
  }
  if (w.period !== undefined) {
    const period = formatSignificant(w.period, lang, 4);
    return lang === 'fr'
      ? `période de ${period} unités${w.residue !== undefined ? `, excès au résidu ${w.residue}` : ''}`
      : `period of ${period} units${w.residue !== undefined ? `, excess at residue ${w.residue}` : ''}`;
  }
  const scale = w.scale !== undefined ? (lang === 'fr' ? ` (fenêtres de ${w.scale})` : ` (windows of ${w.scale})`) : '';
  return lang === 'fr' ? `unités ${w.from} à ${w.to - 1}${scale}` : `units ${w.from} to ${w.to - 1}${scale}`;
}

const pText = (x: number, lang: 'fr' | 'en'): string => (x === 0 ? '< 1e-300' : formatSignificant(x, lang, 3));
/** « p = 0.0123 », or « p < 1e-300 » where the distributions return 0. */
const pIs = (x: number, lang: 'fr' | 'en'): string => (x === 0 ? 'p < 1e-300' : `p = ${pText(x, lang)}`);

/**
 * Why an adjusted p-value reads 1, said beside it: Holm multiplies each p by the number of blocks
 * (or tests) still in play and caps the product at 1, so a 1 after adjustment is no hint at all,
 * not a round figure to explain. Empty below 1, and never needed by a finding (adjusted ≤ its level).
 */
function adjustedPNote(adjustedP: number, lang: 'fr' | 'en'): string {
  if (adjustedP < 1) return '';
  return lang === 'fr'
    ? ' (l’ajustement de Holm plafonne à 1 : 1 après ajustement, aucun indice)'
    : ' (Holm’s adjustment caps at 1: 1 after adjustment, no hint at all)';
}

/** What a level-regularity finding says before its figures: « le niveau 9 est placé trop régulièrement : ». */
function spacingLead(test: string, lang: 'fr' | 'en'): string {
  const m = /^levelRegularity:(\d+)$/.exec(test);
  if (!m) return '';
  const level = Number(m[1]) + 1;
  return lang === 'fr'
    ? `le niveau ${level} est placé trop régulièrement : `
    : `level ${level} is spaced too regularly: `;
}

/** The finding alone, for a report's sentence: « aucun constat » or what to examine and where. */
export function findingBody(f: PlacementFinding, lang: 'fr' | 'en'): string {
  if (!f.finding) return lang === 'fr' ? 'aucun constat' : 'no finding';
  const where = spacingLead(f.test, lang) + whereText(f.where, lang);
  return lang === 'fr'
    ? `constat à examiner (pas un défaut de rapprochement) : test ${f.test}, ${pIs(f.testP, lang)}, ${where}`
    : `finding to examine (not a reconciliation failure): test ${f.test}, ${pIs(f.testP, lang)}, ${where}`;
}

/**
 * A finding in one line and one language: a finding to examine, or none, and on how many blocks
 * the family-wise error was controlled.
 */
export function findingText(f: PlacementFinding, lang: 'fr' | 'en'): string {
  const p = (x: number): string => pText(x, lang);
  const set =
    f.setSize > 1
      ? lang === 'fr'
        ? `Holm sur les ${f.setSize} blocs vérifiés ensemble, erreur d’ensemble ≤ ${f.alpha * 100} %`
        : `Holm over the ${f.setSize} blocks verified together, family-wise error ≤ ${f.alpha * 100}%`
      : lang === 'fr'
        ? `Holm sur les tests du bloc, ${f.alpha * 100} %`
        : `Holm over the block's tests, ${f.alpha * 100}%`;
  if (!f.finding)
    return lang === 'fr'
      ? `placement : aucun constat (p du bloc ${p(f.blockP)}, ajustée ${p(f.adjustedP)}${adjustedPNote(f.adjustedP, lang)} ; ${set})`
      : `placement: no finding (block p ${p(f.blockP)}, adjusted ${p(f.adjustedP)}${adjustedPNote(f.adjustedP, lang)}; ${set})`;
  return lang === 'fr'
    ? `placement : CONSTAT À EXAMINER, pas un défaut de rapprochement — test ${f.test} (${pIs(f.testP, lang)}), ${spacingLead(f.test, lang)}${whereText(f.where, lang)} ; p du bloc ${p(f.blockP)}, ajustée ${p(f.adjustedP)} (${set})`
    : `placement: FINDING TO EXAMINE, not a reconciliation failure — test ${f.test} (${pIs(f.testP, lang)}), ${spacingLead(f.test, lang)}${whereText(f.where, lang)}; block p ${p(f.blockP)}, adjusted ${p(f.adjustedP)} (${set})`;
}
