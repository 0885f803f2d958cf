import { describe, expect, it } from 'vitest';
import { formatUnitRef, mergeBlock, officialBlock, officialTable, openUnit, runRange, tableDigest } from '@engine';
import { cli } from './test-support/run-cli';

const sortedKeys = (o: object): string[] => Object.keys(o).sort();

describe('simulate --json (documented shape, R1)', () => {
  // golden: the JSON names the official table and counts each level against it (key "official"); its
  // cost is the two runs' worker threads starting, not the blocks (a Les 3 Gongs block is ~30 ms a job)
  it('has exactly the documented keys, and the same digest with 1 or 2 workers (R1)', async () => {
    const [one, two] = await Promise.all([
      cli(
        'simulate',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '7',
        '--blocks',
        '2',
        '--workers',
        '1',
        '--json',
      ),
      cli(
        'simulate',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '7',
        '--blocks',
        '2',
        '--workers',
        '2',
        '--json',
      ),
    ]);
    for (const r of [one, two]) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
    }
    const a = JSON.parse(one.stdout) as Record<string, unknown> & { blocks: Record<string, unknown>[] };
    const b = JSON.parse(two.stdout) as typeof a;
    expect(sortedKeys(a)).toEqual(['blocks', 'game', 'generator', 'stake_cents', 'table']);
    expect(a).toMatchObject({ game: 'les-3-gongs', stake_cents: 50, generator: 'instant-lab-gen/2' });
    // the table the blocks hold, named: the official one, with its digest
    const t = officialTable('les-3-gongs', 50);
    expect(a.table).toEqual({ kind: 'official', name: t.source, sha256: tableDigest(t) });
    expect(a.blocks).toHaveLength(2);
    for (const blk of a.blocks) {
      expect(sortedKeys(blk)).toEqual(['audit', 'digest', 'levels', 'losing', 'paid_cents', 'rtp', 'seed', 'units']);
      expect(sortedKeys(blk.audit as object)).toEqual(['mismatches', 'ok']);
      expect(blk.audit).toEqual({ ok: true, mismatches: 0 });
      const levels = blk.levels as Record<string, number>[];
      expect(levels).toHaveLength(9);
      for (const l of levels) {
        expect(sortedKeys(l)).toEqual(['official', 'prize_cents', 'simulated']);
        expect(l.simulated).toBe(l.official);
      }
      expect(blk).toMatchObject({ units: 300_000, losing: 300_000 - 81_597, paid_cents: 10_499_000 });
      expect(blk.rtp).toBe(10_499_000 / (300_000 * 50));
      expect(blk.digest).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(a.blocks.map((x) => x.seed)).toEqual([7, 8]);
    expect(b).toEqual(a); // R1: any number of worker threads, the same bytes
    expect(a.blocks[0]!.digest).not.toBe(a.blocks[1]!.digest);

    // R1: the command line's digest is the engine's, computed here in one range
    const spec = officialBlock('les-3-gongs', 50, 7);
    expect(a.blocks[0]!.digest).toBe(mergeBlock(spec, [await runRange(spec, 0, 300_000)]).digest);
  });

  // golden: R1 on a real Mine d'or block, the biggest block a worker count has to split
  it('R1: a Mine d’or block has the same digest with 1 and 2 workers', async () => {
    const args = ['simulate', '--game', 'mine-d-or', '--stake', '2', '--seed', '4294967295', '--json'];
    const [one, two] = await Promise.all([cli(...args, '--workers', '1'), cli(...args, '--workers', '2')]);
    const a = JSON.parse(one.stdout) as { blocks: { digest: string; audit: { ok: boolean } }[] };
    const b = JSON.parse(two.stdout) as typeof a;
    expect(a.blocks[0]!.audit.ok).toBe(true);
    expect(b.blocks[0]!.digest).toBe(a.blocks[0]!.digest);
  });
});

