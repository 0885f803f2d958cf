import { describe, expect, it } from 'vitest';
import { MESSAGE_PARTS } from './index';

type Tree = { readonly [k: string]: string | Tree };

/** Every message of a tree: its dotted key and its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (text: string): string[] => [...new Set(text.match(/\{[a-zA-Z_]\w*\}/g) ?? [])].sort();

describe('French and English messages', () => {
  const fr = new Map<string, string>();
  const en = new Map<string, string>();
  for (const part of MESSAGE_PARTS) {
    for (const [k, v] of flatten(part.fr as Tree)) {
      expect(fr.has(k), `key ${k} is defined by two screens`).toBe(false);
      fr.set(k, v);
    }
    for (const [k, v] of flatten(part.en as Tree)) en.set(k, v);
  }

  it('have the same keys', () => {
    expect([...en.keys()].filter((k) => !fr.has(k))).toEqual([]);
    expect([...fr.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it('use the same placeholders and the same number of plural forms', () => {
    const differ = [...fr.keys()].filter(
      (k) =>
        placeholders(fr.get(k)!).join() !== placeholders(en.get(k) ?? '').join() ||
        fr.get(k)!.split(' | ').length !== (en.get(k) ?? '').split(' | ').length,
    );
    expect(differ).toEqual([]);
  });

  it('follow each language: no space before a colon in English, « € » amounts not written by hand', () => {
    const englishColon = [...en].filter(([, v]) => / :(\s|$)/.test(v)).map(([k]) => k);
    expect(englishColon).toEqual([]);
    const handAmounts = [...fr, ...en].filter(([, v]) => /\d[\d\s\u202f]*,\d\d\s?€/.test(v)).map(([k]) => k);
    expect(handAmounts).toEqual([]);
  });

  it('say a count with its plural forms (« 1 ligne | 2 lignes »), never « ligne(s) »', () => {
    expect([...fr, ...en].filter(([, v]) => /\w\(s\)/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('name the hit rate one way on every screen: « Taux de gain » / « Hit rate »', () => {
    expect([...fr].filter(([, v]) => /fréquence de gain/i.test(v)).map(([k]) => k)).toEqual([]);
    expect(fr.get('simulation.official.hitRate')).toBe('Taux de gain');
    expect(fr.get('explorer.hit')).toBe('Taux de gain');
    expect(en.get('simulation.official.hitRate')).toBe(en.get('explorer.hit'));
    // « 1 sur n » comes from one formatter (formatOneIn), never from a message with its own digits
    expect([...fr, ...en].filter(([, v]) => /1 (sur|in) \{/.test(v)).map(([k]) => k)).toEqual([]);
  });
});
