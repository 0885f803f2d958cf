/**
 * `npm run optimise` when HiGHS errs on every settings tried: one line in words, exit code 3 (not
 * the 1 of « no table »: nothing is known of whether a table exists), no stack trace, nothing written.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { highsSolver } from '@engine';
import { EXIT_NO_TABLE, EXIT_UNSOLVED, optimiseCommand } from './optimise';

vi.mock('../highs-node', () => ({
  nodeSolver: () =>
    Promise.resolve(
      highsSolver({
        solve: () => {
          throw new Error('Unable to solve the problem. HiGHS error -1');
        },
      }),
    ),
}));

const dir = mkdtempSync(join(tmpdir(), 'instant-lab-optimise-unsolved-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('optimise with a solver that errs', () => {
  it('says so in one line, exit 3, nothing written', async () => {
    const err: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
    const out = join(dir, 'x.json');
    const code = await optimiseCommand(['--game', 'mine-d-or', '--stake', '1', '--rtp', '0.70', '--out', out]);
    expect(code).toBe(EXIT_UNSOLVED);
    expect(EXIT_UNSOLVED).not.toBe(EXIT_NO_TABLE);
    const text = err.join('');
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toMatch(
      /^error: the solver gave no answer the engine can stand by, with 3 different settings \(rtp: HiGHS: Unable to solve the problem\. HiGHS error -1;/,
    );
    expect(text).toMatch(/this says nothing of whether a table exists; .* \(nothing was written\)\n$/);
    expect(text).not.toMatch(/\bat .*:\d+:\d+/);
    expect(existsSync(out)).toBe(false);
  });
});
