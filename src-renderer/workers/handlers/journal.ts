/** The compliance journal checked off the UI thread: a journal of many entries hashes for a while. */
import { verifyJournal } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const verifyJournalHandler: Handler<'verifyJournal'> = async (input) => verifyJournal(input.text);
