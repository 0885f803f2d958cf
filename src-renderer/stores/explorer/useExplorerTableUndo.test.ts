import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { setLocale } from '../../i18n';
import { UNDO_LIMIT, useExplorerTableStore } from './useExplorerTableStore';

describe('explorer table editor: undo and redo', () => {
  beforeEach(() => setActivePinia(createPinia()));
  afterEach(() => setLocale('fr'));

  it('starts with nothing to undo; typing in one field is one step, another field another step', () => {
    const s = useExplorerTableStore();
    expect(s.canUndo).toBe(false);
    const officialKey = s.key;
    for (const t of ['1', '15', '15 0', '15 000,00']) s.rows[0]!.amount = t;
    s.rows[1]!.lots = '2';
    expect(s.canUndo).toBe(true);
    s.undo();
    expect(s.rows[1]!.lots).toBe('1');
    expect(s.rows[0]!.amount).toBe('15 000,00');
    s.undo();
    expect(s.rows[0]!.amount).toBe('7 500,00');
    expect(s.key).toBe(officialKey); // derived results follow the table's key: back to the official one
    expect(s.canUndo).toBe(false);
    s.redo();
    expect(s.rows[0]!.amount).toBe('15 000,00');
    s.redo();
    expect(s.rows[1]!.lots).toBe('2');
    expect(s.canRedo).toBe(false);
  });

  it('a new edit after an undo drops what could be redone', () => {
    const s = useExplorerTableStore();
    s.name = 'A';
    s.undo();
    expect(s.canRedo).toBe(true);
    s.blockUnits = '500000';
    expect(s.canRedo).toBe(false);
    s.undo();
    expect(s.blockUnits).toBe('1000000');
  });

  it('loading the official table, starting from scratch and opening a scenario are one step each', () => {
    const s = useExplorerTableStore();
    s.rows[0]!.lots = '3';
    s.loadOfficial('les-3-gongs', 200);
    expect(s.game).toBe('les-3-gongs');
    s.startFromScratch('mine-d-or', 100);
    expect(s.rows).toEqual([{ amount: '', lots: '' }]);
    s.undo();
    expect(s.game).toBe('les-3-gongs');
    expect(s.stakeCents).toBe(200);
    expect(s.rows).toHaveLength(9);
    s.undo();
    expect(s.game).toBe('mine-d-or');
    expect(s.rows[0]!.lots).toBe('3');
    s.undo();
    expect(s.rows[0]!.lots).toBe('1');
    expect(s.canUndo).toBe(false);
  });

  it('adding and removing a level are steps; the language switch is none, and an undone amount comes back in the new language', async () => {
    const s = useExplorerTableStore();
    s.rows[0]!.amount = '15 000,00';
    s.addLevel();
    s.removeLevel(1);
    setLocale('en');
    await nextTick();
    expect(s.rows[0]!.amount).toBe('15,000.00');
    s.undo(); // the removal
    expect(s.rows).toHaveLength(13);
    expect(s.rows[1]!.amount).toBe('3,750.00');
    s.undo(); // the addition
    expect(s.rows).toHaveLength(12);
    s.undo(); // the amount, written the English way
    expect(s.rows[0]!.amount).toBe('7,500.00');
    expect(s.canUndo).toBe(false);
  });

  it(`keeps at most ${UNDO_LIMIT} steps`, () => {
    const s = useExplorerTableStore();
    for (let i = 0; i < UNDO_LIMIT + 20; i++) {
      s.name = `n${i}`;
      s.blockUnits = String(1_000_000 - i);
    }
    let n = 0;
    while (s.canUndo) {
      s.undo();
      n++;
    }
    expect(n).toBe(UNDO_LIMIT);
    expect(s.name).not.toBe('');
  });
});
