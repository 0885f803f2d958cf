import { describe, expect, it } from 'vitest';
import { scenarioBlockSpec } from './scenario-block-spec';
import { officialScenario } from './scenario';
import { officialBlock } from '../block/spec';
import { InputError } from '../block/input-error';
import { mergeBlock } from '../audit/block-result';
import { runRange } from '../audit/run-range';

describe('scenarioBlockSpec', () => {
  it('the official table as a scenario gives the official block, digest included (R1, golden gongs 0,50 € seed 7)', async () => {
    const spec = scenarioBlockSpec(officialScenario('les-3-gongs', 50), 7, 1);
    expect(spec.table.levels).toEqual(officialBlock('les-3-gongs', 50, 7).table.levels);
    const r = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(r.audit.ok).toBe(true);
    expect(r.digest).toBe('a2bfb0ee9738f8dd56dad655f9d4b2273e447ff5cf7763b2ece46aa1f470dca6');
  });

  it('refuses a table the explorer refuses, with the explorer’s words in both languages', () => {
    const s = officialScenario('mine-d-or', 50);
    s.levels.push({ prizeCents: 30, lots: 5 });
    let err: unknown;
    try {
      scenarioBlockSpec(s, 1);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toBe(
      'the table cannot be generated: level 13: no combination of gains (art. 4.4–4.6, M4) adds up to €0.30',
    );
    expect((err as InputError).fr).toMatch(/^le tableau ne peut pas être généré : niveau 13 : aucune combinaison/);
  });
});
