/**
 * Starts a Node worker thread on a module of this folder, whether the command line runs from
 * TypeScript sources (through tsx, whose loader a worker does not inherit on Node 20) or from a
 * bundle.
 */
import { Worker } from 'node:worker_threads';

export function spawnWorker(moduleUrl: URL): Worker {
  if (moduleUrl.pathname.endsWith('.ts')) {
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(moduleUrl);
}
