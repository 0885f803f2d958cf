/**
 * The command line installed like any other: `npm pack` makes a tarball whose `instant-lab` binary
 * runs from an empty folder, with the bundle, the rules and check.py it needs inside it. The
 * dependencies are linked from this checkout (an install would fetch them from the registry).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATOR_VERSION, formatUnitRef } from '@engine';

const root = join(import.meta.dirname, '..');

describe('npm pack', () => {
  it('gives a package whose instant-lab binary answers from an empty folder', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'instant-lab-pack-'));
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--silent', '--pack-destination', dir], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).replace(/^[^[]*/, ''),
    ) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'out/cli/main.js',
        'out/cli/range-worker.js',
        'scripts/cli.mjs',
        'scripts/independent_check.py',
        'resources/rules/mine-d-or.json',
        'resources/rules/les-3-gongs.json',
      ]),
    );
    // nothing of the sources, the tests or the app travels with the command line
    expect(files.filter((f) => /^(src-|e2e\/)|\.test\./.test(f))).toEqual([]);
    execFileSync('tar', ['xzf', join(dir, packed[0]!.filename), '-C', dir]);
    symlinkSync(join(root, 'node_modules'), join(dir, 'package', 'node_modules'), 'dir');
    const manifest = JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    const bin = join(dir, 'package', manifest.bin['instant-lab']!);
    const empty = mkdtempSync(join(tmpdir(), 'instant-lab-empty-'));
    const run = (...args: string[]) => spawnSync('node', [bin, ...args], { cwd: empty, encoding: 'utf8' });
    const v = run('--version');
    expect(v.stderr).toBe('');
    expect(v.stdout).toMatch(/^instant-lab \d+\.\d+\.\d+\ngenerators reproduced: /);
    const ref = formatUnitRef({
      game: 'les-3-gongs',
      stakeCents: 50,
      seed: 7,
      index: 3,
      generatorVersion: GENERATOR_VERSION,
    });
    const r = run('replay', ref, '--rules');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(ref);
  });
});
