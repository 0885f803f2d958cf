/**
 * The verdict on a whole file once every line is read: truncation, the counts per level reconciled
 * with the official table (art. 3, R4), the placement tests (a finding to examine beside the
 * verdict, never part of it) and whether the file was an export at all.
 */
import { InputError } from '../../block/input-error';
import type { BlockSpec } from '../../block/spec';
import { enInt, frInt } from '../../i18n/localized-text';
import { plural } from '../../format/plural';
import { formatEuros } from '../../money/format';
import { placementOfLevels } from '../../stats/placement-of-levels';
import type { PlacementVerdict } from '../../stats/placement-of-levels';
import type { PlacementTest } from '../../stats/placement-tests';
import type { DiscrepancyLog } from './discrepancy-log';
import type { LevelCount, VerifyChecks, VerifyResult } from './types';
import { generatorId } from '../../block/spec';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** What the line-by-line check gathered. */
export interface FileTally {
  readonly lines: number;
  readonly format: 'jsonl' | 'csv' | null;
  /** The file could not be checked past some line (no header, unknown game…). */
  readonly dead: boolean;
  readonly spec: BlockSpec | null;
  readonly csvGame: string | null;
  readonly generator: string | null;
  readonly foreign: boolean;
  readonly customWeights: boolean;
  /** The index the next unit line would hold. */
  readonly nextIndex: number;
  readonly unitLines: number;
  readonly unitsVerified: number;
  readonly regenerated: number;
  /** Whether units were to be compared with the regenerated block. */
  readonly regenerate: boolean;
  /** The block regenerated against (the header's, or the one the references name); null for none. */
  readonly regeneratedFrom: BlockSpec | null;
  readonly paidCents: number;
  /** Units found per level of the table, the losing level last. */
  readonly levelFound: readonly number[];
  /** The level of every unit in index order, for the placement tests. */
  readonly levels: Uint8Array | null;
}

/** `placementTests`: the placement tests of `s.levels` already run elsewhere (workers), if any. */
export function verdictOf(s: FileTally, log: DiscrepancyLog, placementTests?: readonly PlacementTest[]): VerifyResult {
  if (s.lines === 0)
    log.report(
      null,
      undefined,
      undefined,
      'the file is empty: expected a JSONL or CSV export of a block',
      "le fichier est vide : attendu un export JSONL ou CSV d'un bloc",
    );
  else if (s.unitLines === 0 && !s.dead && s.format !== null)
    log.report(
      null,
      undefined,
      undefined,
      'the file holds no unit line: expected one line per unit of the block',
      "le fichier ne contient aucune ligne d'unité : attendu une ligne par unité du bloc",
    );
  const expectedUnits = s.spec ? s.spec.table.blockUnits : null;
  const complete = expectedUnits !== null && s.nextIndex === expectedUnits && !s.dead;
  if (expectedUnits !== null && !s.dead && s.nextIndex < expectedUnits && s.nextIndex > 0)
    log.report(
      null,
      undefined,
      undefined,
      `the file ends after ${enInt(s.nextIndex)} ${plural(s.nextIndex, 'en', 'unit', 'units')} (last index ${enInt(s.nextIndex - 1)}): a block has ${enInt(expectedUnits)} units (art. 2); the file is truncated`,
      `le fichier s'arrête après ${frInt(s.nextIndex)} ${plural(s.nextIndex, 'fr', 'unité', 'unités')} (dernier indice ${frInt(s.nextIndex - 1)}) : un bloc compte ${frInt(expectedUnits)} unités (art. 2) ; le fichier est tronqué`,
    );
  let counts: LevelCount[] = [];
  let countsMatch: boolean | null = null;
  if (s.spec) {
    const t = s.spec.table;
    const officialLosing = t.blockUnits - t.levels.reduce((n, l) => n + l.lots, 0);
    counts = [
      ...t.levels.map((l, i) => ({ prizeCents: l.prizeCents, official: l.lots, found: s.levelFound[i] ?? 0 })),
      { prizeCents: 0, official: officialLosing, found: s.levelFound[t.levels.length] ?? 0 },
    ];
    if (complete) {
      countsMatch = counts.every((c) => c.found === c.official);
      for (const c of counts)
        if (c.found !== c.official)
          log.report(
            null,
            undefined,
            undefined,
            `${c.prizeCents === 0 ? 'losing units' : `lots of ${formatEuros(c.prizeCents, 'en')}`}: the table has ${enInt(c.official)} (art. 3), the file ${enInt(c.found)} (R4)`,
            `${c.prizeCents === 0 ? 'unités perdantes' : `lots de ${formatEuros(c.prizeCents, 'fr')}`} : ${frInt(c.official)} dans le tableau (art. 3), ${frInt(c.found)} dans le fichier (R4)`,
            { expected: String(c.official), found: String(c.found) },
          );
    }
  }
  let placement: PlacementVerdict | null = null;
  if (s.spec && s.levels && complete && countsMatch === true) {
    try {
      placement = placementOfLevels(s.levels, s.spec.table, placementTests);
    } catch (e) {
      // a block whose counts equal the table always has its placement tested; anything else is a bug
      if (!(e instanceof InputError)) throw e;
    }
  }
  // a foreign-looking file regenerated from its references: regeneration proves where every unit sits
  const fromRefs = s.foreign && s.regeneratedFrom !== null;
  // where the winners sit is a finding to examine (`findingsOverSet`), never a discrepancy: a fair
  // block is rejected at 1 % one time in a hundred, and a lot or a count is right or wrong
  const ok = log.count === 0 && complete && countsMatch === true && (!s.foreign || fromRefs || placement !== null);
  // not an export: nothing in it could be read as a header followed by unit lines
  const first = log.described[0];
  const notAnExport =
    !ok && (s.unitLines === 0 || (s.dead && s.spec === null && s.csvGame === null)) && first
      ? { message: first.message, fr: first.fr }
      : null;
  return {
    ok,
    verdict: ok ? 'conforming' : notAnExport ? 'not-an-export' : 'not-conforming',
    notAnExport,
    format: s.format,
    game: s.spec?.game ?? null,
    stakeCents: s.spec?.stakeCents ?? null,
    seed: s.foreign ? (s.regeneratedFrom?.seed ?? null) : (s.spec?.seed ?? null),
    generator: s.generator,
    foreign: s.foreign,
    customWeights: s.customWeights,
    lines: s.lines,
    unitLines: s.unitLines,
    unitsVerified: s.unitsVerified,
    expectedUnits,
    complete,
    regenerated: s.regenerated,
    paidCents: s.paidCents,
    counts,
    countsMatch,
    discrepancyCount: log.count,
    discrepancies: log.described,
    placement,
    levelsSha256: placement !== null && s.levels ? bytesToHex(sha256(s.levels)) : null,
    checks: checksOf(s),
  };
}