describe.concurrent('replay REF --json (R2, R3)', () => {
  it.for([
    ['mine-d-or', 100, 3, 11],
    ['mine-d-or', 50, 0, 999_999],
    ['les-3-gongs', 200, 4294967295, 0],
    ['les-3-gongs', 50, 7, 299_999],
  ] as const)(
    'R2: %s at %i cents, seed %i, index %i agrees with openUnit',
    async ([game, stake, seed, index], { expect }) => {
      const ref = formatUnitRef({ game, stakeCents: stake, seed, index, generatorVersion: 1 });
      const r = await cli('replay', ref.toLowerCase(), '--json');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout) as Record<string, unknown>;
      const u = openUnit(officialBlock(game, stake, seed, 1), index);
      expect(j).toMatchObject({
        ref,
        game,
        stake_cents: stake,
        seed,
        index,
        generator: 'instant-lab-gen/1',
        assigned_cents: u.assignedCents,
        lot_cents: u.explanation.lotCents,
        lot_article: u.explanation.article,
        evaluator: { valid: true, error: null, agrees: true },
      });
      if (u.view.game === 'mine-d-or') expect(j).toMatchObject({ main: u.view.main, extras: u.view.extras });
      else expect(j).toMatchObject({ gongs: u.view.gongs, bonus_cents: u.view.bonusCents });
      const gains = j.gains as { amount_cents: number; symbol: string; grid: number }[];
      expect(gains.map((g) => [g.grid, g.symbol, g.amount_cents])).toEqual(
        u.explanation.gains.map((g) => [g.grid, g.symbol, g.amountCents]),
      );
      expect(j.rules_document).toMatch(
        game === 'mine-d-or' ? /Mine d'or.*Paris, 2011-10-04/ : /Les 3 Gongs.*2010-02-03/,
      );
    },
  );
});

describe.concurrent(
  'bad input: exit code 2, exactly one line on stderr starting with "error: ", no stack trace',
  () => {
    const good = formatUnitRef({ game: 'mine-d-or', stakeCents: 100, seed: 3, index: 11, generatorVersion: 1 });
    const typo = good.slice(0, 10) + (good[10] === 'X' ? 'Y' : 'X') + good.slice(11);
    it.for([
      ['a mistyped reference (R3)', ['replay', typo], /check characters/],
      ['a reference with 5 parts', ['replay', 'MINE-100-0000003-000B-V1'], /6 parts/],
      [
        'an unknown game',
        ['simulate', '--game', 'loto', '--stake', '1'],
        /--game "loto" is not valid: expected mine-d-or or les-3-gongs/,
      ],
      [
        'a bad stake',
        ['simulate', '--game', 'mine-d-or', '--stake', '0.75'],
        /unknown stake "0.75": expected 0.5, 1 or 2/,
      ],
      [
        'a seed out of range',
        ['simulate', '--game', 'mine-d-or', '--stake', '1', '--seed', '4294967296'],
        /seed 4294967296 is out of range/,
      ],
      [
        'a negative seed',
        ['export', '--game', 'mine-d-or', '--stake', '1', '--seed=-1', '--out', 'x.jsonl'],
        /seed "-1" is not a whole number/,
      ],
      [
        'an unknown option',
        ['simulate', '--game', 'mine-d-or', '--stake', '1', '--bogus'],
        /unknown option '--bogus': simulate takes --game, --stake, /,
      ],
      ['a missing --game', ['simulate', '--stake', '1'], /--game or --table is required/],
      ['a missing --stake', ['simulate', '--game', 'mine-d-or'], /--stake is required/],
      ['a missing --out', ['export', '--game', 'mine-d-or', '--stake', '1', '--seed', '1'], /--out is required/],
      ['a missing reference', ['replay'], /expected one unit reference/],
      [
        'bad --workers',
        ['simulate', '--game', 'mine-d-or', '--stake', '1', '--workers', '0'],
        /--workers "0" is out of range: expected a whole number from 1 to 64/,
      ],
      ['an unknown command', ['simulat'], /unknown command "simulat"/],
      [
        'a repeated flag, even after an invalid value',
        ['simulate', '--game', 'mine-d-or', '--stake', '3', '--stake', '1'],
        /^error: --stake is given more than once: give it once$/,
      ],
      [
        'a value with a line end, shown escaped on one line',
        ['simulate', '--game', 'mine-d-or', '--stake', '1\nerror: forged'],
        /^error: unknown stake "1\\nerror: forged": expected 0\.5, 1 or 2/,
      ],
    ] as const)('%s', async ([, args, pattern], { expect }) => {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.endsWith('\n')).toBe(true);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^error: /);
      expect(lines[0]).toMatch(pattern);
      expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    });
  },
);
