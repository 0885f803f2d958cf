import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { officialScenario, scenarioToJson } from '@engine';
import { setBridge } from '../../bridge';
import type { InstantLabApi } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useScenarioFilesStore } from './useScenarioFilesStore';

interface Saved {
  suggestedName: string;
  data: string;
}

/** A bridge that keeps what is saved and opens the text given: the only parts this store uses. */
function fakeBridge(saved: Saved[], toOpen: { name: string; text: string } | null): InstantLabApi {
  let unread: string | null = null;
  return {
    saveFile: async (req: Saved) => {
      saved.push(req);
      return { saved: true, path: `/home/u/${req.suggestedName}` };
    },
    // a streamed open, as the desktop and the browser bridges give it
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
}

describe('explorer scenario files', () => {
  let saved: Saved[];
  beforeEach(() => {
    setActivePinia(createPinia());
    saved = [];
    setBridge(fakeBridge(saved, null));
    // opened files are parsed in a worker: the real handler, in-process
    setEnginePool(inProcessPool());
  });
  afterEach(() => setEnginePool(undefined));

  it('saves a modified table under a « scenario- » file name and confirms the file; an edit withdraws the confirmation', async () => {
    const table = useExplorerTableStore();
    const files = useScenarioFilesStore();
    table.rows[0]!.amount = '15 000,00';
    expect(files.suggestedName).toBe('scenario-mine-d-or-0-50-eur-modifie.scenario.json');
    await files.save();
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]!.data).scenario.name).toBe("Scénario — Mine d'or 0,50\u00a0€ (modifié)");
    expect(files.saved).toEqual({
      file: 'scenario-mine-d-or-0-50-eur-modifie.scenario.json',
      path: '/home/u/scenario-mine-d-or-0-50-eur-modifie.scenario.json',
    });
    expect(table.unsaved).toBe(false);
    table.rows[1]!.lots = '2';
    expect(files.saved).toBeNull();
  });

  it('the confirmation of a save goes away when another table is loaded (official, from scratch)', async () => {
    const table = useExplorerTableStore();
    const files = useScenarioFilesStore();
    table.rows[0]!.amount = '15 000,00';
    await files.save();
    expect(files.saved).not.toBeNull();
    table.loadOfficial('les-3-gongs', 100);
    expect(table.unsaved).toBe(false);
    expect(files.saved).toBeNull();
    table.startFromScratch('mine-d-or', 200);
    expect(files.saved).toBeNull();
  });

  it('a typed name gives the file its name, still marked « scenario » when the table is not official', async () => {
    const table = useExplorerTableStore();
    const files = useScenarioFilesStore();
    expect(files.suggestedName).toBe('mine-d-or-0-50-eur-tableau-officiel.scenario.json');
    table.name = 'Gros lot doublé';
    table.rows[0]!.amount = '15 000,00';
    expect(files.suggestedName).toBe('scenario-gros-lot-double.scenario.json');
  });

  it('refuses an invalid table: nothing is saved', async () => {
    const table = useExplorerTableStore();
    table.rows[0]!.amount = 'x';
    await useScenarioFilesStore().save();
    expect(saved).toHaveLength(0);
  });

  it('a refused file lists all its problems and changes nothing of the table being edited', () => {
    const table = useExplorerTableStore();
    const files = useScenarioFilesStore();
    table.rows[11]!.lots = '100021';
    const bad = officialScenario('les-3-gongs', 50);
    bad.levels.push({ prizeCents: 20, lots: 1 }, { prizeCents: 21, lots: -2 });
    files.openText('bad.json', scenarioToJson(bad));
    expect(files.refusedFile).toBe('bad.json');
    expect(files.problems.map((p) => [p.code, p.level])).toEqual([
      ['unreachable-les-3-gongs', 9],
      ['lots-negative', 10],
      ['unreachable-les-3-gongs', 10],
    ]);
    expect(table.game).toBe('mine-d-or');
    expect(table.rows[11]!.lots).toBe('100021');
    expect(table.unsaved).toBe(true);
  });

  it('opening a good file loads it under its own name, as saved', async () => {
    const s = officialScenario('les-3-gongs', 100);
    s.name = 'trois gongs';
    setBridge(fakeBridge(saved, { name: 'g.json', text: scenarioToJson(s) }));
    const table = useExplorerTableStore();
    const files = useScenarioFilesStore();
    files.openText('bad.json', '{');
    expect(files.problems).toHaveLength(1);
    await files.open();
    expect(files.problems).toEqual([]);
    expect(table.game).toBe('les-3-gongs');
    expect(table.rows[0]!.amount).toBe('6 000,00');
    expect(table.scenario.name).toBe('trois gongs');
    expect(table.unsaved).toBe(false);
  });
});
