/** The command line's reference page says what the commands say: regenerated, it is unchanged. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliReference } from './cli-reference';
import { COMMANDS } from './cli';
import { cli } from './test-support/run-cli';

const page = readFileSync(join(import.meta.dirname, '..', 'docs', 'cli.md'), 'utf8');

describe('docs/cli.md', () => {
  it('is what `npm run docs:cli` makes from the commands today (run it after changing a help text)', () => {
    expect(page).toBe(cliReference());
  });

  it('holds, for every command, exactly what its --help prints', async () => {
    for (const name of Object.keys(COMMANDS)) {
      const r = await cli(name, '--help');
      expect(r.code, name).toBe(0);
      expect(page, name).toContain(`## ${name}\n\n\`\`\`text\n${r.stdout}\`\`\`\n`);
    }
  });

  it('holds what --version prints: the version and every generator this build reproduces', async () => {
    const r = await cli('--version');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^instant-lab \d+\.\d+\.\d+\ngenerators reproduced: instant-lab-gen\/1, instant-lab-gen\/2 \(new blocks: instant-lab-gen\/\d+\)\n$/,
    );
    expect(page).toContain(r.stdout);
  });
});
