/**
 * An emission's verdict in words, one language a line (English unless asked): the emission, what
 * it was computed on, one line per block, what was skipped or missing, the checks across blocks,
 * the placement family and the one verdict. The terminal prints these lines, the HTML report too.
 */
import { tableIdentity, tableLine } from '../block/table-identity';
import { plural } from '../format/plural';
import { formatEuros } from '../money/format';
import { officialTable } from '../rules/load';
import type { GameId, StakeCents } from '../rules/types';
import type { JudgedEmission } from './emission';

type Lang = 'fr' | 'en';

const q = (file: string): string => `"${file}"`;
/** A p-value in a line: 2 significant digits, the French decimal comma. */
export function pText(p: number, lang: Lang): string {
  const t = p === 0 ? '< 1e-300' : p === 1 ? '1' : p >= 0.001 ? p.toPrecision(2) : p.toExponential(1);
  return lang === 'fr' ? t.replace('.', ',') : t;
}
/** A level of the tests in a line: « 0,5 % » in French, « 0.5% » in English. */
export function alphaText(alpha: number, lang: Lang): string {
  const t = String(Number((alpha * 100).toPrecision(3)));
  return lang === 'fr' ? `${t.replace('.', ',')} %` : `${t}%`;
}
const euros = (cents: number | null, lang: Lang): string =>
  cents === null ? '?' : formatEuros(cents, lang).replace(/[\u00a0\u202f]/g, ' ');

/** What the emission was computed on: each game and stake with its table's identity, generators, seeds. */
export function identityLines(e: JudgedEmission, lang: Lang): string[] {
  const fr = lang === 'fr';
  const tables = new Map<string, string>();
  for (const b of e.blocks) {
    const r = b.result;
    if (r.game === null || r.stakeCents === null) continue;
    const id = tableIdentity(officialTable(r.game as GameId, r.stakeCents as StakeCents));
    tables.set(`${r.game} ${r.stakeCents}`, `${r.game} ${euros(r.stakeCents, lang)} : ${tableLine(id, lang)}`);
  }
  const generators = [...new Set(e.blocks.map((b) => b.result.generator ?? (fr ? 'non nommé' : 'not named')))];
  const seeds = e.blocks.map((b) => b.declaredSeed ?? b.result.seed).filter((s): s is number => s !== null);
  const say = (en: string, frLabel: string, value: string): string =>
    fr ? `${frLabel} : ${value}` : `${en}: ${value}`;
  return [
    ...[...tables.values()].map((t) => say('table', 'tableau', fr ? t : t.replace(' : ', ': '))),
    say('generators', 'générateurs', generators.join(', ') || '-'),
    say('seeds', 'graines', seeds.join(', ') || '-'),
  ];
}

/** One line per block: its file, verdict, block, SHA-256 and placement finding. */
export function blockLines(e: JudgedEmission, lang: Lang): string[] {
  const fr = lang === 'fr';
  return blockCells(e, lang).map((c) =>
    [
      `${fr ? 'bloc' : 'block'} ${q(c.file)}`,
      c.verdict,
      c.block,
      `sha256 ${c.sha256}`,
      fr ? `placement : ${c.placement}` : `placement: ${c.placement}`,
      c.problem,
    ]
      .filter((p) => p !== null)
      .join(' | '),
  );
}

/** What a block's line says, part by part (the report's table cells). */
export interface BlockCells {
  readonly file: string;
  readonly verdict: string;
  readonly block: string | null;
  readonly sha256: string;
  readonly placement: string;
  readonly problem: string | null;
}

