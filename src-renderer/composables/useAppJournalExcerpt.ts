/**
 * The app journal's entries on some blocks, as a bundle or a dispute case made on screen holds
 * them: the journal read with its checkpoint signed now by the app's key (by the platform, the
 * private key never here), then, in a worker, the excerpt with each entry's inclusion proof.
 */
import type { JournalBlocks } from '@engine';
import { getBridge } from '../bridge';
import { enginePool } from '../workers/engine-pool';

export async function appJournalExcerpt(blocks: JournalBlocks, signal?: AbortSignal): Promise<string> {
  const journal = await getBridge().journalCheckpoint();
  // a plain copy: the blocks may come from a store, whose reactive arrays a worker message cannot carry
  const plain = { game: blocks.game, stakeCents: blocks.stakeCents, seeds: [...blocks.seeds] };
  return enginePool().run(
    'provedExcerpt',
    { text: journal.text, blocks: plain, checkpoint: journal.checkpoint },
    undefined,
    signal,
  );
}
