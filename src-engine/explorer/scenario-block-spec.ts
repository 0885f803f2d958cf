/**
 * The block spec of a scenario table (R1: game, stake, seed and generator version name the block;
 * the table is the scenario's). One function for the command line's `--table` and the screens.
 */
import { GENERATOR_VERSION } from '../block/spec';
import type { BlockSpec } from '../block/spec';
import { InputError } from '../block/input-error';
import { scenarioTable } from './scenario';
import { validateScenario } from './scenario-validation';
import type { Scenario } from './scenario';

/**
 * The spec of block `seed` of scenario `s` (generator version: the latest unless asked, R5). Refuses, with the explorer's own words, a scenario
 * the explorer refuses (every problem, in English and French).
 */
export function scenarioBlockSpec(s: Scenario, seed: number, generatorVersion = GENERATOR_VERSION): BlockSpec {
  const problems = validateScenario(s);
  if (problems.length > 0) {
    throw new InputError(
      `the table cannot be generated: ${problems.map((p) => p.message).join('; ')}`,
      `le tableau ne peut pas être généré : ${problems.map((p) => p.fr).join(' ; ')}`,
    );
  }
  return { game: s.game, stakeCents: s.stakeCents, seed, generatorVersion, table: scenarioTable(s) };
}
