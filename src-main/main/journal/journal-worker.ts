/**
 * The desktop main process's journal worker thread: hashes a whole journal (its chain's tip, its
 * Merkle tree) through the one job protocol (`@shared/jobs/serve`), so that main's event loop, which
 * answers every window's calls, never spends seconds on SHA-256 over a large journal.
 */
import { parentPort } from 'node:worker_threads';
import { serveJobs } from '@shared/jobs/serve';
import { journalHeadHandler, journalTipHandler } from '@shared/journal/hash-handlers';

const port = parentPort;
if (!port) throw new Error('journal-worker must run in a worker thread');
port.on(
  'message',
  serveJobs({ journalHead: journalHeadHandler, journalTip: journalTipHandler }, (message, transfer) =>
    port.postMessage(message, transfer),
  ),
);
