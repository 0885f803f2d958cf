/**
 * The audit report of one block or a run of blocks: what a regulator or an internal auditor
 * needs in one document — identity, reconciliation with the table the blocks held (the official one,
 * art. 3, or a scenario's, named as such), RTP against
 * the legal band (Code de la sécurité intérieure, art. D.322-10), the evaluator's verdict (R4),
 * integrity digests (R1), placement tests and what the first screen reveals.
 */
import { tableIdentity } from '../block/table-identity';
import type { TableIdentity } from '../block/table-identity';
import type { Checkpoint } from '../journal/checkpoint';
import type { BlockResult } from '../audit/block-result';
import { SEGMENT_UNITS } from '../audit/segments';
import { LEGAL_BANDS_SOURCE, getRules, legalBandFor } from '../rules/load';
import { isInsideLegalBand } from '../rules/legal-band';
import { tableFigures } from '../rules/table-stats';
import type { PrizeTable } from '../rules/types';
import { weightsToJson } from '../presentation/weights-json';
import type { WeightsJson } from '../presentation/weights-json';
import { firstScreenTable } from '../stats/first-screen';
import type { FirstScreenTable } from '../stats/first-screen';
import { placementTests } from '../stats/placement-parts';
import type { PlacementReport } from '../stats/placement-tests';
import { findingsOverSet } from '../stats/placement-finding';
import type { PlacementFinding } from '../stats/placement-finding';
import { testKey } from '../stats/calibration';

export interface ReconciliationRow {
  /** Level index in the table, or -1 for losing units. */
  readonly level: number;
  readonly prizeCents: number;
  /** Lots of the table the blocks held (`identity.table`: the official one or a scenario's). */
  readonly tableLots: number;
  readonly simulatedLots: number;
  /** Those lots × their amount, in cents. */
  readonly tableCents: number;
  readonly simulatedCents: number;
  readonly diffLots: number;
  readonly diffCents: number;
}

export interface BlockAudit {
  readonly seed: number;
  readonly units: number;
  readonly reconciliation: readonly ReconciliationRow[];
  /** Winning lots and cents of the table the blocks held, and simulated. */
  readonly totals: {
    readonly tableLots: number;
    readonly simulatedLots: number;
    readonly tableCents: number;
    readonly simulatedCents: number;
  };
  readonly rtp: number;
  /** Whether this block's RTP lies inside the legal band ({@link isInsideLegalBand}). */
  readonly inBand: boolean;
  readonly hitRate: number;
  readonly sdStakes: number;
  readonly evaluator: {
    readonly ok: boolean;
    readonly mismatches: number;
    readonly countMismatches: readonly number[];
    readonly firstMismatches: BlockResult['audit']['firstMismatches'];
  };
  readonly integrity: {
    readonly digest: string;
    readonly merkleRoot: string;
    readonly segments: number;
    readonly segmentUnits: number;
  };
  readonly placement: PlacementReport | null;
  readonly firstScreen: FirstScreenTable;
}

export interface AuditReport {
  readonly kind: 'instant-lab-audit-report';
  /** 2: the table's figures are named by the table (`tableFigures`, `tableLots`), never « official » for a scenario. */
  readonly version: 2;
  readonly identity: {
    readonly game: BlockResult['game'];
    readonly gameName: string;
    readonly rulesDocument: {
      readonly title: string;
      readonly place: string;
      readonly date: string;
      readonly file: string;
    };
    readonly tableSource: string;
    /** The table the blocks held, named: official or scenario, and its digest (SHA-256 of its canonical text). */
    readonly table: TableIdentity;
    readonly stakeCents: number;
    readonly seeds: readonly number[];
    readonly generator: string;
    /** M6: which reading of art. 3 the blocks used (absent in reports made before it existed: default). */
    readonly m6Reading?: 'default' | 'strict';
    /**
     * Presentation weights other than the documented defaults (M4, G2), as in a presentation
     * settings file; absent: the defaults. Such blocks are not the official blocks of their seeds:
     * their units cannot be reopened from a reference alone (R2).
     */
    readonly presentationWeights?: WeightsJson;
    readonly unitsPerBlock: number;
    readonly blocks: number;
    readonly appVersion: string;
    /** ISO date-time of the run. */
    readonly runAt: string;
  };
  /**
   * The exact figures of the table the blocks held, labelled with that table: an official table's
   * are `kind: 'official'`, a scenario's are `kind: 'scenario'` with its name — a what-if is never
   * reported as the official table.
   */
  readonly tableFigures: {
    readonly kind: TableIdentity['kind'];
    readonly name: string;
    readonly rtp: number;
    readonly hitRate: number;
    readonly sdStakes: number;
  };
  readonly legalBand: {
    readonly id: string;
    readonly fr: string;
    readonly en: string;
    readonly minRtp: number;
    readonly maxRtp: number;
    readonly source: string;
  };
  readonly blocks: readonly BlockAudit[];
  /** Over all blocks: RTP paid / staked, and whether every block is in the band and passes R4. */
  readonly summary: {
    readonly rtp: number;
    readonly inBand: boolean;
    readonly allAuditsPass: boolean;
    readonly placementFailures: number;
    readonly placementTests: number;
    /**
     * No block is a placement finding over the report's blocks (Holm over their overall p-values at
     * 1 %: the chance of any false finding among them stays at 1 %).
     */
    readonly placementFamilyPass: boolean;
    /** Each block's placement finding over the report's blocks (null without placement tests). */
    readonly placementFindings: readonly (PlacementFinding | null)[];
    readonly leakingClasses: number;
  };
  /**
   * The compliance journal's signed checkpoint of its first N entries, as read before this report
   * (the report's own entry holds its SHA-256, so cannot be in it): absent when the report was made without a journal and a key.
   */
  readonly journalCheckpoint?: Checkpoint;
}

