/** Writes docs/cli.md from the commands' own help (`npm run docs:cli`), atomically. */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliReference } from '../src-cli/cli-reference';

const target = join(import.meta.dirname, '..', 'docs', 'cli.md');
writeFileSync(`${target}.tmp`, cliReference());
renameSync(`${target}.tmp`, target);
process.stdout.write(`${target} written\n`);
