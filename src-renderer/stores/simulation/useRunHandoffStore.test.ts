/**
 * A run handed over whole from the simulation results: the compliance form and its report, and
 * the replay browser, receive exactly the run's blocks (game, stake, table and digest, generator,
 * first seed, block count), and say where their values came from.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { blockKey, officialScenario, officialTable, scenarioTable, tableIdentity } from '@engine';
import type { GameId, PrizeTable, StakeCents } from '@engine';
import { runIdentity } from '@shared/block-run/identity';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import type { BlockSummary, SimulationRun } from '../../domain/simulation/model';
import { runBlocksOf } from '../../domain/simulation/run-blocks';
import { useAuditFormStore } from '../compliance/useAuditFormStore';
import { useAuditReportStore } from '../compliance/useAuditReportStore';
import { useBlockSearchStore } from '../replay/useBlockSearchStore';
import { HISTORY_KEY, useHistoryStore } from './useHistoryStore';
import { useRunHandoffStore } from './useRunHandoffStore';
import { useScenarioStore } from './useScenarioStore';
import { useSimulationStore } from './useSimulationStore';

const memory = new Map<string, unknown>();
const bridge = {
  storeGet: async (k: string) => memory.get(k),
  storeSet: async (k: string, v: unknown) => void memory.set(k, v),
} as unknown as InstantLabApi;

beforeEach(() => {
  setActivePinia(createPinia());
  setBridge(bridge);
  memory.clear();
});

/** A completed run of `blocks` blocks of `table` from `seed`, as the simulation store keeps it. */
function runOf(
  table: PrizeTable,
  seed: number,
  blocks: number,
  settings: SimulationRun['presentationSettings'] = { generatorVersion: 2, m6Strict: false },
  id = `run-${seed}`,
): SimulationRun {
  const block: BlockSummary = {
    seed,
    digest: 'd',
    merkleRoot: 'm',
    auditOk: true,
    mismatches: 0,
    countMismatches: [],
    counts: [],
    paidCents: 0,
    rtp: 0.7,
    hitRate: 0.2,
    sdStakes: 1,
    elapsedMs: 1,
    curvePaid: [],
  };
  return {
    version: 1,
    id,
    finishedAt: '2026-03-12T14:02:00.000Z',
    game: table.game,
    stakeCents: table.stakeCents as StakeCents,
    seed,
    generator: `instant-lab-gen/${settings?.generatorVersion ?? 2}`,
    table: tableIdentity(table),
    presentationSettings: settings,
    units: table.blockUnits,
    tableSource: table.source,
    levels: table.levels,
    curveUnits: [],
    presentationClasses: [],
    presentation: [],
    blocks: Array.from({ length: blocks }, (_, k) => ({ ...block, seed: seed + k })),
    totalMs: 1,
    workers: 2,
  };
}
const official = (game: GameId, stake: StakeCents): PrizeTable => officialTable(game, stake);