/** Which checks the file got, in words (the verdict says it, README « Foreign blocks »). */
function checksOf(s: FileTally): VerifyChecks {
  const g = s.regeneratedFrom;
  if (s.spec === null)
    return { kind: 'none', generator: null, seed: null, en: 'no block could be read', fr: "aucun bloc n'a pu être lu" };
  if (s.foreign && g && s.regenerate) {
    const id = generatorId(g.generatorVersion);
    return {
      kind: 'regenerated-from-references',
      generator: id,
      seed: g.seed,
      en: `regenerated against generator ${id} and seed ${g.seed}, which its unit references name (R1, R3): its header names no generator of ours${s.generator ? ` ("${s.generator}")` : ''} or no seed, as if it had lost them`,
      fr: `régénéré selon le générateur ${id} et la graine ${g.seed}, que nomment ses références d'unité (R1, R3) : son en-tête ne nomme aucun générateur de cette application${s.generator ? ` (« ${s.generator} »)` : ''} ou pas de graine, comme s'il les avait perdus`,
    };
  }
  if (s.foreign)
    return {
      kind: 'foreign',
      generator: null,
      seed: null,
      en: 'foreign block: rules (R4), counts (art. 3) and placement tests only; nothing regenerated (no generator of ours and seed)',
      fr: 'bloc étranger : règles (R4), comptes (art. 3) et tests de placement seulement ; rien de régénéré (ni générateur de cette application ni graine)',
    };
  const id = generatorId(s.spec.generatorVersion);
  if (!s.regenerate || !g)
    return {
      kind: 'not-regenerated',
      generator: null,
      seed: null,
      en: `rules (R4) and counts (art. 3) only: not regenerated against generator ${id} and seed ${s.spec.seed}`,
      fr: `règles (R4) et comptes (art. 3) seulement : non régénéré selon le générateur ${id} et la graine ${s.spec.seed}`,
    };
  return {
    kind: 'regenerated',
    generator: id,
    seed: g.seed,
    en: `regenerated against generator ${id} and seed ${g.seed}${s.customWeights ? ' with the presentation weights of its header' : ''} (R1), every unit re-derived (R4), counts reconciled (art. 3)`,
    fr: `régénéré selon le générateur ${id} et la graine ${g.seed}${s.customWeights ? ' avec les poids de présentation de son en-tête' : ''} (R1), chaque unité réévaluée (R4), comptes rapprochés (art. 3)`,
  };
}
