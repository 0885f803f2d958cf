/**
 * Worker handler: reads a scenario file off the page's thread. Its size is bounded
 * before anything is parsed (`parseScenarioJson`), so even a huge file is refused at once.
 */
import { parseScenarioJson } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const parseScenario: Handler<'parseScenario'> = (input) => parseScenarioJson(input.text);
