/**
 * The rule that makes a scenario's amounts presentable, for the game shown: M4 (every amount by an
 * allowed set of gains) for Mine d'or, G1 (Bonus amounts in fifths of the stake) for Les 3 Gongs
 * (docs/rules.md). A line about one game's table cites that game's rule, never the other's.
 */
import type { GameId } from '@engine';

export function presentableRule(game: GameId): 'M4' | 'G1' {
  return game === 'mine-d-or' ? 'M4' : 'G1';
}
