/** Worker handlers (explorer): one chunk of players' sessions, and the summary of their merged tallies. */
import { simulateSessions, summariseSessions } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const sessions: Handler<'sessions'> = (input, progress) =>
  simulateSessions(input.params, input.from, input.to, progress);

export const sessionSummary: Handler<'sessionSummary'> = (input) =>
  summariseSessions(input.params, input.table, input.tally);
