/**
 * `--table FILE.json`: a scenario table in the payout explorer's file format, read with its size
 * bounded before anything is parsed, and refused with the explorer's own words.
 */
import { MAX_SCENARIO_BYTES, fileTooLarge, parseScenarioJson } from '@engine';
import type { Scenario } from '@engine';
import { readBoundedFile } from './bounded-file';
import { UsageError } from './errors';

/** Reads and checks a scenario file; any problem is one {@link UsageError} naming every problem once. */
export async function readScenarioFile(path: string): Promise<Scenario> {
  const text = await readBoundedFile('table', path, MAX_SCENARIO_BYTES, (size) => fileTooLarge(size).message);
  const r = parseScenarioJson(text);
  if (!r.ok) {
    throw new UsageError(
      `--table "${path}" is refused: ${r.problems.map((p) => p.message).join('; ')}`,
      `--table "${path}" est refusé : ${r.problems.map((p) => p.fr).join(' ; ')}`,
    );
  }
  return r.scenario;
}