/** One block's audit section; `levels` (from keepLevels) enables the placement tests. */
export function blockAudit(result: BlockResult, table: PrizeTable, levels: Uint8Array | null): BlockAudit {
  const reconciliation: ReconciliationRow[] = result.levels.map((l, i) => ({
    level: i,
    prizeCents: l.prizeCents,
    tableLots: l.official,
    simulatedLots: l.simulated,
    tableCents: l.official * l.prizeCents,
    simulatedCents: l.simulated * l.prizeCents,
    diffLots: l.simulated - l.official,
    diffCents: (l.simulated - l.official) * l.prizeCents,
  }));
  reconciliation.push({
    level: -1,
    prizeCents: 0,
    tableLots: result.losing.official,
    simulatedLots: result.losing.simulated,
    tableCents: 0,
    simulatedCents: 0,
    diffLots: result.losing.simulated - result.losing.official,
    diffCents: 0,
  });
  const winning = reconciliation.filter((r) => r.level >= 0);
  return {
    seed: result.seed,
    units: result.units,
    reconciliation,
    totals: {
      tableLots: winning.reduce((s, r) => s + r.tableLots, 0),
      simulatedLots: winning.reduce((s, r) => s + r.simulatedLots, 0),
      tableCents: result.officialPaidCents,
      simulatedCents: result.paidCents,
    },
    rtp: result.rtp,
    inBand: isInsideLegalBand(result.rtp, legalBandFor(result.game)),
    hitRate: result.hitRate,
    sdStakes: result.sdStakes,
    evaluator: {
      ok: result.audit.ok,
      mismatches: result.audit.mismatches,
      countMismatches: result.audit.countMismatches,
      firstMismatches: result.audit.firstMismatches,
    },
    integrity: {
      digest: result.digest,
      merkleRoot: result.merkleRoot,
      segments: result.segmentDigests.length,
      segmentUnits: SEGMENT_UNITS,
    },
    placement: levels && levels.length === result.units ? placementTests(levels, table) : null,
    firstScreen: firstScreenTable(result.firstScreenClasses, result.firstScreen, table),
  };
}

/** The report of blocks of one game and stake (each with its levels when placement tests are wanted). */
export function buildAuditReport(
  table: PrizeTable,
  blocks: readonly { readonly result: BlockResult; readonly levels: Uint8Array | null }[],
  meta: { readonly appVersion: string; readonly runAt: Date },
): AuditReport {
  const first = blocks[0]?.result;
  if (!first) throw new RangeError('an audit report needs at least one block');
  const audits = blocks.map((b) => blockAudit(b.result, table, b.levels));
  return assembleReport(table, first, audits, meta);
}

/** Assembles a report from block sections already computed (e.g. in Web Workers). */
export function assembleReport(
  table: PrizeTable,
  first: Pick<BlockResult, 'game' | 'stakeCents' | 'generator'> & Partial<Pick<BlockResult, 'm6Reading' | 'weights'>>,
  audits: readonly BlockAudit[],
  meta: { readonly appVersion: string; readonly runAt: Date },
): AuditReport {
  const rules = getRules(first.game);
  const band = legalBandFor(first.game);
  const fig = tableFigures(table);
  const held = tableIdentity(table);
  const paid = audits.reduce((s, a) => s + a.totals.simulatedCents, 0);
  const staked = audits.reduce((s, a) => s + a.units, 0) * table.stakeCents;
  // where the winners sit: a finding to examine, decided by Holm over the report's blocks
  const findings = findingsOverSet(
    audits.map((a) =>
      a.placement
        ? {
            tests: a.placement.tests.map((t) => ({
              name: testKey(t),
              p: t.pValue,
              ...(t.where ? { where: t.where } : {}),
            })),
          }
        : null,
    ),
  );
  return {
    kind: 'instant-lab-audit-report',
    version: 2,
    identity: {
      game: first.game,
      gameName: rules.name,
      rulesDocument: { ...rules.document },
      tableSource: table.source,
      table: held,
      stakeCents: first.stakeCents,
      seeds: audits.map((a) => a.seed),
      generator: first.generator,
      m6Reading: first.m6Reading ?? 'default',
      ...(first.weights ? { presentationWeights: weightsToJson(first.game, first.weights) } : {}),
      unitsPerBlock: table.blockUnits,
      blocks: audits.length,
      appVersion: meta.appVersion,
      runAt: meta.runAt.toISOString(),
    },
    tableFigures: { kind: held.kind, name: held.name, rtp: fig.rtp, hitRate: fig.hitRate, sdStakes: fig.sdStakes },
    legalBand: { ...band, source: LEGAL_BANDS_SOURCE },
    blocks: audits,
    summary: {
      rtp: staked > 0 ? paid / staked : 0,
      inBand: audits.every((a) => a.inBand),
      allAuditsPass: audits.every((a) => a.evaluator.ok),
      placementFailures: audits.reduce((s, a) => s + (a.placement?.failures ?? 0), 0),
      placementTests: audits.reduce((s, a) => s + (a.placement?.tests.length ?? 0), 0),
      placementFamilyPass: !findings.some((f) => f?.finding),
      placementFindings: findings,
      leakingClasses: audits.reduce((s, a) => s + a.firstScreen.leaks, 0),
    },
  };
}
