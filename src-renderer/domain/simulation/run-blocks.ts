/**
 * A run as the other screens receive it: its blocks' specs (table, generator version, M6 reading)
 * and its identity (game, stake, table and digest, generator, first seed, block count), made once
 * from the run where runs are made. The compliance screen, its export and evidence bundle, and the
 * replay browser take this object whole, never values typed again.
 */
import { GENERATOR_VERSION, blockSpecOfTable, isOfficialTable } from '@engine';
import type { BlockSpec, PrizeTable } from '@engine';
import { runIdentity } from '@shared/block-run/identity';
import type { RunIdentity } from '@shared/block-run/identity';
import { runTable } from './model';
import type { SimulationRun } from './model';
import { versionOfGeneratorId } from './presentation-settings';

/** How a run's blocks are made beyond their table and seed (R5 version, M6 reading). */
export interface BlockMaking {
  readonly generatorVersion?: number | undefined;
  readonly m6Strict?: boolean | undefined;
}

/** The spec of block `seed` of `table`: the one way the simulation screen names a block (R1). */
export function runBlockSpec(table: PrizeTable, seed: number, making: BlockMaking | null | undefined): BlockSpec {
  const spec = blockSpecOfTable(table, seed, making?.generatorVersion);
  return making?.m6Strict === true ? { ...spec, m6Strict: true } : spec;
}

/** A run's blocks, whole: what a hand-off carries from the results to another screen. */
export interface RunBlocks {
  /** The run's id (the history's), and when it completed (ISO). */
  readonly runId: string;
  readonly finishedAt: string;
  readonly identity: RunIdentity;
  /** Block k has seed identity.seed + k (R1), in order. */
  readonly specs: readonly BlockSpec[];
  /** Presentation weights other than the documented defaults (R5): they change what the grids show. */
  readonly customWeights: boolean;
}

/**
 * The number a user reads for a run's block at position `at` (0 = its first): 1-based, the same on
 * the results' « Blocs » table and on the replay browser the run is handed to, always beside its seed.
 */
export const blockNumber = (at: number): number => at + 1;

/** The blocks of `run`, as its run made them. */
export function runBlocksOf(run: SimulationRun): RunBlocks {
  const table = runTable(run);
  const ps = run.presentationSettings;
  // runs saved before their settings were kept: their generator id's version, the default M6 reading
  const making = {
    generatorVersion: ps?.generatorVersion ?? versionOfGeneratorId(run.generator),
    m6Strict: ps?.m6Strict,
  };
  const specs = run.blocks.map((_, k) => runBlockSpec(table, run.seed + k, making));
  const identity = runIdentity(specs);
  return {
    runId: run.id,
    finishedAt: run.finishedAt,
    // a run saved before the table's digest was kept gets it from its levels (the same digest)
    identity: run.table ? { ...identity, table: run.table } : identity,
    specs,
    customWeights: ps?.weights !== undefined,
  };
}

/**
 * Why a screen cannot take these blocks as they are, or null when it can. The compliance screen's
 * workers build official blocks of this build's generator with the documented presentation
 * (`auditBlock`, `exportChunk`), at most `maxBlocks` to a report; the replay browser opens any
 * version of an official block, and a scenario's blocks only while that scenario is the one in use.
 */
export type HandoffRefusal = 'scenario' | 'otherScenario' | 'version' | 'm6Strict' | 'weights' | 'tooMany';

export function complianceRefusal(b: RunBlocks, maxBlocks: number): HandoffRefusal | null {
  const s = b.specs[0]!;
  if (b.identity.table.kind !== 'official' || !isOfficialTable(s.table)) return 'scenario';
  if (s.generatorVersion !== GENERATOR_VERSION) return 'version';
  if (s.m6Strict === true) return 'm6Strict';
  if (b.customWeights) return 'weights';
  if (b.specs.length > maxBlocks) return 'tooMany';
  return null;
}

/** `scenarioDigest`: the digest of the scenario in use across screens, or null. */
export function replayRefusal(b: RunBlocks, scenarioDigest: string | null): HandoffRefusal | null {
  if (b.customWeights) return 'weights';
  if (b.identity.table.kind === 'official') return null;
  // the browser's scenario blocks are this build's version, without the strict M6 reading
  const s = b.specs[0]!;
  if (s.generatorVersion !== GENERATOR_VERSION) return 'version';
  if (s.m6Strict === true) return 'm6Strict';
  return scenarioDigest === b.identity.table.digest ? null : 'otherScenario';
}
