/**
 * The documentation shows only pictures its flows make (`npm run docs:screenshots`): every image a
 * page of README.md or docs/ names under docs/images/ is one of `DOC_PICTURES` in the page's
 * language, and every declared picture is made by a flow of `e2e/docs-screenshots.spec.ts` and
 * committed, in both languages, at 1280×720. A guide can then never show a screen no flow reaches,
 * and each of its tasks shows one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_LANGS, DOC_PICTURES, pictureFile } from '../e2e/docs-pictures';
import type { DocPicture } from '../e2e/docs-pictures';

const ROOT = join(import.meta.dirname, '..');

function markdown(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

const PAGES = ['README.md', ...markdown('docs')];
const NAMES = Object.keys(DOC_PICTURES) as DocPicture[];

/** The repository paths of the images a page shows (`![alt](path)` and `<img src>`), outside code. */
function images(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...text.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!),
  ];
  return targets.map((t) => normalize(join(dirname(page), decodeURI(t))));
}

/** The width and height a PNG's header declares. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('documentation pictures', () => {
  const shown = PAGES.flatMap((page) => images(page).map((path) => ({ page, path })));

  it('finds the pictures of the README and of every guide, in both languages', () => {
    expect(shown.some((s) => s.page === 'README.md')).toBe(true);
    for (const lang of DOC_LANGS) expect(shown.some((s) => s.page.startsWith(`docs/guides/${lang}/`))).toBe(true);
  });

  it('every picture a page shows under docs/images/ is a declared one, in the guide’s language', () => {
    const declared = new Set(DOC_LANGS.flatMap((lang) => NAMES.map((name) => pictureFile(lang, name))));
    const wrong = shown.filter(({ page, path }) => {
      if (!path.startsWith('docs/images/')) return false;
      if (!declared.has(path)) return true;
      const lang = /^docs\/guides\/(fr|en)\//.exec(page)?.[1];
      return lang !== undefined && !path.startsWith(`docs/images/${lang}/`);
    });
    expect(wrong).toEqual([]);
  });

  it('every task of every guide (each ## heading) shows a picture, in both languages', () => {
    const guides = PAGES.filter((page) => /^docs\/guides\/(fr|en)\//.test(page));
    expect(guides).toHaveLength(6);
    const bare = guides.flatMap((page) =>
      readFileSync(join(ROOT, page), 'utf8')
        .split(/^## /m)
        .slice(1)
        .filter((task) => !/!\[[^\]]+\]\([^)\s]+\.png\)/.test(task))
        .map((task) => `${page}: ${task.split('\n')[0]!}`),
    );
    expect(bare).toEqual([]);
  });

  it('every picture a page shows lies under docs/images/ (the only pictures a flow makes)', () => {
    expect(
      shown.filter(({ path }) => !path.startsWith('docs/images/') || relative('.', path).startsWith('..')),
    ).toEqual([]);
  });

  it('every declared picture is taken by a flow of e2e/docs-screenshots.spec.ts', () => {
    const spec = readFileSync(join(ROOT, 'e2e/docs-screenshots.spec.ts'), 'utf8');
    const taken = new Set([...spec.matchAll(/picture\([a-z]+, lang, '([a-z-]+)'/g)].map((m) => m[1]));
    expect(NAMES.filter((name) => !taken.has(name))).toEqual([]);
  });

  it('every declared picture is committed in both languages at 1280×720, and nothing else is', () => {
    const committed = execFileSync('git', ['ls-files', 'docs/images'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .sort();
    const expected = DOC_LANGS.flatMap((lang) => NAMES.map((name) => pictureFile(lang, name))).sort();
    expect(committed).toEqual(expected);
    for (const file of expected)
      expect(pngSize(readFileSync(join(ROOT, file))), file).toEqual({ width: 1280, height: 720 });
  });
});
