/**
 * `replay <unit-ref>`: opens one unit from its reference alone (R2, R3) and prints what the player
 * saw, each gain with its article, the lot and the evaluator's verdict (R4).
 */
import {
  blockOfRef,
  citedIn,
  citedJson,
  citedQuoteLines,
  formatCount,
  formatEuros,
  gainLabel,
  getRules,
  generatorId,
  gridLabel,
  openUnit,
  parseUnitRef,
  reasonUnit,
  replayRecord,
  SEGMENT_UNITS,
  symbolLabel,
  journalFile,
  replayEvidenceWork,
} from '@engine';
import { version } from '../../package.json';
import { journaledLine, appendJournal, checkJournalFirst } from '../journal-file';
import type { Lang, OpenedUnit, UnitRef } from '@engine';
import { UsageError } from '../errors';
import { parseFlags, parseLang } from '../args';
import { defineCommand, usageLine } from '../command-spec';
import { FORCE, JOURNAL, JSON_OUTPUT, LANG } from '../common-options';
import { unitProof } from './audit';
import { replayCaseCommand } from './replay-case';

/** The replay record now lives in the engine, shared with the replay screen's JSON evidence. */
export { replayRecord };

export const REPLAY = defineCommand({
  name: 'replay',
  does: 'opens one unit from its reference alone (R2, R3), explains every grid and checks the lot (R4); with --case, writes a signed dispute case (claim, conclusion, replay evidence, rules cited, Merkle proof)',
  positionals: true,
  options: {
    ...JSON_OUTPUT,
    proof: { type: 'boolean', default: false, help: 'rebuilds and checks the unit’s Merkle proof' },
    rules: { type: 'boolean', default: false, help: 'prints the text of the rules the explanation cites' },
    ...LANG,
    ...JOURNAL,
    case: { type: 'boolean', default: false, help: 'writes a dispute case instead of printing' },
    claim: { type: 'string', value: 'TEXT', help: 'with --case: what the player says' },
    conclusion: { type: 'string', value: 'TEXT', help: 'with --case: what the replay shows' },
    sign: { type: 'string', value: 'KEYFILE', help: 'with --case: signs the case with this private key' },
    out: { type: 'string', value: 'case.zip', help: 'with --case: the case to write' },
    ...FORCE,
  },
  forms: [
    { lead: '<unit-ref>', options: ['json', 'proof', 'rules', 'lang', 'journal'] },
    {
      lead: '<unit-ref>',
      options: ['case', 'claim', 'conclusion', 'sign', 'out', 'force', 'journal', 'lang'],
      needs: ['case', 'claim', 'conclusion', 'out'],
    },
  ],
});

/** The cited passages and decisions as JSON: the engine's, the same as a dispute case's `rules/cited.json`. */
export const rulesCitedJson = citedJson;

/** The fixed words of the text, one language per line (`--lang`). */
const WORDS = {
  en: {
    replay: 'REPLAY',
    rules: 'Rules',
    stake: 'Stake',
    seed: 'seed',
    index: 'index',
    strict: 'M6 strict',
    main: (n: number) => `Main grid (art. 4.1), ${n} EXTRA`,
    extra: (k: number) => `Extra stage ${k} (art. 4.6)`,
    gongs: 'Gongs (art. 4.1)',
    bonus: 'Bonus (art. 4.4)',
    gains: 'Gains:',
    none: 'none',
    byGrid: 'Grid by grid (art. 4.4, 4.6):',
    lot: 'Lot',
    agrees: (lot: string) => `Evaluator: re-derived ${lot} from what is shown; equals the assigned lot (R4)`,
    disagrees: (why: string) => `Evaluator: DISAGREES: ${why}`,
    evaluated: (lot: string, assigned: string) => `evaluated ${lot}, assigned ${assigned}`,
    opened: (ms: string) => `(opened in ${ms} ms, without building the block: R2)`,
  },
  fr: {
    replay: 'REJEU',
    rules: 'Règlement',
    stake: 'Mise',
    seed: 'graine',
    index: 'indice',
    strict: 'M6 stricte',
    main: (n: number) => `Grille principale (art. 4.1), ${n} EXTRA`,
    extra: (k: number) => `Étape Extra ${k} (art. 4.6)`,
    gongs: 'Gongs (art. 4.1)',
    bonus: 'Bonus (art. 4.4)',
    gains: 'Gains :',
    none: 'aucun',
    byGrid: 'Grille par grille (art. 4.4, 4.6) :',
    lot: 'Lot',
    agrees: (lot: string) => `Évaluateur : lot ${lot} re-dérivé de ce qui est affiché ; égal au lot attribué (R4)`,
    disagrees: (why: string) => `Évaluateur : ÉCART : ${why}`,
    evaluated: (lot: string, assigned: string) => `évalué ${lot}, attribué ${assigned}`,
    opened: (ms: string) => `(ouverte en ${ms} ms, sans construire le bloc : R2)`,
  },
} as const;

