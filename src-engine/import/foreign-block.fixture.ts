/**
 * Foreign blocks for tests: an export of ours turned into one another maker
 * could have written — the header without our generator or a seed, the units without references —
 * and the same block with winners shifted towards its first half. Used by the engine's, the
 * command line's and the end-to-end tests; never by the application.
 */

/** The JSONL lines of a foreign export made from ours: header game, stake_cents, units and another generator's name. */
export function foreignExportLines(
  lines: readonly string[],
  keepRef: (index: number) => boolean = () => false,
): string[] {
  const h = JSON.parse(lines[0]!) as Record<string, unknown>;
  const head = JSON.stringify({
    game: h.game,
    stake_cents: h.stake_cents,
    units: h.units,
    generator: 'other-maker 3.2',
  });
  return [
    head,
    ...lines.slice(1).map((l, i) => {
      const u = JSON.parse(l) as Record<string, unknown>;
      if (!keepRef(i)) delete u.ref;
      return JSON.stringify(u);
    }),
  ];
}

/**
 * The same units with one winner in `every` of the second half swapped with a loser of the first
 * half (whole lines, so each unit still shows its own lot and the counts still equal the table),
 * then renumbered: winners shifted towards the front. References, if any, are dropped.
 */
export function shiftWinnersTowardsFirstHalf(lines: readonly string[], every: number): string[] {
  const units = lines.slice(1).map((l) => JSON.parse(l) as { index: number; prize_cents: number; ref?: string });
  const half = Math.floor(units.length / 2);
  const losersFront = units.flatMap((u, i) => (i < half && u.prize_cents === 0 ? [i] : []));
  let w = 0;
  let k = 0;
  for (let i = half; i < units.length; i++) {
    if (units[i]!.prize_cents === 0 || w++ % every !== 0) continue;
    // a spread of first-half losers (7919 is prime, so the picks do not repeat before they wrap)
    const j = losersFront[(k++ * 7919) % losersFront.length]!;
    [units[i], units[j]] = [units[j]!, units[i]!];
  }
  return [
    lines[0]!,
    ...units.map((u, i) => {
      const { ref: _ref, index: _index, ...rest } = u;
      return JSON.stringify({ index: i, ...rest });
    }),
  ];
}

/**
 * The same units with the lots of the prize amount nearest 1,000 lots put on an exact grid of
 * step n/k (whole lines swapped, so every count still equals the table), then renumbered: one
 * level spaced too regularly, which no test over all the winners sees. References are dropped.
 */
export function levelOnAGrid(lines: readonly string[]): string[] {
  const units = lines.slice(1).map((l) => JSON.parse(l) as { index: number; prize_cents: number; ref?: string });
  const lots = new Map<number, number>();
  for (const u of units) if (u.prize_cents > 0) lots.set(u.prize_cents, (lots.get(u.prize_cents) ?? 0) + 1);
  const [amount, k] = [...lots].reduce((a, b) => (Math.abs(b[1] - 1_000) < Math.abs(a[1] - 1_000) ? b : a));
  const n = units.length;
  const grid = Array.from({ length: k }, (_, i) => Math.floor(((i + 0.5) * n) / k));
  const onGrid = new Set(grid);
  const away = units.flatMap((u, i) => (u.prize_cents === amount && !onGrid.has(i) ? [i] : []));
  let m = 0;
  for (const g of grid)
    if (units[g]!.prize_cents !== amount) {
      const j = away[m++]!;
      [units[g], units[j]] = [units[j]!, units[g]!];
    }
  return [
    lines[0]!,
    ...units.map((u, i) => {
      const { ref: _ref, index: _index, ...rest } = u;
      return JSON.stringify({ index: i, ...rest });
    }),
  ];
}