export function blockCells(e: JudgedEmission, lang: Lang): BlockCells[] {
  const fr = lang === 'fr';
  return e.blocks.map((b, i) => {
    const r = b.result;
    const verdict =
      r.verdict === 'conforming'
        ? fr
          ? 'CONFORME'
          : 'CONFORMING'
        : r.verdict === 'not-an-export'
          ? fr
            ? `PAS UN EXPORT (${r.notAnExport?.fr ?? 'illisible'})`
            : `NOT AN EXPORT (${r.notAnExport?.message ?? 'unreadable'})`
          : fr
            ? `NON CONFORME (${r.discrepancyCount} ${plural(r.discrepancyCount, 'fr', 'écart', 'écarts')})`
            : `NOT CONFORMING (${r.discrepancyCount} ${plural(r.discrepancyCount, 'en', 'discrepancy', 'discrepancies')})`;
    const seed = b.declaredSeed ?? r.seed;
    const block =
      r.game === null
        ? null
        : `${r.game} ${euros(r.stakeCents, lang)} ${r.foreign ? (fr ? 'étranger' : 'foreign') : (r.generator ?? '')}${seed === null ? '' : ` ${fr ? 'graine' : 'seed'} ${seed}`}`;
    const f = e.placement[i];
    const placement =
      f === null || f === undefined
        ? fr
          ? 'non testé'
          : 'not tested'
        : f.finding
          ? fr
            ? `constat à examiner (p ${pText(f.adjustedP, lang)})`
            : `finding to examine (p ${pText(f.adjustedP, lang)})`
          : fr
            ? 'aucun constat'
            : 'no finding';
    return {
      file: b.file,
      verdict,
      block,
      sha256: b.sha256,
      placement,
      problem: b.problem ? (fr ? b.problem.fr : b.problem.message) : null,
    };
  });
}

/** The checks across blocks, one line each. */
export function acrossLines(e: JudgedEmission, lang: Lang): string[] {
  const fr = lang === 'fr';
  const a = e.across;
  const name = (i: number): string => q(e.blocks[i]!.file);
  const out: string[] = [];
  a.sameBlockAs.forEach((j, i) => {
    if (j === null) return;
    out.push(
      a.sameBytes[i]
        ? fr
          ? `bloc livré deux fois : ${name(i)} a les mêmes octets que ${name(j)}`
          : `block delivered twice: ${name(i)} has the same bytes as ${name(j)}`
        : fr
          ? `bloc livré deux fois : ${name(i)} est le même bloc que ${name(j)} en d’autres octets`
          : `block delivered twice: ${name(i)} is the same block as ${name(j)} in other bytes`,
    );
  });
  for (const s of a.seedsTwice)
    out.push(
      fr
        ? `graine livrée deux fois : la graine ${s.seed} sur des blocs différents, ${s.blocks.map(name).join(', ')}`
        : `seed delivered twice: seed ${s.seed} on different blocks, ${s.blocks.map(name).join(', ')}`,
    );
  for (const r of a.refsTwice)
    out.push(
      fr
        ? `références d’unité dans deux blocs : ${r.blocks.map(name).join(', ')} sont des blocs différents dont les références désignent le même bloc (${r.names})`
        : `unit references in two blocks: ${r.blocks.map(name).join(', ')} are different blocks whose references name one block (${r.names})`,
    );
  for (const m of a.seedMismatches)
    out.push(
      fr
        ? `graine déclarée : le manifeste déclare la graine ${m.declared} pour ${name(m.block)}, son en-tête dit ${m.header}`
        : `declared seed: the manifest declares seed ${m.declared} for ${name(m.block)}, its header says ${m.header}`,
    );
  const r = a.reuse;
  const notLaid =
    a.notLaid === 0
      ? ''
      : fr
        ? ` (${a.notLaid} ${plural(a.notLaid, 'fr', 'bloc incomplet ou aux comptes inégaux au tableau non posé', 'blocs incomplets ou aux comptes inégaux au tableau non posés')})`
        : ` (${a.notLaid} ${plural(a.notLaid, 'en', 'block', 'blocks')} not laid: incomplete, or counts not equal to the table)`;
  out.push(
    fr
      ? `gagnants posés l’un sur l’autre (mêmes positions, décalées ou en miroir) : ${r.pairs} ${plural(r.pairs, 'fr', 'paire', 'paires')}${notLaid}, Holm à ${alphaText(r.alpha, lang)} sur les paires : ${r.findings.length === 0 ? `aucune paire plus semblable que le hasard ne le permet (plus petit p ${pText(r.smallestP, lang)})` : `${r.findings.length} ${plural(r.findings.length, 'fr', 'constat', 'constats')} à examiner`}`
      : `winners laid on one another (same, shifted or mirrored positions): ${r.pairs} ${plural(r.pairs, 'en', 'pair', 'pairs')}${notLaid}, Holm at ${alphaText(r.alpha, lang)} over the pairs: ${r.findings.length === 0 ? `no pair more alike than chance allows (smallest p ${pText(r.smallestP, lang)})` : `${r.findings.length} ${plural(r.findings.length, 'en', 'finding', 'findings')} to examine`}`,
  );
  for (const f of r.findings) {
    const how = f.layout.mirror
      ? fr
        ? `lu à l’envers${f.layout.shift === 0 ? '' : ` puis décalé de ${f.layout.shift}`}`
        : `read backwards${f.layout.shift === 0 ? '' : ` then shifted by ${f.layout.shift}`}`
      : f.layout.shift === 0
        ? fr
          ? 'aux mêmes positions'
          : 'at the same positions'
        : fr
          ? `décalé de ${f.layout.shift}`
          : `shifted by ${f.layout.shift}`;
    out.push(
      fr
        ? `  - ${name(f.a)} et ${name(f.b)} : ${f.shared} gagnants en commun, ${name(f.b)} ${how}, quand le hasard en donne ${Math.round(f.expected)} ; p ${pText(f.p, lang)} (sur les ${2 * (e.blocks[f.a]!.sketch?.units ?? 0)} façons de les poser) : le même tirage réutilisé ? constat à examiner`
        : `  - ${name(f.a)} and ${name(f.b)}: ${f.shared} winners shared, ${name(f.b)} ${how}, where chance gives ${Math.round(f.expected)}; p ${pText(f.p, lang)} (over the ${2 * (e.blocks[f.a]!.sketch?.units ?? 0)} ways of laying them): the same permutation reused? a finding to examine`,
    );
  }
  return out;
}

