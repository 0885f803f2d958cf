/**
 * A dedicated Web Worker that runs engine jobs off the UI thread, the same in the desktop app and
 * in the browser build: the shared job protocol's server with every handler.
 */
import { serveJobs } from '@shared/jobs/serve';
import { handlers } from './handlers';

const onRequest = serveJobs(handlers, (message, transfer) => self.postMessage(message, { transfer }));
self.onmessage = (e: MessageEvent<unknown>) => onRequest(e.data);
