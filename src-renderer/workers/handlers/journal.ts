/** The compliance journal checked off the UI thread: a journal of many entries hashes for a while. */
import { verifyJournal } from '../../../src-engine/index';
import type { Handler } from '../../../src-shared/jobs/protocol';

export const verifyJournalHandler: Handler<'verifyJournal'> = async (input) => verifyJournal(input.text);