/** Why an emission is not conforming, counted by reason. */
function whyNot(e: JudgedEmission, lang: Lang): string[] {
  const a = e.across;
  const count = (n: number, en: [string, string], fr: [string, string]): string[] =>
    n === 0 ? [] : [`${n} ${lang === 'fr' ? plural(n, 'fr', ...fr) : plural(n, 'en', ...en)}`];
  return [
    ...count(
      e.blocks.filter((b) => b.result.verdict !== 'conforming').length,
      ['block not conforming', 'blocks not conforming'],
      ['bloc non conforme', 'blocs non conformes'],
    ),
    ...count(e.missing.length, ['file missing', 'files missing'], ['fichier manquant', 'fichiers manquants']),
    ...count(
      e.blocks.filter((b) => b.problem !== null).length,
      ['file other than the manifest lists', 'files other than the manifest lists'],
      ['fichier autre que celui du manifeste', 'fichiers autres que ceux du manifeste'],
    ),
    ...count(
      a.sameBlockAs.filter((j) => j !== null).length,
      ['block delivered twice', 'blocks delivered twice'],
      ['bloc livré deux fois', 'blocs livrés deux fois'],
    ),
    ...count(
      a.seedsTwice.length,
      ['seed delivered twice', 'seeds delivered twice'],
      ['graine livrée deux fois', 'graines livrées deux fois'],
    ),
    ...count(
      a.refsTwice.length,
      ['unit reference in two blocks', 'unit references in two blocks'],
      ['référence d’unité dans deux blocs', 'références d’unité dans deux blocs'],
    ),
    ...count(
      a.seedMismatches.length,
      ['seed other than the manifest declares', 'seeds other than the manifest declares'],
      ['graine autre que celle du manifeste', 'graines autres que celles du manifeste'],
    ),
    ...count(e.blocks.length === 0 ? 1 : 0, ['no block read', 'no block read'], ['aucun bloc lu', 'aucun bloc lu']),
  ];
}

