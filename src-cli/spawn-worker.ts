/**
 * Starts a Node worker thread on a module of this folder, whether the command line runs from
 * TypeScript sources (through tsx, whose loader a worker does not inherit on Node 20) or from a
 * bundle.
 */
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The environment variable naming a folder of bundled workers (`range-worker.js`, …) to start in
 * place of their TypeScript sources: the unit tests set it to a bundle made once per run, since a
 * worker loading the engine through tsx takes seconds to start.
 */
export const WORKER_BUNDLE_ENV = 'INSTANT_LAB_WORKER_BUNDLE';

export function spawnWorker(moduleUrl: URL): Worker {
  if (moduleUrl.pathname.endsWith('.ts')) {
    const bundled = process.env[WORKER_BUNDLE_ENV];
    if (bundled) return new Worker(pathToFileURL(join(bundled, `${basename(moduleUrl.pathname, '.ts')}.js`)));
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(moduleUrl.href)}); })`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(moduleUrl);
}
