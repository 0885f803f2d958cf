import { describe, expect, it } from 'vitest';
import { bundleSourceOf, selfTimes } from './cpu-profile';
import type { CpuProfile } from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = -1) => ({ functionName, url, lineNumber });

describe('selfTimes', () => {
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, callFrame: frame('runRange', 'file:///x/out/cli/range-worker.js', 41) },
      { id: 3, callFrame: frame('fillGrid', 'file:///x/out/cli/range-worker.js', 99) },
      // the same function reached by another path: one entry
      { id: 4, callFrame: frame('fillGrid', 'file:///x/out/cli/range-worker.js', 99) },
      { id: 5, callFrame: frame('(garbage collector)') },
      { id: 6, callFrame: frame('(idle)') },
      { id: 7, callFrame: frame('', 'file:///x/a.js', 0) },
    ],
    samples: [3, 3, 4, 2, 5, 6, 7],
    timeDeltas: [100, 200, 300, 150, 50, 5000, 200],
  };

  it('sums self time per function across call paths, largest first, idle left out', () => {
    const t = selfTimes(profile);
    expect(t.map((x) => x.name)).toEqual([
      'fillGrid (range-worker.js:100)',
      '(anonymous) (a.js:1)',
      'runRange (range-worker.js:42)',
      '(garbage collector)',
    ]);
    expect(t[0]!.ms).toBeCloseTo(0.6);
    expect(t[0]!.share).toBeCloseTo(600 / 1000);
    expect(t.reduce((s, x) => s + x.share, 0)).toBeCloseTo(1);
  });

  it('an empty profile gives no entry and no division by zero', () => {
    expect(selfTimes({ nodes: [] })).toEqual([]);
  });
});

describe('bundleSourceOf', () => {
  const bundle = [
    '// src-engine/random/mix.ts',
    'function mix32() {}',
    '',
    '// src-engine/games/mine-d-or/generate.ts',
    'var MineGen = class {',
    '  fillGrid() {}',
    '};',
  ].join('\n');
  const reads: string[] = [];
  const sourceOf = bundleSourceOf((url) => {
    reads.push(url);
    return url === 'file:///out/cli/main.js' ? bundle : null;
  });

  it('names the module whose comment opens the code above the line, reading each file once', () => {
    expect(sourceOf('file:///out/cli/main.js', 1)).toBe('src-engine/random/mix.ts');
    expect(sourceOf('file:///out/cli/main.js', 5)).toBe('src-engine/games/mine-d-or/generate.ts');
    expect(reads).toEqual(['file:///out/cli/main.js']);
  });

  it('gives null above the first module, or for a file it cannot read', () => {
    expect(sourceOf('file:///out/cli/main.js', 0)).toBe('src-engine/random/mix.ts');
    expect(sourceOf('node:internal/x', 3)).toBeNull();
  });

  it('selfTimes uses it in the function names', () => {
    const t = selfTimes(
      {
        nodes: [{ id: 1, callFrame: { functionName: 'fillGrid', url: 'file:///out/cli/main.js', lineNumber: 5 } }],
        samples: [1],
        timeDeltas: [10],
      },
      sourceOf,
    );
    expect(t[0]!.name).toBe('fillGrid (src-engine/games/mine-d-or/generate.ts)');
  });
});
