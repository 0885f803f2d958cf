import { describe, expect, it } from 'vitest';
import { indicesOfLevel, officialBlock, officialScenario, openUnit, scenarioTable } from '@engine';
import { hasPresentation, nearMisses } from '@engine';
import { findUnits } from './find-units';

const spec = officialBlock('mine-d-or', 100, 12345);

describe('findUnits', () => {
  it('lists the units of a level from the placement alone (R2), ascending, from an index on', () => {
    const all = indicesOfLevel(spec, 6);
    const out = findUnits({ spec, level: 6, presentation: 'any', from: all[3]!, limit: 5, maxScan: 0 });
    expect(out.indices).toEqual(Array.from(all.slice(3, 8)));
    expect(out.next).toBe(all[8]);
  });

  it('opens candidates for a presentation and returns only those that show it', () => {
    const out = findUnits({ spec, level: 'win', presentation: 'extra2', from: 0, limit: 3, maxScan: 100_000 });
    expect(out.indices).toHaveLength(3);
    for (const i of out.indices) {
      const u = openUnit(spec, i);
      expect(u.assignedCents).toBeGreaterThan(0);
      expect(u.view.game === 'mine-d-or' && u.view.extras.length >= 2).toBe(true);
    }
  });

  it('stops after maxScan opened units and says where to continue', () => {
    const out = findUnits({ spec, level: 'any', presentation: 'aligned', from: 0, limit: 1000, maxScan: 50 });
    expect(out.scanned).toBe(50);
    expect(out.next).toBe(50);
  });

  it('finds near misses only among losing units', () => {
    const out = findUnits({ spec, level: 'any', presentation: 'near-miss', from: 0, limit: 5, maxScan: 10_000 });
    for (const i of out.indices) {
      const u = openUnit(spec, i);
      expect(u.assignedCents).toBe(0);
      expect(nearMisses(u).length).toBeGreaterThan(0);
      expect(hasPresentation(u, 'near-miss')).toBe(true);
    }
  });

  it('keeps the level lists of a scenario block apart from the official block of the same seed', () => {
    const official = findUnits({ spec, level: 0, presentation: 'any', from: 0, limit: 5, maxScan: 0 });
    const sc = officialScenario('mine-d-or', 100);
    sc.levels[0]!.lots = 3; // three top lots instead of one
    sc.levels[11]!.lots -= 2;
    const scenario = { ...spec, table: scenarioTable(sc) };
    const out = findUnits({ spec: scenario, level: 0, presentation: 'any', from: 0, limit: 5, maxScan: 0 });
    expect(official.indices).toHaveLength(1);
    expect(out.indices).toEqual(Array.from(indicesOfLevel(scenario, 0)));
    expect(out.indices).toHaveLength(3);
  });
});
