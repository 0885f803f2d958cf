import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvColumns, csvRow, csvText, officialBlock, openUnit, refOf, scenarioToJson } from '@engine';
import { cli } from './test-support/run-cli';
import type { CliRun } from './test-support/run-cli';
import { independentCheck as check } from './test-support/independent-check';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export + independent checker in Python (R4)', () => {
  // golden: the checker reconciles a whole block with the official table and its references (it
  // refuses a scenario export), here generator version 1's block through the checker's version-1 path
  it('R4: a Les 3 Gongs 0.50 € block (seed 7), every unit re-derived by the Python checker, agrees', async () => {
    const out = join(dir, 'gongs.jsonl');
    const r = await cli(
      'export',
      ...['--game', 'les-3-gongs', '--stake', '0.5', '--seed', '7', '--generator-version', '1', '--out', out],
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote 300000 units to /);
    const c = await check(out);
    // the digest, recomputed in Python from the file, is the block's (golden-digests.test.ts)
    expect(c.stdout.trim()).toBe(
      'independent check: 300000 units, 0 mismatches, levels ok, digest a2bfb0ee9738f8dd56dad655f9d4b2273e447ff5cf7763b2ece46aa1f470dca6',
    );
    expect(c.code).toBe(0);

    // the checker is not vacuous: a changed prize, a changed symbol and a mistyped reference are caught
    const lines = (await readFile(out, 'utf8')).split('\n');
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(header).toEqual({
      game: 'les-3-gongs',
      stake_cents: 50,
      seed: 7,
      generator: 'instant-lab-gen/1',
      units: 300_000,
    });
    const winner = lines.findIndex((l, i) => i > 0 && !l.includes('"prize_cents":0,'));
    const w = JSON.parse(lines[winner]!) as { prize_cents: number; gongs: string[]; ref: string };
    const tampered = [...lines];
    tampered[winner] = JSON.stringify({ ...w, gongs: [w.gongs[0], w.gongs[1], w.gongs[0] === 'fan' ? 'lady' : 'fan'] });
    tampered[winner + 1] = lines[winner + 1]!.replace(
      /"ref":"(.*?)-(..)"/,
      (_m, p: string, c: string) => `"ref":"${p}-${c === '00' ? '01' : '00'}"`,
    );
    // each unit is checked by itself, so the block's first lines through the altered ones are
    // enough (the counts of the whole block are checked above; the cut block's differ)
    const forged = join(dir, 'forged.jsonl');
    await writeFile(forged, `${tampered.slice(0, winner + 2).join('\n')}\n`);
    const f = await check(forged);
    expect(f.code).toBe(1);
    expect(f.stdout.trim()).toMatch(
      new RegExp(`^independent check: ${winner + 1} units, 2 mismatches, levels differ, digest [0-9a-f]{64}$`),
    );
    // line k holds unit k - 1
    expect(f.stderr).toMatch(new RegExp(`^unit ${winner - 1}: `, 'm'));
    expect(f.stderr).toMatch(new RegExp(`^unit ${winner}: reference .*: check characters do not match`, 'm'));
    // one whole block checked in Python: about 12 s alone, more on a loaded machine
  }, 180_000);

  // golden: the same for version 2, whose round Bonus amounts (G5) only the version-2 path checks
  it('R4, R5, G5: a version-2 Les 3 Gongs block passes the Python checker, which also checks round Bonus amounts', async () => {
    const out = join(dir, 'gongs-v2.jsonl');
    const r = await cli('export', '--game', 'les-3-gongs', '--stake', '0.5', '--seed', '7', '--out', out);
    expect(r.code).toBe(0);
    const lines = (await readFile(out, 'utf8')).split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ generator: 'instant-lab-gen/2' });
    const c = await check(out);
    // the version-2 golden digest (golden-digests.test.ts)
    expect(c.stdout.trim()).toBe(
      'independent check: 300000 units, 0 mismatches, levels ok, digest bf240ef2e41fab6f485a3f77170e15d31de78385772b6c86e68e67eb97ccbda7',
    );
    expect(c.code).toBe(0);
    // a 300 € Bonus split into amounts that are fifths of the stake (G1) but not 50 € steps (G5) is caught
    const k = lines.findIndex((l) => l.includes('"prize_cents":30000,') && l.includes('"bonus_cents":['));
    expect(k).toBeGreaterThan(0);
    const u = JSON.parse(lines[k]!) as { bonus_cents: number[] };
    const tampered = [...lines];
    tampered[k] = JSON.stringify({
      ...u,
      bonus_cents: [u.bonus_cents[0]! - 10, u.bonus_cents[1]! + 10, u.bonus_cents[2]],
    });
    // the unit is checked by itself: the block's lines through it are enough
    const forged = join(dir, 'forged-v2.jsonl');
    await writeFile(forged, `${tampered.slice(0, k + 1).join('\n')}\n`);
    const f = await check(forged);
    expect(f.code).toBe(1);
    expect(f.stdout.trim()).toMatch(new RegExp(`^independent check: ${k} units, 1 mismatches, levels differ, `));
    expect(f.stderr).toMatch(new RegExp(`^unit ${k - 1}: .*not multiples of the round step 5000 cents \\(G5\\)`, 'm'));
    await rm(out);
  }, 180_000);

  // official: the rows read carry the official block's references (GONG-200-…)
  it('CSV: the header and first rows are the documented columns and the units of the block', async () => {
    const out = join(dir, 'gongs.csv');
    const r = await cli('export', '--game', 'les-3-gongs', '--stake', '2', '--seed', '5', '--out', out);
    expect(r.code).toBe(0);
    const lines = (await readFile(out, 'utf8')).split('\n');
    expect(lines[0]).toBe('index,ref,prize_cents,gong_1,gong_2,gong_3,bonus_1_cents,bonus_2_cents,bonus_3_cents');
    expect(lines[0]).toBe(csvColumns('les-3-gongs').join(','));
    expect(lines).toHaveLength(300_000 + 2); // header, units, final newline
    expect(lines.at(-1)).toBe('');
    const spec = officialBlock('les-3-gongs', 200, 5);
    for (let i = 0; i < 5; i++) {
      const cells = lines[i + 1]!.split(',');
      const u = openUnit(spec, i);
      if (u.view.game !== 'les-3-gongs') throw new Error('not a gongs unit');
      expect(cells[0]).toBe(String(i));
      expect(cells[1]).toMatch(/^GONG-200-0000005-000\d-V2-[0-9A-Z]{2}$/);
      expect(Number(cells[2])).toBe(u.assignedCents);
      expect(cells.slice(3, 6)).toEqual(u.view.gongs);
      expect(cells.slice(6)).toEqual(u.view.bonusCents ? u.view.bonusCents.map(String) : ['', '', '']);
    }
  });

  it('CSV: a Mine d’or export names its columns; a header alone is one line (no empty line after it)', () => {
    expect(csvColumns('mine-d-or').join(',')).toBe('index,ref,prize_cents,main,extra_stages,extra_1,extra_2,extra_3');
    expect(csvText([], csvColumns('mine-d-or'))).toBe(`${csvColumns('mine-d-or').join(',')}\n`);
    const spec = officialBlock('mine-d-or', 50, 1);
    const u = openUnit(spec, 11);
    const text = csvText([csvRow(11, refOf(spec, 11), u.assignedCents, u.view)], csvColumns('mine-d-or'));
    const [head, row, end] = text.split('\n');
    expect(head).toBe(csvColumns('mine-d-or').join(','));
    expect(end).toBe('');
    if (u.view.game !== 'mine-d-or') throw new Error('not a Mine d’or unit');
    const cells = row!.split(',');
    expect(cells.slice(0, 5)).toEqual([
      '11',
      refOf(spec, 11),
      String(u.assignedCents),
      u.view.main.join(' '),
      String(u.view.extras.length),
    ]);
    expect(cells.slice(5)).toEqual(
      [0, 1, 2].map((k) => (u.view.game === 'mine-d-or' ? (u.view.extras[k]?.join(' ') ?? '') : '')),
    );
  });
});

