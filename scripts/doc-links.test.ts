/**
 * Every relative link of `README.md` and `docs/**.md` resolves to a file or folder of the
 * repository, so the documentation reads whole in a fresh clone (no link into a folder beside it).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function markdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

const FILES = ['README.md', ...markdown('docs')];

/** The targets of `[text](target)` links and `<a href>`s, outside code spans and fences. */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, (m) => (m.includes('](') ? m : ''));
  const out: string[] = [];
  for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push(m[1]!);
  for (const m of prose.matchAll(/href="([^"]+)"/g)) out.push(m[1]!);
  return out;
}

const external = (t: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('#');

describe('documentation links', () => {
  it('reads README.md and the docs', () => {
    expect(FILES).toContain('docs/rules.md');
  });

  it.each(FILES)('every relative link of %s resolves inside the repository', (file) => {
    const broken: string[] = [];
    for (const target of links(readFileSync(file, 'utf8')).filter((t) => !external(t))) {
      const path = normalize(join(dirname(file), decodeURI(target.split('#')[0]!)));
      if (relative('.', path).startsWith('..') || !existsSync(path)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });
});
