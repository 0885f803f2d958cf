/** Where `npm run bench:ui` builds, serves and measures the browser build. */
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PORT = 4599;
export const BASE = `http://127.0.0.1:${PORT}`;
export const OUT_DIR = '.e2e-web/bench';
/** A task longer than this blocks the UI thread (ms). */
export const LONG_MS = 50;
/** The simulation screen's own measure of Run → charts drawn. */
export const MEASURE = 'simulation:run-to-charts';
/** Its measure of Run → every block computed, before any drawing. */
export const COMPUTE_MEASURE = 'simulation:run-compute';
