/**
 * The app journal's entries on some blocks, as a bundle or a dispute case made on screen holds
 * them: the journal read with its checkpoint signed now by the app's key (by the platform, the
 * private key never here), checked in a worker, then the excerpt with each entry's inclusion proof.
 */
import { getBridge } from '../bridge';
import { provedExcerpt } from '../domain/journal/proved-excerpt';
import { enginePool } from '../workers/engine-pool';

type Blocks = Parameters<typeof provedExcerpt>[1];

export async function appJournalExcerpt(blocks: Blocks, signal?: AbortSignal): Promise<string> {
  const journal = await getBridge().journalCheckpoint();
  const checked = await enginePool().run('verifyJournal', { text: journal.text }, undefined, signal);
  return provedExcerpt(checked.rows, blocks, journal.checkpoint);
}
