/**
 * History lines that would read the same (same game, stake, seed, blocks, same minute) are told
 * apart: their time is given to the second, and lines still alike are numbered in the order shown,
 * so that « Rouvrir » never offers two lines a user cannot tell apart.
 */

/** A line's text parts: what was run, and when (to the minute and to the second). */
export interface LineText {
  readonly name: string;
  readonly minute: string;
  readonly second: string;
}

/** The date each line shows: the minute, or the second (and a number) where lines would repeat. */
export function distinctDates(lines: readonly LineText[]): string[] {
  const count = (key: (l: LineText) => string) => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(key(l), (m.get(key(l)) ?? 0) + 1);
    return m;
  };
  const byMinute = count((l) => `${l.name}\u0000${l.minute}`);
  const bySecond = count((l) => `${l.name}\u0000${l.second}`);
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (byMinute.get(`${l.name}\u0000${l.minute}`) === 1) return l.minute;
    const k = `${l.name}\u0000${l.second}`;
    if (bySecond.get(k) === 1) return l.second;
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return `${l.second} (${n})`;
  });
}