describe('export failures: exit code 2, one line, no partial file', () => {
  const expectOneLineError = (r: CliRun): void => {
    expect(r.code).toBe(2);
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: /);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  };

  it('a folder that does not exist', async () => {
    const r = await cli(
      'export',
      '--game',
      'les-3-gongs',
      '--stake',
      '1',
      '--seed',
      '1',
      '--out',
      join(dir, 'nope', 'x.jsonl'),
    );
    expectOneLineError(r);
    expect(r.stderr).toMatch(/its folder does not exist/);
  });

  it('a "folder" that is a regular file (ENOTDIR)', async () => {
    const file = join(dir, 'plain-file');
    await writeFile(file, 'x');
    const r = await cli(
      'export',
      '--game',
      'les-3-gongs',
      '--stake',
      '1',
      '--seed',
      '1',
      '--out',
      join(file, 'x.jsonl'),
    );
    expectOneLineError(r);
    expect(r.stderr).toMatch(/a part of its path is a file/);
  });

  it('a target that is a folder: the whole block is written, the rename fails, the temporary file is removed', async () => {
    // the rename fails whatever the block's size: a small scenario table's block is written whole
    const table = join(dir, 'small-table.json');
    await writeFile(
      table,
      scenarioToJson({
        name: 'petit bloc',
        game: 'les-3-gongs',
        stakeCents: 100,
        blockUnits: 2000,
        levels: [{ prizeCents: 200, lots: 400 }],
      }),
    );
    const parent = join(dir, 'isdir');
    await mkdir(join(parent, 'out.jsonl'), { recursive: true });
    const r = await cli('export', '--table', table, '--seed', '1', '--out', join(parent, 'out.jsonl'));
    expectOneLineError(r);
    expect(await readdir(parent)).toEqual(['out.jsonl']);
    expect((await stat(join(parent, 'out.jsonl'))).isDirectory()).toBe(true);
    expect(await readdir(join(parent, 'out.jsonl'))).toEqual([]);
  });

  it('an --out that is neither .jsonl nor .csv', async () => {
    const r = await cli('export', '--game', 'les-3-gongs', '--stake', '1', '--seed', '1', '--out', join(dir, 'x.txt'));
    expectOneLineError(r);
    expect(r.stderr).toMatch(/must end in \.jsonl or \.csv/);
    expect(await readdir(dir)).not.toContain('x.txt');
  });
});
