/**
 * A scenario as a file: written as tagged JSON, and read back one way only — malformed JSON,
 * another format, a file over its bound or a scenario with any problem is refused, each problem named.
 */
import { z } from 'zod';
import { parseJsonText } from '../import/json-text';
import { frInt } from '../i18n/localized-text';
import { MAX_SCENARIO_BYTES, SCENARIO_FORMAT, scenarioSchema } from './scenario';
import type { Scenario, ScenarioProblem } from './scenario';
import { validateScenario } from './scenario-validation';

const fileSchema = z.object({ format: z.literal(SCENARIO_FORMAT), scenario: z.unknown() });

/** A scenario as the text of a file (JSON, format tagged, pretty-printed). */
export function scenarioToJson(s: Scenario): string {
  return `${JSON.stringify({ format: SCENARIO_FORMAT, scenario: s }, null, 2)}\n`;
}

/** The problem of a scenario file over {@link MAX_SCENARIO_BYTES} (`size` in bytes, or characters of its text). */
export function fileTooLarge(size: number): ScenarioProblem {
  return {
    code: 'file-too-large',
    level: -1,
    params: { size, max: MAX_SCENARIO_BYTES },
    message: `the file holds ${size} bytes: a scenario file holds at most ${MAX_SCENARIO_BYTES} bytes`,
    fr: `le fichier fait ${frInt(size)} octets : un fichier de scénario fait au plus ${frInt(MAX_SCENARIO_BYTES)} octets`,
  };
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; problems: ScenarioProblem[] };

/** Reads a scenario file: refuses malformed JSON, another format, or a scenario with any problem. */
export function parseScenarioJson(text: string): ParseResult {
  // Bounded before anything is parsed: UTF-16 length ≤ UTF-8 bytes, so this never refuses a legal file.
  const json = parseJsonText(text, MAX_SCENARIO_BYTES);
  if (!json.ok && json.tooLarge) return { ok: false, problems: [fileTooLarge(text.length)] };
  if (!json.ok) {
    const detail = json.notJson;
    return {
      ok: false,
      problems: [
        {
          code: 'shape',
          level: -1,
          params: { path: '(file)', detail },
          message: `not JSON read one way only: ${detail}`,
          fr: `ce n'est pas du JSON à une seule lecture : ${json.notJsonFr}`,
        },
      ],
    };
  }
  const raw = json.value;
  const f = fileSchema.safeParse(raw);
  if (!f.success) {
    return {
      ok: false,
      problems: [
        {
          code: 'shape',
          level: -1,
          params: { path: 'format', detail: `expected "${SCENARIO_FORMAT}"` },
          message: `not an Instant Lab scenario file: "format" must be "${SCENARIO_FORMAT}"`,
          fr: `ce n'est pas un fichier de scénario Instant Lab : "format" doit valoir "${SCENARIO_FORMAT}"`,
        },
      ],
    };
  }
  const problems = validateScenario(f.data.scenario);
  if (problems.length > 0) return { ok: false, problems };
  const s = scenarioSchema.parse(f.data.scenario) as Scenario;
  return { ok: true, scenario: s };
}
