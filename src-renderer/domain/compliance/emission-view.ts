/**
 * A judged emission's checks across blocks and its other files as the screen lists them, in the
 * engine's words: each check with its kind, a discrepancy (a block, seed or reference delivered
 * twice, a declared seed contradicted) or a finding to examine (winners laid on one another beyond
 * chance), so that a statistical finding is never shown as a failure.
 */
import { acrossLines } from '@engine';
import type { JudgedEmission, Lang } from '@engine';

export type AcrossKind = 'fail' | 'finding' | 'none';

/** The engine lists the discrepancies first, then the winners' summary, then each pair found alike. */
export function acrossChecks(e: JudgedEmission, lang: Lang): { text: string; kind: AcrossKind }[] {
  const a = e.across;
  const failing =
    a.sameBlockAs.filter((j) => j !== null).length + a.seedsTwice.length + a.refsTwice.length + a.seedMismatches.length;
  return acrossLines(e, lang).map((text, i) => ({
    text: text.replace(/^ {2}- /, ''),
    kind: i < failing ? 'fail' : i === failing && a.reuse.findings.length === 0 ? 'none' : 'finding',
  }));
}

/** Files missing or unreadable, skipped, or of other bytes than the manifest lists, each with why. */
export function otherFiles(e: JudgedEmission, lang: Lang): { file: string; why: string }[] {
  const say = (w: { message: string; fr: string }): string => (lang === 'fr' ? w.fr : w.message);
  return [
    ...e.missing.map((m) => ({ file: m.file, why: say(m.why) })),
    ...e.skipped.map((s) => ({ file: s.file, why: say(s.why) })),
    ...e.blocks.flatMap((b) => (b.problem ? [{ file: b.file, why: say(b.problem) }] : [])),
  ];
}
