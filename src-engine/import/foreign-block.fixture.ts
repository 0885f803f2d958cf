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
