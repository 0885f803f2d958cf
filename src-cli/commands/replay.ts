/**
 * `replay <unit-ref>`: opens one unit from its reference alone (R2, R3) and prints what the player
 * saw, each gain with its article, the lot and the evaluator's verdict (R4).
 */
import {
  blockOfRef,
  citedIn,
  citedQuoteLines,
  formatEuros,
  getRules,
  generatorId,
  openUnit,
  parseUnitRef,
  replayRecord,
  SEGMENT_UNITS,
} from '../../src-engine/index';
import type { OpenedUnit, ResolvedCitations, UnitRef } from '../../src-engine/index';
import { UsageError } from '../errors';
import { parseFlags } from '../args';
import { unitProof } from './audit';

/** The replay record now lives in the engine, shared with the replay screen's JSON evidence. */
export { replayRecord };

export const REPLAY_USAGE = 'replay <unit-ref> [--json] [--proof] [--rules]';

const pad = (s: string): string => s.padEnd(9);

/** The cited passages and decisions as JSON: each passage's French text as published and its English translation. */
export function rulesCitedJson(cited: ResolvedCitations): Record<string, unknown> {
  return {
    documents: cited.documents.map(({ document: d, passages }) => ({
      title: d.title,
      place: d.place,
      date: d.date,
      file: d.file,
      sha256: d.sha256,
      translation_note: d.translationNote,
      passages: passages.map((p) => ({ id: p.id, fr: p.fr, en: p.en })),
    })),
    decisions: cited.decisions.map((d) => ({ code: d.code, fr: d.fr, en: d.en })),
    unknown: cited.unknown,
  };
}

export function replayText(ref: string, r: UnitRef, u: OpenedUnit): string {
  const rules = getRules(r.game);
  const out = [
    `REPLAY · ${rules.name} · ${ref}`,
    `Rules: ${rules.document.title}, ${rules.document.place}, ${rules.document.date}`,
    `Stake ${formatEuros(r.stakeCents)} · seed ${r.seed} · index ${r.index} · ${generatorId(r.generatorVersion)}${r.m6Strict === true ? ' · M6 strict' : ''}`,
    '',
  ];
  if (u.view.game === 'mine-d-or') {
    const view = u.view;
    [view.main, ...view.extras].forEach((g, k) => {
      out.push(k === 0 ? `Main grid (art. 4.1), ${view.extras.length} EXTRA` : `Extra stage ${k} (art. 4.6)`);
      for (let row = 0; row < 3; row++)
        out.push(
          `  ${g
            .slice(row * 3, row * 3 + 3)
            .map(pad)
            .join(' ')}`,
        );
    });
  } else {
    out.push(`Gongs (art. 4.1): ${u.view.gongs.join(' · ')}`);
    if (u.view.bonusCents) out.push(`Bonus (art. 4.4): ${u.view.bonusCents.map((c) => formatEuros(c)).join(' + ')}`);
  }
  out.push('', 'Gains:');
  if (u.explanation.gains.length === 0) out.push('  none');
  for (const g of u.explanation.gains) {
    const where = u.view.game === 'les-3-gongs' ? 'gongs' : g.grid === 0 ? 'main grid' : `Extra stage ${g.grid}`;
    const how = g.bonusCents
      ? 'Bonus'
      : g.line >= 0
        ? `3 × ${g.symbol} on ${g.lineName!.en}, doubled`
        : `3 × ${g.symbol}`;
    out.push(`  ${where}: ${how} → ${formatEuros(g.amountCents)} (${g.article})`);
  }
  out.push(`Lot: ${formatEuros(u.explanation.lotCents)} (${u.explanation.article})`);
  out.push(
    u.agrees
      ? `Evaluator: re-derived ${formatEuros(u.explanation.lotCents)} from what is shown; equals the assigned lot (R4)`
      : `Evaluator: DISAGREES: ${u.explanation.error ?? `evaluated ${formatEuros(u.explanation.lotCents)}, assigned ${formatEuros(u.assignedCents)}`}`,
  );
  return out.join('\n');
}

export async function replayCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(
    argv,
    {
      json: { type: 'boolean', default: false },
      proof: { type: 'boolean', default: false },
      rules: { type: 'boolean', default: false },
    },
    true,
  );
  if (positionals.length !== 1) throw new UsageError(`expected one unit reference: ${REPLAY_USAGE}`);
  const r = parseUnitRef(positionals[0]!);
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
    process.stdout.write(
      `${JSON.stringify({ ...replayRecord(ref, r, u), work_ms: Number(ms.toFixed(2)), ...(proof ? { proof } : {}), ...rules })}\n`,
    );
  } else {
    const text = `${replayText(ref, r, u)}\n(opened in ${ms.toFixed(1)} ms, without building the block: R2)`;
    process.stdout.write(`${text}\n`);
    // --rules: the text of every article and decision the lines above cite, as published
    if (values.rules) process.stdout.write(`\n${citedQuoteLines(citedIn(r.game, [text]), 'en').join('\n')}\n`);
    if (p) {
      const lines = [
        '',
        `Merkle proof (R1): unit ${r.index} is in segment ${p.segment} (units ${p.segment * SEGMENT_UNITS}–${p.segment * SEGMENT_UNITS + SEGMENT_UNITS - 1})`,
        `  leaf     ${p.proof.leaf}${p.leafMatches ? '  (rebuilt from this segment alone)' : '  (DIFFERS from the segment rebuilt alone)'}`,
        ...p.proof.path.map((s, k) => `  step ${String(k + 1).padStart(2)} ${s.left ? 'left ' : 'right'} ${s.sibling}`),
        `  root     ${p.proof.root}`,
        `  ${p.verified ? "VERIFIED: the path leads from the leaf to the block's Merkle root" : 'NOT VERIFIED: the path does not lead to the root'}`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    }
  }
  return u.agrees && proofOk ? 0 : 1;
}
