/**
 * Every unit reference the product shows a person — the replay field's hint and placeholder, the
 * README, the engine's error messages — is one the product itself formats from a real unit, and
 * opens (R3): a tester's first try never fails on an example.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_UNIT_REF,
  InputError,
  blockOfRef,
  decode32,
  formatUnitRef,
  openUnit,
  parseBlockNumber,
  parseUnitRef,
  reasonUnit,
} from '@engine';
import { MESSAGE_PARTS } from '../src-renderer/i18n/index';

const ROOT = join(import.meta.dirname, '..');
/** Anything shaped like a reference (R3), valid or not. */
const REF_SHAPE = /\b(?:MINE|GONG)-\d{3}-[0-9A-Z]{7}-[0-9A-Z]{4}-V\d+S?-[0-9A-Z]{2}\b/g;

/** Source and documentation files a person reads texts from (tests excluded: they type bad references on purpose). */
function shownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|vue|md)$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Opens a reference as the replay does: parsed, then the unit from (block, index) alone (R2). */
function opens(ref: string): boolean {
  const r = parseUnitRef(ref);
  return openUnit(blockOfRef(r), r.index).agrees;
}

describe('the example reference', () => {
  it('is formatted from a real unit, opens, and is the unit its description names', () => {
    const r = parseUnitRef(EXAMPLE_UNIT_REF);
    expect(formatUnitRef(r)).toBe(EXAMPLE_UNIT_REF);
    expect(r).toMatchObject({ game: 'mine-d-or', stakeCents: 100, seed: decode32('3KX9P2A'), index: 32228 });
    const u = openUnit(blockOfRef(r), r.index);
    expect(u.agrees).toBe(true);
    // a 2 € lot with one Extra stage, and nuggets over two grids that pay nothing (art. 4.4, 4.6)
    expect(u.assignedCents).toBe(200);
    expect(u.view.game === 'mine-d-or' && u.view.extras.length).toBe(1);
    expect(reasonUnit(u).acrossGrids.map((s) => s.symbol)).toContain('nugget');
  });

  it('is the one the engine’s refusals recommend, and that one opens', () => {
    let message: { en: string; fr: string } | null = null;
    try {
      parseUnitRef('MINE-100-0000C1S');
    } catch (e) {
      if (e instanceof InputError) message = { en: e.message, fr: e.text.fr };
    }
    expect(message).not.toBeNull();
    for (const text of [message!.en, message!.fr]) {
      const refs = text.match(REF_SHAPE) ?? [];
      expect(refs).toEqual([EXAMPLE_UNIT_REF]);
    }
    // the block browser's examples are that reference's seed and index
    expect(() => parseBlockNumber('', 'seed')).toThrow(/e\.g\. 3KX9P2A;/);
  });

  it('every reference shown on screen (both languages), in the README, the docs and the sources opens', () => {
    const texts: [string, string][] = [];
    for (const part of MESSAGE_PARTS) texts.push(['messages', JSON.stringify(part)]);
    for (const f of [
      join(ROOT, 'README.md'),
      ...['docs', 'src-engine', 'src-renderer', 'src-cli', 'src-main'].flatMap(shownFiles),
    ])
      texts.push([f, readFileSync(f, 'utf8')]);
    const found = texts.flatMap(([where, text]) => (text.match(REF_SHAPE) ?? []).map((ref) => ({ where, ref })));
    // the hint (French and English), the README and the documentation comments at least
    expect(found.filter((x) => x.where === 'messages').length).toBeGreaterThanOrEqual(6);
    expect(found.some((x) => x.where.endsWith('README.md'))).toBe(true);
    const refused = found.filter((x) => {
      try {
        return !opens(x.ref);
      } catch {
        return true;
      }
    });
    expect(refused).toEqual([]);
  });
});
