/**
 * Presentation settings files with the real job handlers run in-process and a bridge that keeps
 * what is saved and opens the text given: what is saved opens back to the same settings and the
 * same blocks (R1); a refused file changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { mergeBlock, officialBlock, parsePresentationJson, presentationToJson, runRange } from '@engine';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { usePresentationFilesStore } from './usePresentationFilesStore';
import { useSimulationStore } from './useSimulationStore';

interface Saved {
  suggestedName: string;
  data: string;
}

const memory = new Map<string, unknown>();
let saved: Saved[];
let toOpen: { name: string; text: string } | null;

/** A bridge that keeps what is saved and opens `toOpen`, streamed as the desktop and browser bridges do. */
const bridge = (() => {
  let unread: string | null = null;
  return {
    storeGet: async (k: string) => memory.get(k),
    storeSet: async (k: string, v: unknown) => void memory.set(k, v),
    saveFile: async (req: Saved) => {
      saved.push(req);
      return { saved: true, path: `/home/u/${req.suggestedName}` };
    },
    beginOpen: async () => {
      if (!toOpen) return null;
      unread = toOpen.text;
      return { handle: 'h', name: toOpen.name, size: new TextEncoder().encode(toOpen.text).length };
    },
    readOpen: async () => {
      const c = unread;
      unread = null;
      return c;
    },
    closeOpen: async () => undefined,
  } as unknown as InstantLabApi;
})();

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2), 'simulation');
  setEnginePool(inProcessPool());
  setBridge(bridge);
  memory.clear();
  saved = [];
  toOpen = null;
  globalThis.requestAnimationFrame ??= (cb: FrameRequestCallback): number =>
    setTimeout(() => cb(0), 0) as unknown as number;
  globalThis.cancelAnimationFrame ??= (id: number): void => clearTimeout(id);
});
afterEach(() => {
  setEnginePool(undefined, 'simulation');
  setEnginePool(undefined);
  setBridge(undefined);
});

