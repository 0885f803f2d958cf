/**
 * The command line as the binary runs it, for the tests whose subject is a real process (signals,
 * exit codes, pipes, memory): the bundle `scripts/cli.mjs` makes, rebuilt by Vitest's global setup
 * when a source is newer. A process started from it is ready in a fraction of the time the
 * TypeScript sources take through tsx.
 */
import { join } from 'node:path';

export const CLI_BUNDLE = join(import.meta.dirname, '..', '..', 'out', 'cli', 'main.js');
