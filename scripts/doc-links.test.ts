/**
 * Every relative link of `README.md` and `docs/**.md` resolves to a file or folder of the
 * repository, so the documentation reads whole in a fresh clone (no link into a folder beside it),
 * and every `#anchor` into a Markdown page names one of its headings.
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

/**
 * The anchors of a page's headings as GitHub makes them: lower case, punctuation dropped (letters,
 * digits, spaces, `-` and `_` kept), spaces as `-`, a repeated heading suffixed `-1`, `-2`…
 */
function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

const external = (t: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(t);

describe('documentation links', () => {
  it('reads README.md and the docs', () => {
    expect(FILES).toContain('docs/rules.md');
  });

  it('makes anchors as GitHub does', () => {
    expect([...headingAnchors('# What each command does\n## `--version`\n## Set up, run, test\n## A\n## A\n')]).toEqual(
      ['what-each-command-does', '--version', 'set-up-run-test', 'a', 'a-1'],
    );
  });

  it.each(FILES)('every relative link of %s resolves inside the repository, anchors included', (file) => {
    const broken: string[] = [];
    for (const target of links(readFileSync(file, 'utf8')).filter((t) => !external(t))) {
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const path = pathPart === '' ? file : normalize(join(dirname(file), decodeURI(pathPart)));
      if (relative('.', path).startsWith('..') || !existsSync(path)) {
        broken.push(target);
        continue;
      }
      if (anchor && path.endsWith('.md') && !headingAnchors(readFileSync(path, 'utf8')).has(decodeURI(anchor)))
        broken.push(target);
    }
    expect(broken).toEqual([]);
  });
});
