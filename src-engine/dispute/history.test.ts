import { describe, expect, it } from 'vitest';
import { formatUnitRef } from '../ref/unit-ref';
import { MAX_HISTORY_LINES, readHistory } from './history';

const gong = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 29, generatorVersion: 2 });
const mine = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 3, index: 11, generatorVersion: 2 });

describe("a player's history read line by line", () => {
  it('keeps the given order, opens each unit with its lot, and names a bad line by number', () => {
    const typo = `${gong.slice(0, -1)}${gong.endsWith('0') ? '1' : '0'}`;
    const r = readHistory(`${mine}\n\n${typo}\n${gong.toLowerCase()}\r\n`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.units.map((u) => [u.line, u.ref, u.game, u.stakeCents, u.lotCents])).toEqual([
      [1, mine, 'mine-d-or', 100, 200],
      [4, gong, 'les-3-gongs', 50, 300],
    ]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.line).toBe(3);
    expect(r.problems[0]!.why.en).toMatch(/check/i);
  });

  it('refuses more than the lines or bytes it reads, saying the limit', () => {
    const r = readHistory(`${mine}\n`.repeat(MAX_HISTORY_LINES + 1));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.why.en).toBe(
        `the list has ${MAX_HISTORY_LINES + 1} lines; at most 1000 references, one a line, are read`,
      );
    const big = readHistory('x'.repeat(1024 * 1024 + 1));
    expect(big.ok || big.why.fr).toContain('au plus 1048576 octets');
  });

  it('names a unit listed on several lines, however typed, and every blank line between references', () => {
    const r = readHistory(`${mine}\n\n${gong}\n  \n${mine.toLowerCase()}\n${mine}\n\n`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.units.map((u) => [u.line, u.repeatOf])).toEqual([
      [1, null],
      [3, null],
      [5, 1],
      [6, 1],
    ]);
    expect(r.repeats).toEqual([{ ref: mine, lines: [1, 5, 6], typedOtherwise: [5] }]);
    // lines 2 and 4 are between references; the text's own last line end is no line of the list
    expect(r.blankLines).toEqual([2, 4]);
    const once = readHistory(`${mine}\n${gong}\n`);
    expect(once.ok && [once.repeats, once.blankLines]).toEqual([[], []]);
  });
});