describe('run hand-off', () => {
  it('opens the compliance form and its report on exactly the run’s blocks, and says so', async () => {
    const sim = useSimulationStore();
    sim.open(runOf(official('mine-d-or', 200), 2024, 10));
    const handoff = useRunHandoffStore();
    const build = vi.spyOn(useAuditReportStore(), 'build').mockResolvedValue();
    const run = handoff.lastRun!;
    expect(run.identity).toMatchObject({ game: 'mine-d-or', stakeCents: 200, seed: 2024, blocks: 10 });
    expect(run.identity.table).toEqual(tableIdentity(official('mine-d-or', 200)));

    expect(await handoff.handOff(run, 'audit')).toBe('compliance');
    const form = useAuditFormStore();
    expect([form.game, form.stakeCents, form.seedText, form.blocksText]).toEqual(['mine-d-or', 200, '2024', '10']);
    // the form names the same blocks as the run: same identity, table digest and generator included
    expect(runIdentity(form.specs!)).toEqual(run.identity);
    expect(form.specs!.map(blockKey)).toEqual(run.specs.map(blockKey));
    expect(build).toHaveBeenCalledExactlyOnceWith(run.specs);
    expect(form.origin).toEqual({ kind: 'run', run, via: 'handoff', edited: false });
    // the compliance screen takes the arrival once (its focus and its sentence)
    expect(handoff.take('replay')).toBeNull();
    expect(handoff.take('compliance')).toEqual({ purpose: 'audit', run });
    expect(handoff.take('compliance')).toBeNull();
  });

  it('refuses every hand-off while a new simulation runs: the results on screen are the previous run’s', async () => {
    const sim = useSimulationStore();
    sim.open(runOf(official('mine-d-or', 100), 2024, 3));
    const handoff = useRunHandoffStore();
    const run = handoff.lastRun!;
    expect(handoff.refusal(run, 'audit')).toBeNull();
    sim.status = 'running';
    for (const purpose of ['audit', 'export', 'bundle', 'replay'] as const) {
      expect(handoff.refusal(run, purpose)).toBe('running');
      expect(await handoff.handOff(run, purpose)).toBeNull();
    }
    // cancelled: the previous results are kept, and can be handed over again
    sim.status = 'cancelled';
    expect(handoff.refusal(run, 'audit')).toBeNull();
    expect(handoff.refusal(run, 'replay')).toBeNull();
  });

  it('opens the export without building a report; the bundle builds the report first', async () => {
    useSimulationStore().open(runOf(official('les-3-gongs', 100), 7, 2));
    const handoff = useRunHandoffStore();
    const build = vi.spyOn(useAuditReportStore(), 'build').mockResolvedValue();
    expect(await handoff.handOff(handoff.lastRun!, 'export')).toBe('compliance');
    expect(build).not.toHaveBeenCalled();
    expect(useAuditFormStore().seedText).toBe('7');
    expect(await handoff.handOff(handoff.lastRun!, 'bundle')).toBe('compliance');
    expect(build).toHaveBeenCalledOnce();
    expect(handoff.take('compliance')?.purpose).toBe('bundle');
  });

  it('marks the form changed once a field no longer says the run, and the run’s again when it does', () => {
    const form = useAuditFormStore();
    form.fromRun(runBlocksOf(runOf(official('mine-d-or', 200), 2024, 3)));
    form.seedText = '2025';
    expect(form.origin).toMatchObject({ kind: 'run', edited: true });
    form.seedText = '2024';
    expect(form.origin).toMatchObject({ kind: 'run', edited: false });
  });

  it('starts the compliance form from the last run, unless the user typed values of their own', async () => {
    const form = useAuditFormStore();
    const handoff = useRunHandoffStore();
    // a fresh profile: no run, the defaults, said as such
    expect(handoff.lastRun).toBeNull();
    expect(form.offerLastRun(handoff.lastRun)).toBe(false);
    expect(form.origin).toEqual({ kind: 'default' });
    expect([form.game, form.stakeCents, form.seedText]).toEqual(['les-3-gongs', 50, '1']);

    // after a reload: the newest run of the history is the last run
    memory.set(HISTORY_KEY, [
      runOf(official('mine-d-or', 200), 2024, 10, undefined, 'new'),
      runOf(official('les-3-gongs', 50), 5, 1),
    ]);
    await useHistoryStore().load();
    expect(form.offerLastRun(handoff.lastRun)).toBe(true);
    expect(form.origin).toMatchObject({ kind: 'run', via: 'last', edited: false });
    expect([form.game, form.stakeCents, form.seedText, form.blocksText]).toEqual(['mine-d-or', 200, '2024', '10']);

    // a newer run replaces a run the user left as it was; values the user typed stay
    useSimulationStore().open(runOf(official('les-3-gongs', 200), 99, 1));
    expect(form.offerLastRun(handoff.lastRun)).toBe(true);
    expect(form.seedText).toBe('99');
    form.blocksText = '2';
    useSimulationStore().open(runOf(official('mine-d-or', 50), 3, 1));
    expect(form.offerLastRun(handoff.lastRun)).toBe(false);
    expect(form.blocksText).toBe('2');
  });

  it('refuses blocks the compliance screen does not build, leaving the form as it was', async () => {
    const handoff = useRunHandoffStore();
    const form = useAuditFormStore();
    const scenario = officialScenario('les-3-gongs', 100);
    scenario.levels[scenario.levels.length - 1]!.lots -= 1000;
    scenario.name = 'fewer small prizes';
    const cases: [SimulationRun, string][] = [
      [runOf(scenarioTable(scenario), 4, 1), 'scenario'],
      [runOf(official('mine-d-or', 100), 4, 11), 'tooMany'],
      [runOf(official('les-3-gongs', 50), 4, 1, { generatorVersion: 1, m6Strict: false }), 'version'],
      [runOf(official('mine-d-or', 100), 4, 1, { generatorVersion: 2, m6Strict: true }), 'm6Strict'],
      [
        runOf(official('les-3-gongs', 50), 4, 1, {
          generatorVersion: 2,
          m6Strict: false,
          weights: { gongs: { bonusShare: 0.5 } },
        }),
        'weights',
      ],
    ];
    for (const [r, why] of cases) {
      const run = runBlocksOf(r);
      expect(handoff.refusal(run, 'audit')).toBe(why);
      expect(await handoff.handOff(run, 'audit')).toBeNull();
      expect(form.offerLastRun(run)).toBe(false);
    }
    expect(form.origin).toEqual({ kind: 'default' });
    expect(form.seedText).toBe('1');
  });

  it('opens the replay browser on the run’s first block, its version and table included', async () => {
    const handoff = useRunHandoffStore();
    const search = useBlockSearchStore();
    const v1 = runBlocksOf(runOf(official('les-3-gongs', 50), 2024, 3, { generatorVersion: 1, m6Strict: false }));
    expect(await handoff.handOff(v1, 'replay')).toBe('replay');
    expect(search.spec).toEqual(v1.specs[0]);
    expect(search.runBlock).toEqual({ run: v1, at: 0 });
    expect(handoff.take('replay')?.purpose).toBe('replay');
    // another block chosen: no longer one of the run's, no longer said to be
    search.seedText = '3000';
    expect(search.runBlock).toBeNull();
    search.seedText = '2026';
    expect(search.runBlock?.at).toBe(2);

    // a scenario's blocks: only while it is the scenario in use (its digest), else refused
    const scenario = officialScenario('les-3-gongs', 100);
    scenario.levels[scenario.levels.length - 1]!.lots -= 1000;
    scenario.name = 'fewer small prizes';
    const run = runBlocksOf(runOf(scenarioTable(scenario), 12, 1));
    expect(handoff.refusal(run, 'replay')).toBe('otherScenario');
    await useScenarioStore().use(scenario);
    expect(handoff.refusal(run, 'replay')).toBeNull();
    expect(await handoff.handOff(run, 'replay')).toBe('replay');
    expect(search.usingScenario).toBe(true);
    expect(blockKey(search.spec!)).toBe(blockKey(run.specs[0]!));
  });
});