/**
 * The unit as text in one language: what the player saw, each gain with its article, the reasoning
 * over every grid (the same sentences as the replay screen and the JSON record), the lot and the
 * evaluator's verdict (R4).
 */
export function replayText(ref: string, r: UnitRef, u: OpenedUnit, lang: Lang = 'en'): string {
  const w = WORDS[lang];
  const colon = lang === 'fr' ? ' : ' : ': ';
  const euros = (c: number): string => formatEuros(c, lang);
  const rules = getRules(r.game);
  const out = [
    `${w.replay} · ${rules.name} · ${ref}`,
    `${w.rules}${colon}${rules.document.title}, ${rules.document.place}, ${rules.document.date}`,
    `${w.stake} ${euros(r.stakeCents)} · ${w.seed} ${formatCount(r.seed, lang)} · ${w.index} ${formatCount(r.index, lang)} · ${generatorId(r.generatorVersion)}${r.m6Strict === true ? ` · ${w.strict}` : ''}`,
    '',
  ];
  if (u.view.game === 'mine-d-or') {
    const view = u.view;
    [view.main, ...view.extras].forEach((g, k) => {
      out.push(k === 0 ? w.main(view.extras.length) : w.extra(k));
      // the symbols by their names in the rules data, in the language of the text
      const name = (id: string): string => symbolLabel(r.game, id)[lang].padEnd(12);
      for (let row = 0; row < 3; row++)
        out.push(
          `  ${g
            .slice(row * 3, row * 3 + 3)
            .map(name)
            .join(' ')
            .trimEnd()}`,
        );
    });
  } else {
    out.push(`${w.gongs}${colon}${u.view.gongs.map((id) => symbolLabel(r.game, id)[lang]).join(' · ')}`);
    if (u.view.bonusCents) out.push(`${w.bonus}${colon}${u.view.bonusCents.map(euros).join(' + ')}`);
  }
  out.push('', w.gains);
  if (u.explanation.gains.length === 0) out.push(`  ${w.none}`);
  for (const g of u.explanation.gains)
    out.push(
      `  ${gridLabel(r.game, g.grid)[lang]}${colon}${gainLabel(r.game, g)[lang]} → ${euros(g.amountCents)} (${g.article})`,
    );
  // every grid, and symbols seen three times or more over grids but never three in one (art. 4.4, 4.6)
  out.push('', w.byGrid, ...reasonUnit(u).lines.map((l) => `  ${l[lang]}`), '');
  out.push(`${w.lot}${colon}${euros(u.explanation.lotCents)} (${u.explanation.article})`);
  const error = u.explanation.errorText?.[lang];
  out.push(
    u.agrees
      ? w.agrees(euros(u.explanation.lotCents))
      : w.disagrees(error ?? w.evaluated(euros(u.explanation.lotCents), euros(u.assignedCents))),
  );
  return out.join('\n');
}

