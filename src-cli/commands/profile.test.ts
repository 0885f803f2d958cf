import { describe, expect, it } from 'vitest';
import { cli } from '../test-support/run-cli';

describe('profile command', () => {
  it('profiles whole blocks of one game and lists its top functions by self time, largest first', async () => {
    const r = await cli('profile', '--game', 'les-3-gongs', '--blocks', '2', '--top', '8', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      game: string;
      blocks: number;
      sampled_ms: number;
      top: { name: string; ms: number; share: number }[];
    }[];
    expect(out.map((g) => [g.game, g.blocks])).toEqual([['les-3-gongs', 2]]);
    const { top, sampled_ms } = out[0]!;
    expect(sampled_ms).toBeGreaterThan(0);
    expect(top).toHaveLength(8);
    expect(top.map((t) => t.ms)).toEqual([...top.map((t) => t.ms)].sort((a, b) => b - a));
    expect(top.reduce((s, t) => s + t.share, 0)).toBeLessThanOrEqual(1 + 1e-9);
    // the engine's own functions are named with their file (V8's native entries have none)
    expect(top.some((t) => /\(\S+\.[jt]s(:\d+)?\)$/.test(t.name))).toBe(true);
  }, 60_000);

  it('refuses an unknown game and an out-of-range count, saying what is expected', async () => {
    const game = await cli('profile', '--game', 'loto');
    expect(game.code).toBe(2);
    expect(game.stderr).toBe('error: --game "loto" is not valid: expected mine-d-or or les-3-gongs\n');
    const blocks = await cli('profile', '--blocks', '0');
    expect(blocks.code).toBe(2);
    expect(blocks.stderr).toBe(
      'error: --blocks "0" is out of range: expected a whole number from 1 to 1000 (digits only)\n',
    );
  }, 60_000);
});
