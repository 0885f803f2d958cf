/**
 * The simulation store with the real job handlers run in-process (no Web Workers under Node) and
 * an in-memory bridge for the history.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watch } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { officialBlock, officialScenario, presentationRows, runRange, mergeBlock, tableDigest } from '@engine';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool, recordingInProcessPool } from '../../workers/in-process-worker';
import { useExplorerTableStore } from '../explorer/useExplorerTableStore';
import { useBlockRunStore } from '../explorer/useBlockRunStore';
import { smallTable } from '../explorer/test-support/small-table';
import { useHistoryStore } from './useHistoryStore';
import { useScenarioStore } from './useScenarioStore';
import { useSimulationStore } from './useSimulationStore';

const memory = new Map<string, unknown>();
const bridge = {
  storeGet: async (k: string) => memory.get(k),
  storeSet: async (k: string, v: unknown) => void memory.set(k, v),
} as unknown as InstantLabApi;

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2, { jobsPerWorker: 2 }), 'simulation'); // as the app's simulation pool
  setBridge(bridge);
  memory.clear();
  // progress is published once a frame; Node has no frames
  globalThis.requestAnimationFrame ??= (cb: FrameRequestCallback): number =>
    setTimeout(() => cb(0), 0) as unknown as number;
  globalThis.cancelAnimationFrame ??= (id: number): void => clearTimeout(id);
});
afterEach(() => {
  setEnginePool(undefined, 'simulation');
  setBridge(undefined);
});

describe('simulation store', () => {
  it('runs a Les 3 Gongs block whose digest is the engine’s (R1) and whose counts are the table’s (R4)', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.stakeCents = 50;
    s.seedText = '9';
    s.blocksText = '1';
    await s.run();
    expect(s.status).toBe('done');
    const b = s.result!.blocks[0]!;
    const spec = officialBlock('les-3-gongs', 50, 9);
    const engine = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(b.digest).toBe(engine.digest);
    expect(b.auditOk).toBe(true);
    expect(b.counts).toEqual([...engine.levels.map((l) => l.official), engine.losing.official]);
    expect(useHistoryStore().runs[0]!.id).toBe(s.result!.id);
  });

  it('leaves every merge and the sales band to the workers: the page receives finished summaries', async () => {
    const { pool, ran } = recordingInProcessPool(2);
    setEnginePool(pool, 'simulation');
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.seedText = '4';
    s.blocksText = '2';
    await s.run();
    expect(s.status).toBe('done');
    expect(new Set(ran)).toEqual(new Set(['range', 'summariseBlock', 'salesBand']));
    expect(ran.filter((k) => k === 'summariseBlock')).toHaveLength(2);
    expect(s.result!.curveBand!.blocks).toBe(2);
    expect(s.result!.blocks.map((b) => b.seed)).toEqual([4, 5]);
  });

  it('gives each block one job when the plan gives it one range: its tallies never reach the page', async () => {
    const { pool, ran } = recordingInProcessPool(1);
    setEnginePool(pool, 'simulation');
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.stakeCents = 50;
    s.seedText = '4';
    s.blocksText = '2';
    await s.run();
    expect(s.status).toBe('done');
    expect(ran).toEqual(['wholeBlockSummary', 'wholeBlockSummary', 'salesBand']);
    // the same blocks as ranges merged (R1), each timed by the worker that ran it
    const spec = officialBlock('les-3-gongs', 50, 5);
    expect(s.result!.blocks[1]!.digest).toBe(mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]).digest);
    expect(s.result!.blocks.every((b) => b.elapsedMs > 0)).toBe(true);
  });

  it('a run of many blocks keeps the spread of every block’s sales curve', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.seedText = '100';
    s.blocksText = '8';
    await s.run();
    const band = s.result!.curveBand!;
    expect(band.blocks).toBe(8);
    // sold out, every block returns exactly the table's RTP
    expect(band.min.at(-1)).toBeCloseTo(band.max.at(-1)!, 12);
    expect(band.mean.at(-1)).toBeCloseTo(s.figures.rtp, 12);
  });

  it('bad input is refused and the previous results stay', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    await s.run();
    const before = s.result;
    s.seedText = 'abc';
    await s.run();
    expect(s.refused).toBe(true);
    expect(s.seedError).toMatchObject({ key: 'seedDigits' });
    expect(s.result).toBe(before);
  });

  it('a cancelled run keeps the previous results', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    await s.run();
    const before = s.result;
    s.seedText = '2';
    s.blocksText = '5';
    const running = s.run();
    await new Promise((r) => setTimeout(r, 0));
    s.cancel();
    await running;
    expect(s.status).toBe('cancelled');
    expect(s.result).toBe(before);
  });

  it('results say they are the previous run’s while a run computes, after a cancel, and once the form changes', async () => {
    const s = useSimulationStore();
    expect(s.resultsStanding).toBeNull();
    s.game = 'les-3-gongs';
    s.stakeCents = 50;
    s.seedText = '1';
    s.blocksText = '1';
    await s.run();
    expect(s.resultsStanding).toBe('current');
    s.seedText = '2';
    s.blocksText = '5';
    expect(s.resultsStanding).toBe('edited');
    const running = s.run();
    expect(s.resultsStanding).toBe('running');
    await new Promise((r) => setTimeout(r, 0));
    s.cancel();
    await running;
    // the cancelled run's form stays: the results kept are the previous run's
    expect(s.resultsStanding).toBe('edited');
    s.seedText = '1';
    s.blocksText = '1';
    expect(s.resultsStanding).toBe('current');
  });

  it('a scenario handed over from the explorer marks the official results as the previous run’s, and arrives once', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.stakeCents = 100;
    await s.run();
    expect(s.resultsStanding).toBe('current');
    const scenario = officialScenario('les-3-gongs', 100);
    scenario.levels[scenario.levels.length - 1]!.lots -= 1000;
    await useScenarioStore().use(scenario);
    s.receiveScenario(null);
    expect(s.tableId.kind).toBe('scenario');
    expect(s.resultsStanding).toBe('edited');
    expect(s.takeArrival()).toBe(true);
    expect(s.takeArrival()).toBe(false);
  });

  it('the explorer’s block seed arrives with its scenario: the first block run is the block the explorer showed', async () => {
    smallTable();
    setEnginePool(inProcessPool(1)); // the explorer's pool
    const explorer = useBlockRunStore();
    explorer.seedText = '7';
    await explorer.run();
    setEnginePool(undefined);
    const shown = explorer.block!;
    expect(shown.seed).toBe(7);
    await useScenarioStore().use(useExplorerTableStore().scenario);
    const s = useSimulationStore();
    s.receiveScenario(7);
    expect(s.seedText).toBe('7');
    s.blocksText = '1';
    await s.run();
    expect(s.result!.blocks[0]!.seed).toBe(7);
    expect(s.result!.blocks[0]!.digest).toBe(shown.digest);
    // a seed that was not valid there leaves the screen's own
    s.seedText = '3';
    s.receiveScenario(null);
    expect(s.seedText).toBe('3');
  });

  it('the explorer’s scenario runs as full blocks of its own table, game and stake', async () => {
    const scenario = officialScenario('les-3-gongs', 100);
    scenario.levels[scenario.levels.length - 1]!.lots -= 1000;
    scenario.name = 'fewer small prizes';
    await useScenarioStore().use(scenario);
    const s = useSimulationStore();
    s.chooseTable('scenario');
    expect(s.game).toBe('les-3-gongs');
    expect(s.stakeCents).toBe(100);
    await s.run();
    expect(s.result!.tableSource).toBe('fewer small prizes');
    const last = s.result!.levels.length - 1;
    expect(s.result!.blocks[0]!.counts[last]).toBe(scenario.levels.at(-1)!.lots);
    // the run names its table: a scenario, by name, with the digest of the table it ran
    expect(s.result!.table).toEqual({ kind: 'scenario', name: 'fewer small prizes', digest: tableDigest(s.table) });

    // reopened while the selector shows the official table, the run brings its own table back
    const run = s.result!;
    s.chooseTable('official');
    expect(s.tableId.kind).toBe('official');
    s.open(run);
    expect(s.tableId).toEqual(run.table);
    expect(s.tableSelection).toBe('scenario'); // the explorer still holds that very table
    // the explorer's scenario gone (or another one), the run's own table still comes back
    await useScenarioStore().clear();
    s.chooseTable('official');
    s.open(run);
    expect(s.tableId).toEqual(run.table);
    expect(s.tableSelection).toBe('reopened');
    expect(s.reopenedName).toBe('fewer small prizes');
    expect(s.table.levels.at(-1)!.lots).toBe(scenario.levels.at(-1)!.lots);
    // choosing a table again leaves the reopened one
    s.chooseTable('official');
    expect(s.tableId.kind).toBe('official');
  });

  it('reopening a run of another table says the next run’s table changed: from which to which, until it changes again', async () => {
    const older = officialScenario('les-3-gongs', 100);
    older.levels[older.levels.length - 1]!.lots -= 1000;
    older.name = 'same name';
    await useScenarioStore().use(older);
    const s = useSimulationStore();
    s.chooseTable('scenario');
    s.blocksText = '1';
    await s.run();
    const run = s.result!;
    expect(s.tableChange).toBeNull();
    // a newer table under the same name is sent from the explorer
    const newer = officialScenario('les-3-gongs', 100);
    newer.levels[newer.levels.length - 1]!.lots -= 2000;
    newer.name = 'same name';
    await useScenarioStore().use(newer);
    s.chooseTable('scenario');
    const newerId = s.tableId;
    // reopening the older run: the next run holds the older table, and that is said
    s.open(run);
    expect(s.tableSelection).toBe('reopened');
    expect(s.tableChange).toEqual({ from: newerId, to: run.table });
    expect(s.tableChange!.from.name).toBe(s.tableChange!.to.name); // only the digests tell them apart
    // reopened again: the table did not change this time
    s.open(run);
    expect(s.tableChange).toBeNull();
    // choosing a table leaves the word
    s.chooseTable('scenario');
    s.open(run);
    expect(s.tableChange).not.toBeNull();
    s.chooseTable('scenario');
    expect(s.tableChange).toBeNull();
    // and so does a run
    s.open(run);
    const running = s.run();
    expect(s.tableChange).toBeNull();
    await running;
    expect(s.result!.table).toEqual(run.table);
  });

  it('an official run names the official table and its digest', async () => {
    const s = useSimulationStore();
    s.game = 'les-3-gongs';
    s.stakeCents = 50;
    s.seedText = '3';
    s.blocksText = '1';
    await s.run();
    expect(s.result!.table).toEqual({
      kind: 'official',
      name: 'art. 3.1',
      digest: tableDigest(officialBlock('les-3-gongs', 50, 3).table),
    });
  });

  describe('presentation settings (R5, M6, M4, G2)', () => {
    it('defaults: version 2, M6 default reading, documented weights; a run names them', async () => {
      const s = useSimulationStore();
      s.game = 'les-3-gongs';
      s.stakeCents = 50;
      s.seedText = '7';
      expect(s.presentation).toEqual({ generatorVersion: 2, m6Strict: false, weights: undefined });
      await s.run();
      expect(s.result!.generator).toBe('instant-lab-gen/2');
      expect(s.result!.presentationSettings).toEqual({ generatorVersion: 2, m6Strict: false });
      // the version-2 golden digest (golden-digests.test.ts)
      expect(s.result!.blocks[0]!.digest).toBe('bf240ef2e41fab6f485a3f77170e15d31de78385772b6c86e68e67eb97ccbda7');
    });

    it('R5: version 1 reproduces the version-1 block; changing the version drops the results (R1)', async () => {
      const s = useSimulationStore();
      s.game = 'les-3-gongs';
      s.stakeCents = 50;
      s.seedText = '7';
      s.setGeneratorVersion(1);
      await s.run();
      expect(s.result!.blocks[0]!.digest).toBe('a2bfb0ee9738f8dd56dad655f9d4b2273e447ff5cf7763b2ece46aa1f470dca6');
      expect(s.result!.generator).toBe('instant-lab-gen/1');
      s.setGeneratorVersion(2);
      await Promise.resolve();
      expect(s.result).toBeNull();
    });

    it('G2: a Bonus share per level changes the presentation table after a run', async () => {
      const s = useSimulationStore();
      s.game = 'les-3-gongs';
      s.stakeCents = 50;
      s.seedText = '3';
      s.setBonusPercent(1_500, '100');
      s.setBonusPercent(50, '0');
      expect(s.presentation!.weights?.gongs?.bonusShareByPrize?.[1_500]).toBe(1);
      await s.run();
      const r = s.result!;
      const rows = presentationRows(
        r.game,
        r.levels.map((l) => l.prizeCents),
        r.presentationClasses,
        r.presentation,
      );
      const row = (cents: number) => rows.find((x) => x.prizeCents === cents)!;
      expect(row(1_500).byColumn.bonus).toBe(row(1_500).units); // every 15 € lot through the Bonus
      expect(row(50).byColumn.bonus).toBe(0); // no 0.50 € lot through it
      expect(row(500).byColumn.bonus).toBeGreaterThan(0); // the others keep the default 20 %
      expect(row(500).byColumn.bonus).toBeLessThan(row(500).units);
      expect(r.presentationSettings?.weights?.gongs?.bonusShareByPrize?.[1_500]).toBe(1);
      expect(r.blocks[0]!.auditOk).toBe(true);
      // the reset brings the defaults back, and with them other blocks: the results are dropped
      s.resetPresentation();
      await Promise.resolve();
      expect(s.presentation!.weights).toBeUndefined();
      expect(s.result).toBeNull();
    });

    it('M4 per level: 10 € with 3 EXTRA only shows every 10 € unit with 3 EXTRA; kept with the run, cleared per level', async () => {
      const s = useSimulationStore();
      s.game = 'mine-d-or';
      s.stakeCents = 50;
      s.seedText = '5';
      for (const [i, v] of ['0', '0', '0', '1'].entries())
        s.setMineLevelWeight(1_000, `winningExtras.${i as 0 | 1 | 2 | 3}`, v);
      // a field typed with the block's value, or left empty, keeps the block's weight
      s.setMineLevelWeight(1_000, 'losingStage', '0,6');
      s.setMineLevelWeight(1_000, 'alignedCombination', '');
      expect(s.presentationFieldErrors).toEqual({});
      expect(s.presentation!.weights?.mineDor?.byPrize).toEqual({ 1_000: { winningExtras: [0, 0, 0, 1] } });
      await s.run();
      const r = s.result!;
      const rows = presentationRows(
        r.game,
        r.levels.map((l) => l.prizeCents),
        r.presentationClasses,
        r.presentation,
      );
      const row = (cents: number) => rows.find((x) => x.prizeCents === cents)!;
      expect(row(1_000).units).toBe(20_000);
      expect(row(1_000).byColumn.extra3).toBe(20_000); // every 10 € unit in the 3-EXTRA column
      expect(row(500).byColumn.extra0).toBeGreaterThan(0); // the other levels keep the block's weights
      expect(row(500).byColumn.extra3).toBeLessThan(row(500).units);
      expect(r.blocks[0]!.auditOk).toBe(true);
      expect(r.presentationSettings?.weights?.mineDor?.byPrize?.[1_000]).toEqual({ winningExtras: [0, 0, 0, 1] });
      // a history run brings its level weights back (texts) and stays shown
      s.resetPresentation();
      await Promise.resolve();
      expect(s.result).toBeNull();
      s.open(r);
      expect(s.presentationForm.mineLevels['1000']).toEqual({
        'winningExtras.0': '0',
        'winningExtras.1': '0',
        'winningExtras.2': '0',
        'winningExtras.3': '1',
      });
      await Promise.resolve();
      expect(s.result).toBe(r);
      // back to the block's weights for that level: other blocks, the results are dropped (R1)
      s.clearMineLevel(1_000);
      await Promise.resolve();
      expect(s.presentation!.weights).toBeUndefined();
      expect(s.result).toBeNull();
    }, 60_000);

    it('M4 per level: errors are keyed by level; level weights do not carry over to another table', () => {
      const s = useSimulationStore();
      s.game = 'mine-d-or';
      s.stakeCents = 50;
      s.setMineLevelWeight(750_000, 'winningExtras.1', 'x');
      s.setMineLevelWeight(750_000, 'additionalCombination', '0');
      for (const i of [0, 2, 3] as const) s.setMineLevelWeight(100, `winningExtras.${i}`, '0');
      s.setMineLevelWeight(100, 'winningExtras.1', '0,0');
      expect(s.presentationFieldErrors).toEqual({
        'mineLevel.750000.winningExtras.1': { key: 'presentation.errors.weight', params: { value: 'x' } },
        'mineLevel.750000.additionalCombination': { key: 'presentation.errors.factorZero', params: { value: '0' } },
        'mineLevel.100.winningExtras': { key: 'presentation.errors.allZero', params: {} },
      });
      expect(s.presentation).toBeNull();
      s.clearMineLevel(100);
      s.clearMineLevel(750_000);
      expect(s.presentationFieldErrors).toEqual({});
      s.setMineLevelWeight(100, 'losingStage', '1');
      expect(s.presentation!.weights?.mineDor?.byPrize).toEqual({ 100: { losingStage: 1 } });
      s.stakeCents = 100;
      expect(s.presentationForm.mineLevels).toEqual({});
      expect(s.presentation!.weights).toBeUndefined();
    });

    it('invalid weights are refused with what is wrong and what is expected; no run starts', async () => {
      const s = useSimulationStore();
      s.game = 'mine-d-or';
      s.setMineWeight('winningExtras.1', '-1');
      s.setMineWeight('additionalCombination', '0');
      for (const i of [0, 1, 2, 3] as const) s.setMineWeight(`losingExtras.${i}`, '0');
      expect(s.presentationFieldErrors).toEqual({
        'mine.winningExtras.1': { key: 'presentation.errors.weight', params: { value: '-1' } },
        'mine.additionalCombination': { key: 'presentation.errors.factorZero', params: { value: '0' } },
        'mine.losingExtras': { key: 'presentation.errors.allZero', params: {} },
      });
      expect(s.presentation).toBeNull();
      await s.run();
      expect(s.refused).toBe(true);
      expect(s.status).toBe('idle');
      s.game = 'les-3-gongs';
      s.setBonusPercent(600, '120');
      expect(s.presentationFieldErrors).toEqual({
        'bonus.600': { key: 'presentation.errors.share', params: { value: '120' } },
      });
    });

    it('M6 strict names the block (its own digest) and is kept with the run; a history run brings its settings back', async () => {
      const s = useSimulationStore();
      s.game = 'mine-d-or';
      s.stakeCents = 50;
      s.seedText = '0';
      s.setM6Strict(true);
      s.setMineWeight('losingStage', '0,6');
      await s.run();
      const r = s.result!;
      expect(r.presentationSettings).toEqual({ generatorVersion: 2, m6Strict: true });
      // the M6-strict golden digest (golden-digests.test.ts)
      expect(r.blocks[0]!.digest).toBe('aa55862ce713fc81fee703fefe3105c74b63593e4d90e5829c2d3ee10851cc87');
      s.resetPresentation();
      await Promise.resolve();
      expect(s.result).toBeNull();
      s.open(r);
      expect(s.presentation).toEqual({ generatorVersion: 2, m6Strict: true, weights: undefined });
      await Promise.resolve();
      expect(s.result).toBe(r);
    }, 60_000);
  });

  it('draws progress at most every 500 ms while running, and the final figures at the end', async () => {
    const s = useSimulationStore();
    s.game = 'mine-d-or';
    s.stakeCents = 50;
    s.seedText = '3';
    s.blocksText = '3';
    const seen: { at: number; done: number; total: number }[] = [];
    const stop = watch(
      () => s.progress,
      (p) => p && seen.push({ at: performance.now(), done: p.done, total: p.total }),
      { flush: 'sync' },
    );
    await s.run();
    stop();
    expect(s.status).toBe('done');
    // the first update (0 done) and the last (all done) are immediate; those between are spaced
    const between = seen.slice(1, -1);
    for (let k = 1; k < between.length; k++) expect(between[k]!.at - between[k - 1]!.at).toBeGreaterThanOrEqual(495);
    expect(seen[0]!.done).toBe(0);
    expect(seen.at(-1)).toMatchObject({ done: 3_000_000, total: 3_000_000 });
    // far fewer updates than the 300 segments that reported progress
    expect(seen.length).toBeLessThan(300);
  });
});
