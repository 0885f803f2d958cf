/** Worker handler (explorer): one chunk of players' sessions, returned as mergeable tallies. */
import { simulateSessions } from '../../../src-engine/index';
import type { Handler } from '../jobs';

export const sessions: Handler<'sessions'> = (input, progress) =>
  simulateSessions(input.params, input.from, input.to, progress);
