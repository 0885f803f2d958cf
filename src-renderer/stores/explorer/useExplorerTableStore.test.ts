import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { setLocale } from '../../i18n';
import { setBridge } from '../../bridge';
import type { InstantLabApi } from '../../bridge';
import { HISTORY_KEY, useHistoryStore } from '../simulation/useHistoryStore';
import { useScenarioStore } from '../simulation/useScenarioStore';
import { useExplorerTableStore } from './useExplorerTableStore';

describe('explorer table editor', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => setLocale('fr'));

  it('starts from the official Mine d’or 0,50 € table, amounts as typed in French, under its official name', () => {
    const s = useExplorerTableStore();
    expect(s.rows[0]).toEqual({ amount: '7 500,00', lots: '1' });
    expect(s.analysis!.rtp).toBeCloseTo(0.7, 12);
    expect(s.valid).toBe(true);
    expect(s.isOfficial).toBe(true);
    expect(s.unsaved).toBe(false);
    expect(s.scenario.name).toBe('Mine d’or 0,50\u00a0€ — tableau officiel'.replace('’', "'"));
  });

  it('reads « 15 000,00 » as 1,500,000 cents: a new RTP, a new identity and a « modifié » name in both languages', async () => {
    const s = useExplorerTableStore();
    const officialKey = s.key;
    s.rows[0]!.amount = '15 000,00';
    expect(s.table!.levels[0]!.prizeCents).toBe(1_500_000);
    expect(s.analysis!.rtp).toBeCloseTo(0.715, 12);
    expect(s.unsaved).toBe(true);
    expect(s.key).not.toBe(officialKey);
    expect(s.isOfficial).toBe(false);
    expect(s.scenario.name).toBe("Scénario — Mine d'or 0,50\u00a0€ (modifié)");
    setLocale('en');
    await nextTick();
    expect(s.scenario.name).toBe("Scenario — Mine d'or €0.50 (modified)");
    // the amounts are now written (and read) the English way; the table is the same
    expect(s.rows[0]!.amount).toBe('15,000.00');
    expect(s.rows[11]!.amount).toBe('0.50');
    expect(s.table!.levels[0]!.prizeCents).toBe(1_500_000);
    // back to the official amount: the official table and name again
    s.rows[0]!.amount = '7,500.00';
    expect(s.key).toBe(officialKey);
    expect(s.scenario.name).toBe("Mine d'or €0.50 — official table");
  });

  it('in English a comma only groups thousands: « 15 000,00 » is unreadable there, never read as 1 500 000 €', async () => {
    const s = useExplorerTableStore();
    setLocale('en');
    await nextTick();
    expect(s.unsaved).toBe(false); // rewriting the amounts the English way changes nothing of the table
    s.rows[0]!.amount = '15 000,00';
    expect(s.problems.map((p) => p.code)).toEqual(['amount-unreadable']);
    expect(s.problems[0]!.message).toContain('(e.g. 15,000.00)');
    s.rows[0]!.amount = '€15,000.00';
    expect(s.rowCents[0]).toBe(1_500_000);
    s.rows[0]!.amount = '15000.5';
    expect(s.rowCents[0]).toBe(1_500_050);
    s.rows[0]!.amount = '1,50';
    expect(s.rowCents[0]).toBeNaN();
  });

  it('an official-looking name typed on a modified table is replaced; any other name is kept', () => {
    const s = useExplorerTableStore();
    s.name = "Mine d'or 0,50\u00a0€ — tableau officiel";
    s.rows[11]!.lots = '100021';
    expect(s.nameReplaced).toBe(true);
    expect(s.scenario.name).toBe("Scénario — Mine d'or 0,50\u00a0€ (modifié)");
    s.name = 'mine-d-or 50 (' + 'x'; // not an official name
    expect(s.nameReplaced).toBe(false);
    s.name = 'gros lot doublé';
    expect(s.scenario.name).toBe('gros lot doublé');
  });

  it('absurd inputs: every problem named, and no figure, table or identity while any remains', () => {
    const s = useExplorerTableStore();
    s.rows[0]!.amount = 'douze';
    s.rows[1]!.lots = '-3';
    s.rows.push({ amount: '0,30', lots: '1' });
    s.blockUnits = '1e12';
    expect(s.problems.map((p) => p.code)).toEqual([
      'block-unreadable',
      'amount-unreadable',
      'lots-negative',
      'unreachable-mine-d-or',
    ]);
    expect(s.problems[0]!.fr).toContain('« 1e12 »');
    expect(s.problems[0]!.message).toContain('a whole number from 1 to 10,000,000 is expected');
    // never « -1 unités »: an unreadable block size is not compared with the lots
    expect(s.problems.some((p) => /-1\b/.test(p.fr) || /-1\b/.test(p.message))).toBe(false);
    expect(s.valid).toBe(false);
    expect(s.table).toBeNull();
    expect(s.key).toBeNull();
    expect(s.analysis).toBeNull();
  });

  it('a readable but impossible block size (10¹²) is a problem of its own, and hides the figures', () => {
    const s = useExplorerTableStore();
    s.blockUnits = '1000000000000';
    expect(s.problems.map((p) => p.code)).toEqual(['block-size']);
    expect(s.analysis).toBeNull();
    // a table that pays 30 times its stakes (RTP 3 000 068,5 %) is valid but never shown beside an error
    s.blockUnits = '1000000';
    s.rows[11]!.lots = '6000000000';
    expect(s.problems.map((p) => p.code)).toEqual(['lots-too-large']);
    expect(s.analysis).toBeNull();
  });

  it('a modified table never takes the default name of another table known by it: the scenario in use, a kept run', async () => {
    const memory = new Map<string, unknown>();
    setBridge({
      storeGet: async (k: string) => memory.get(k),
      storeSet: async (k: string, v: unknown) => void memory.set(k, v),
    } as unknown as InstantLabApi);
    try {
      const s = useExplorerTableStore();
      s.rows[0]!.amount = '15 000,00';
      const first = "Scénario — Mine d'or 0,50\u00a0€ (modifié)";
      expect(s.scenario.name).toBe(first);
      // sent to the simulation: in use under that name, which it keeps
      await useScenarioStore().use(s.scenario);
      expect(s.scenario.name).toBe(first);
      // another table: the next number, in both languages
      s.rows[0]!.amount = '16 000,00';
      expect(s.scenario.name).toBe("Scénario — Mine d'or 0,50\u00a0€ (modifié 2)");
      expect(s.defaultName.en).toBe("Scenario — Mine d'or €0.50 (modified 2)");
      // back to the table in use: its own name again
      s.rows[0]!.amount = '15 000,00';
      expect(s.scenario.name).toBe(first);
      // a kept run of yet another table named « (modifié 2) » (on an English screen) takes that number too
      s.rows[0]!.amount = '17 000,00';
      const run = {
        table: { kind: 'scenario', name: "Scenario — Mine d'or €0.50 (modified 2)", digest: 'd'.repeat(64) },
      };
      useHistoryStore().runs = [run as never];
      expect(s.scenario.name).toBe("Scénario — Mine d'or 0,50\u00a0€ (modifié 3)");
      // a name the user typed is kept as typed
      s.name = 'Mon essai';
      expect(s.scenario.name).toBe('Mon essai');
      expect(memory.has(HISTORY_KEY)).toBe(false); // the explorer only reads the history
    } finally {
      setBridge(undefined);
    }
  });

  it('starting from scratch gives one empty row, reported as unreadable, and no figure', () => {
    const s = useExplorerTableStore();
    s.startFromScratch('les-3-gongs', 100);
    expect(s.rows).toEqual([{ amount: '', lots: '' }]);
    expect(s.problems.map((p) => p.code)).toEqual(['amount-unreadable', 'lots-unreadable']);
    expect(s.analysis).toBeNull();
    expect(s.defaultName.fr).toBe('Scénario — Les 3 Gongs 1,00\u00a0€ (modifié)');
  });

  it('switching the game resets an art. 2 block to the new game’s, in one undo step', () => {
    const s = useExplorerTableStore();
    expect(s.blockUnits).toBe('1000000');
    s.setGame('les-3-gongs');
    expect(s.game).toBe('les-3-gongs');
    expect(s.blockUnits).toBe('300000');
    s.undo();
    expect(s.game).toBe('mine-d-or');
    expect(s.blockUnits).toBe('1000000');
  });

  it('a block size of the user’s own stays, and is named as not art. 2’s; never silently « valide »', () => {
    const s = useExplorerTableStore();
    expect(s.blockWarning).toBeNull();
    s.blockUnits = '500000';
    expect(s.valid).toBe(true);
    expect(s.blockWarning).toEqual({ units: 500_000, official: 1_000_000 });
    s.setGame('les-3-gongs');
    expect(s.blockUnits).toBe('500000');
    expect(s.blockWarning?.official).toBe(300_000);
  });
});