/** The placement family over the emission and the one verdict. */
export function verdictLines(e: JudgedEmission, lang: Lang): string[] {
  const fr = lang === 'fr';
  const tested = e.placement.filter((f, i) => f !== null && e.across.sameBlockAs[i] === null).length;
  const n = e.placementFindings + e.across.reuse.findings.length;
  return [
    fr
      ? `placement : Holm sur ${tested} ${plural(tested, 'fr', 'bloc distinct', 'blocs distincts')} à ${alphaText(e.placementAlpha, lang)} : ${e.placementFindings} ${plural(e.placementFindings, 'fr', 'constat', 'constats')} à examiner`
      : `placement: Holm over ${tested} distinct ${plural(tested, 'en', 'block', 'blocks')} at ${alphaText(e.placementAlpha, lang)}: ${e.placementFindings} ${plural(e.placementFindings, 'en', 'finding', 'findings')} to examine`,
    e.verdict === 'not-conforming'
      ? fr
        ? `verdict de l’émission : NON CONFORME (${whyNot(e, lang).join(' ; ')})`
        : `emission verdict: NOT CONFORMING (${whyNot(e, lang).join('; ')})`
      : e.verdict === 'conforming'
        ? fr
          ? 'verdict de l’émission : CONFORME'
          : 'emission verdict: CONFORMING'
        : fr
          ? `verdict de l’émission : CONFORME, ${n} ${plural(n, 'fr', 'constat', 'constats')} à examiner (pas un écart : une émission loyale en lève un au plus une fois sur ${Math.round(1 / e.alpha)} ; ${alphaText(e.alpha, lang)} partagé à parts égales entre placement et gagnants posés)`
          : `emission verdict: CONFORMING, ${n} ${plural(n, 'en', 'finding', 'findings')} to examine (not a discrepancy: a fair emission raises one at most once in ${Math.round(1 / e.alpha)}; ${alphaText(e.alpha, lang)} shared equally between placement and winners laid)`,
  ];
}

/** The heading line: the emission's name and what it was read from. */
export function headLine(e: JudgedEmission, lang: Lang): string {
  const fr = lang === 'fr';
  const from =
    e.source === 'manifest'
      ? fr
        ? `manifeste ${q(e.path!)}`
        : `manifest ${q(e.path!)}`
      : e.source === 'folder'
        ? fr
          ? `dossier ${q(e.path!)}`
          : `folder ${q(e.path!)}`
        : fr
          ? 'fichiers donnés'
          : 'files given';
  const n = e.blocks.length;
  return fr
    ? `émission : ${q(e.name)} (${from}) : ${n} ${plural(n, 'fr', 'fichier vérifié', 'fichiers vérifiés')}`
    : `emission: ${q(e.name)} (${from}): ${n} ${plural(n, 'en', 'file', 'files')} verified`;
}

/** Every line, in order. */
export function emissionLines(e: JudgedEmission, lang: Lang): string[] {
  const fr = lang === 'fr';
  return [
    headLine(e, lang),
    ...identityLines(e, lang),
    ...blockLines(e, lang),
    ...e.missing.map((m) => (fr ? `manquant ${q(m.file)} : ${m.why.fr}` : `missing ${q(m.file)}: ${m.why.message}`)),
    ...e.skipped.map((s) => (fr ? `ignoré ${q(s.file)} : ${s.why.fr}` : `skipped ${q(s.file)}: ${s.why.message}`)),
    ...acrossLines(e, lang),
    ...verdictLines(e, lang),
  ];
}
