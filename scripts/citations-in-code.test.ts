/**
 * Every citation written anywhere in the code, comments and interface texts included, names an
 * article the official documents have and a decision the product has, stated in `docs/rules.md`.
 * The citations are read by the same function the screens use, so what this test accepts is what a
 * user can open.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../src-engine/rules/types';
import { articlePassages, articleRangePassages, ruleDocument } from '../src-engine/rules/articles/articles';
import { findCitations } from '../src-engine/rules/articles/citations';
import { ruleDecisions } from '../src-engine/rules/articles/decisions';

const ROOTS = ['src-engine', 'src-cli', 'src-main', 'src-renderer', 'scripts', 'e2e'];
const EXT = /\.(ts|vue|mjs|json|py|c)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : EXT.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Each cited item as written, with the file and line it is on. */
function citedItems(): { where: string; item: ReturnType<typeof findCitations>[number]['items'][number] }[] {
  const out: { where: string; item: ReturnType<typeof findCitations>[number]['items'][number] }[] = [];
  for (const file of ROOTS.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    for (const c of findCitations(text)) {
      const line = text.slice(0, c.start).split('\n').length;
      for (const item of c.items) out.push({ where: `${file}:${line} « ${c.text} »`, item });
    }
  }
  return out;
}

const articleExists = (from: string, to: string): boolean =>
  GAME_IDS.some((g) => {
    const doc = ruleDocument(g);
    return from === to ? articlePassages(doc, from).length > 0 : articleRangePassages(doc, from, to).length > 0;
  });

describe('citations in the code', () => {
  const items = citedItems();

  it('are many (the scan reads the sources)', () => {
    expect(items.filter((x) => x.item.kind === 'article').length).toBeGreaterThan(300);
    expect(items.filter((x) => x.item.kind === 'decision').length).toBeGreaterThan(500);
  });

  it('name articles that one of the two official documents has', () => {
    const missing = items
      .filter((x) => x.item.kind === 'article' && !articleExists(x.item.from, x.item.to))
      .map((x) => x.where);
    expect(missing).toEqual([]);
  });

  it('name decisions the product has, each stated in docs/rules.md', () => {
    const rulesMd = readFileSync('docs/rules.md', 'utf8');
    const known = new Set(ruleDecisions().map((d) => d.code));
    const cited = new Set(items.flatMap((x) => (x.item.kind === 'decision' ? [x.item.code] : [])));
    expect([...cited].filter((c) => !known.has(c))).toEqual([]);
    for (const code of [...cited, ...known]) expect(rulesMd, code).toMatch(new RegExp(`^#+ ${code}\\b`, 'm'));
  });

  it('every decision of the data is in docs/rules.md and every decision heading there is in the data', () => {
    const rulesMd = readFileSync('docs/rules.md', 'utf8');
    const headed = [...rulesMd.matchAll(/^#+ ([MGR][1-9])\b/gm)].map((m) => m[1]);
    expect(headed.sort()).toEqual(
      ruleDecisions()
        .map((d) => d.code)
        .sort(),
    );
  });
});
