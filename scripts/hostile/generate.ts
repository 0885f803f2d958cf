/**
 * Writes every class's hostile files into a folder, for probing by hand:
 * `node --import tsx scripts/hostile/generate.ts DIR` (the tests generate them in a temporary folder).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HostileClass } from './case';

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: node --import tsx scripts/hostile/generate.ts DIR\n');
  process.exit(2);
}
for (const f of readdirSync(import.meta.dirname).filter((n) => n.endsWith('.cases.ts'))) {
  const { hostile } = (await import(pathToFileURL(join(import.meta.dirname, f)).href)) as { hostile: HostileClass };
  const into = join(dir, hostile.name);
  mkdirSync(into, { recursive: true });
  await hostile.generate?.(into);
  process.stdout.write(`${hostile.name}: ${readdirSync(into).length} files in ${into}\n`);
}