export async function replayCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, REPLAY);
  const usage = usageLine(REPLAY);
  // what is printed is the evidence: with --journal, its SHA-256 goes into the entry, written before
  // the text is shown, so nothing is shown that the journal does not hold
  let printed = '';
  const print = (text: string): void => {
    printed += text;
  };
  const lang = parseLang(values.lang);
  if (positionals.length !== 1)
    throw new UsageError(`expected one unit reference: ${usage}`, `une référence d’unité est attendue : ${usage}`);
  const caseFlags = (['claim', 'conclusion', 'sign', 'out'] as const).filter((k) => values[k] !== undefined);
  if (values.case) {
    if (values.json || values.proof || values.rules)
      throw new UsageError(
        '--case writes a case zip: it takes no --json, --proof or --rules (the case holds all three)',
      );
    return replayCaseCommand(positionals[0]!, { ...values, force: values.force }, lang, usage);
  }
  if (caseFlags.length > 0 || values.force)
    throw new UsageError(
      `--${caseFlags[0] ?? 'force'} belongs to --case: ${usage}`,
      `--${caseFlags[0] ?? 'force'} va avec --case : ${usage}`,
    );
  const r = parseUnitRef(positionals[0]!);
  const journal = await checkJournalFirst(values.journal);
  const t0 = performance.now();
  // R1: the reference names its generator version; openUnit refuses one this build does not reproduce
  const u = openUnit(blockOfRef(r), r.index);
  const ms = performance.now() - t0;
  const ref = positionals[0]!.trim().toUpperCase();
  const p = values.proof ? await unitProof(blockOfRef(r), r.index) : null;
  const proofOk = p === null || (p.verified && p.leafMatches);
  if (values.json) {
    const proof = p && {
      segment: p.segment,
      segment_units: SEGMENT_UNITS,
      leaf: p.proof.leaf,
      path: p.proof.path,
      merkle_root: p.proof.root,
      verified: p.verified,
      leaf_rebuilt_from_segment: p.leafMatches,
    };
    const rules = values.rules ? { rules_cited: rulesCitedJson(citedIn(r.game, [replayText(ref, r, u)])) } : {};
    print(
      `${JSON.stringify({ ...replayRecord(ref, r, u), work_ms: Number(ms.toFixed(2)), ...(proof ? { proof } : {}), ...rules })}\n`,
    );
  } else {
    const ms1 = lang === 'fr' ? ms.toFixed(1).replace('.', ',') : ms.toFixed(1);
    const text = `${replayText(ref, r, u, lang)}\n${WORDS[lang].opened(ms1)}`;
    print(`${text}\n`);
    // --rules: the text of every article and decision the lines above cite, as published
    if (values.rules) print(`\n${citedQuoteLines(citedIn(r.game, [text]), lang).join('\n')}\n`);
    if (p) {
      const fr = lang === 'fr';
      const first = p.segment * SEGMENT_UNITS;
      const units = `${formatCount(first, lang)}–${formatCount(first + SEGMENT_UNITS - 1, lang)}`;
      const lines = [
        '',
        fr
          ? `Preuve de Merkle (R1) : l'unité ${formatCount(r.index, lang)} est dans le segment ${p.segment} (unités ${units})`
          : `Merkle proof (R1): unit ${formatCount(r.index, lang)} is in segment ${p.segment} (units ${units})`,
        `  ${fr ? 'feuille' : 'leaf   '}  ${p.proof.leaf}${
          p.leafMatches
            ? fr
              ? '  (recalculée de ce seul segment)'
              : '  (rebuilt from this segment alone)'
            : fr
              ? '  (DIFFÈRE du segment recalculé seul)'
              : '  (DIFFERS from the segment rebuilt alone)'
        }`,
        ...p.proof.path.map(
          (s, k) =>
            `  ${fr ? 'pas ' : 'step'} ${String(k + 1).padStart(2)} ${s.left ? (fr ? 'gauche' : 'left  ') : fr ? 'droite' : 'right '} ${s.sibling}`,
        ),
        `  ${fr ? 'racine ' : 'root   '}  ${p.proof.root}`,
        `  ${
          p.verified
            ? fr
              ? 'VÉRIFIÉE : le chemin mène de la feuille à la racine de Merkle du bloc'
              : "VERIFIED: the path leads from the leaf to the block's Merkle root"
            : fr
              ? 'NON VÉRIFIÉE : le chemin ne mène pas à la racine'
              : 'NOT VERIFIED: the path does not lead to the root'
        }`,
      ];
      print(`${lines.join('\n')}\n`);
    }
  }
  if (journal !== null) {
    const entry = await appendJournal(
      journal,
      replayEvidenceWork(ref, r, { agrees: u.agrees, lotCents: u.explanation.lotCents }, version, new Date(), {
        format: values.json ? 'json' : 'text',
        ...journalFile(null, printed),
      }),
    );
    process.stdout.write(printed);
    process.stderr.write(journaledLine(entry, journal.path, lang));
  } else process.stdout.write(printed);
  return u.agrees && proofOk ? 0 : 1;
}