describe('presentation settings files', () => {
  it('saves the settings in use; the file opens back to the same settings, and a run gives the same block (R1)', async () => {
    const sim = useSimulationStore();
    const files = usePresentationFilesStore();
    sim.game = 'les-3-gongs';
    sim.stakeCents = 50;
    sim.seedText = '5';
    sim.blocksText = '1';
    sim.setGeneratorVersion(1);
    sim.setBonusPercent(300_000, '100');
    sim.setBonusPercent(5_00, '35,5');
    expect(files.suggestedName).toBe('presentation-les-3-gongs-0-50-eur-v1.json');
    await files.save();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.suggestedName).toBe('presentation-les-3-gongs-0-50-eur-v1.json');
    const read = parsePresentationJson(saved[0]!.data);
    expect(read.ok && read.file).toEqual({
      game: 'les-3-gongs',
      stakeCents: 50,
      generatorVersion: 1,
      m6Strict: false,
      weights: { gongs: { bonusShare: 0.2, bonusShareByPrize: { 300_000: 1, 500: 0.355 } } },
    });
    expect(files.note).toEqual({
      kind: 'saved',
      file: 'presentation-les-3-gongs-0-50-eur-v1.json',
      path: '/home/u/presentation-les-3-gongs-0-50-eur-v1.json',
    });
    await sim.run();
    const digest = sim.result!.blocks[0]!.digest;
    const key = JSON.stringify(sim.presentation);

    // back to the defaults (the run is dropped, R1), then the file brings the settings back
    sim.resetPresentation();
    expect(files.note).toBeNull();
    expect(sim.result).toBeNull();
    toOpen = { name: 'presentation-les-3-gongs-0-50-eur-v1.json', text: saved[0]!.data };
    await files.open();
    expect(files.refusedFile).toBe('');
    expect(files.note).toMatchObject({ kind: 'opened', file: 'presentation-les-3-gongs-0-50-eur-v1.json' });
    expect(JSON.stringify(sim.presentation)).toBe(key);
    expect(sim.presentationForm.bonusPercent['500']).toBe('35,5');
    await sim.run();
    expect(sim.result!.blocks[0]!.digest).toBe(digest);
    // and it is the engine's block of those weights, not the official one
    const spec = officialBlock('les-3-gongs', 50, 5, 1);
    const weights = sim.presentation!.weights;
    expect(mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits, { weights })], weights).digest).toBe(
      digest,
    );
    expect(mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]).digest).not.toBe(digest);
  }, 120_000);

  it('a Mine d’or file with a level of its own and the strict M6 reading fills the form, level included', async () => {
    const sim = useSimulationStore();
    const files = usePresentationFilesStore();
    sim.stakeCents = 100;
    toOpen = {
      name: 'm.json',
      text: presentationToJson({
        game: 'mine-d-or',
        stakeCents: 100,
        generatorVersion: 2,
        m6Strict: true,
        weights: {
          mineDor: {
            winningExtras: [1, 0.5, 0.15, 0.04],
            losingExtras: [1, 0.12, 0.03, 0.008],
            additionalCombination: 0.35,
            alignedCombination: 1,
            losingStage: 0.6,
            byPrize: { 2000: { winningExtras: [0, 0, 0, 1] } },
          },
        },
      }),
    };
    await files.open();
    expect(files.problems).toEqual([]);
    expect(sim.presentationForm.m6Strict).toBe(true);
    expect(sim.presentationForm.mine['winningExtras.1']).toBe('0,5');
    expect(sim.presentationForm.mineLevels['2000']).toEqual({
      'winningExtras.0': '0',
      'winningExtras.1': '0',
      'winningExtras.2': '0',
      'winningExtras.3': '1',
    });
    expect(sim.presentation!.weights?.mineDor?.byPrize).toEqual({ 2000: { winningExtras: [0, 0, 0, 1] } });
    // saved again, it is the same file
    await files.save();
    expect(saved[0]!.data).toBe(toOpen.text);
    expect(saved[0]!.suggestedName).toBe('presentation-mine-d-or-1-eur-v2-m6-strict.json');
  });

  it('a file of another game is refused with a message naming both games; nothing the user had is lost', async () => {
    const sim = useSimulationStore();
    const files = usePresentationFilesStore();
    sim.game = 'les-3-gongs';
    sim.setBonusPercent(300_000, '80');
    sim.seedText = '11';
    sim.blocksText = '1';
    await sim.run();
    const run = sim.result;
    expect(run).not.toBeNull();
    const before = JSON.stringify(sim.presentationForm);
    toOpen = {
      name: 'mine.json',
      text: presentationToJson({
        game: 'mine-d-or',
        stakeCents: null,
        generatorVersion: 2,
        m6Strict: true,
        weights: undefined,
      }),
    };
    await files.open();
    expect(files.refusedFile).toBe('mine.json');
    expect(files.problems.map((p) => p.fr)).toEqual([
      'ces réglages de présentation sont ceux de Mine d\'or (le champ "game" vaut "mine-d-or") : attendu des réglages de Les 3 Gongs, le jeu des blocs',
    ]);
    expect(files.problems[0]!.message).toBe(
      'these presentation settings are for Mine d\'or (field "game" is "mine-d-or"): expected settings of Les 3 Gongs, the game of the blocks',
    );
    expect(JSON.stringify(sim.presentationForm)).toBe(before);
    expect(sim.result).toBe(run);
    expect(files.note).toBeNull();
  }, 60_000);

  it('unreadable files list every problem; weights of another stake, a file too large: the settings stay', async () => {
    const sim = useSimulationStore();
    const files = usePresentationFilesStore();
    sim.stakeCents = 200;
    const before = JSON.stringify(sim.presentationForm);
    const bad = JSON.parse(
      presentationToJson({
        game: 'mine-d-or',
        stakeCents: null,
        generatorVersion: 2,
        m6Strict: false,
        weights: undefined,
      }),
    ) as { generator: string; weights: { winning_extras: number[]; losing_stage: number } };
    bad.generator = 'instant-lab-gen/9';
    bad.weights.winning_extras = [0, 0, 0, 0];
    bad.weights.losing_stage = -2;
    toOpen = { name: 'bad.json', text: JSON.stringify(bad) };
    await files.open();
    expect(files.problems.map((p) => p.field)).toEqual(['generator', 'weights.losing_stage']);
    expect(files.problems[1]!.message).toBe(
      'field "weights.losing_stage" is -2: expected a number from 0.000001 to 1000000 (M4)',
    );
    toOpen = {
      name: 'stake.json',
      text: presentationToJson({
        game: 'mine-d-or',
        stakeCents: 50,
        generatorVersion: 2,
        m6Strict: false,
        weights: { mineDor: { ...DEFAULTS, byPrize: { 100: { losingStage: 0.1 } } } },
      }),
    };
    await files.open();
    expect(files.problems[0]!.message).toMatch(
      /weigh the prize levels of the €0\.50 stake .* expected the stake of the blocks, €2\.00/,
    );
    toOpen = { name: 'big.json', text: ' '.repeat(300 * 1024) };
    await files.open();
    expect(files.problems[0]!.message).toBe(
      'the file holds 307200 bytes: a presentation settings file holds at most 262144 bytes',
    );
    expect(JSON.stringify(sim.presentationForm)).toBe(before);
  });

  it('nothing is saved while a field is wrong', async () => {
    const sim = useSimulationStore();
    const files = usePresentationFilesStore();
    sim.setMineWeight('alignedCombination', 'x');
    expect(files.canSave).toBe(false);
    await files.save();
    expect(saved).toEqual([]);
  });
});

const DEFAULTS = {
  winningExtras: [1, 0.45, 0.15, 0.04] as [number, number, number, number],
  losingExtras: [1, 0.12, 0.03, 0.008] as [number, number, number, number],
  additionalCombination: 0.35,
  alignedCombination: 1,
  losingStage: 0.6,
};
