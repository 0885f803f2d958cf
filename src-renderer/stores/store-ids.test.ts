import { describe, expect, it } from 'vitest';

/** Every store's source, by path: read as text so the test sees the id as written. */
const sources = import.meta.glob<string>(['./**/use*Store.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('store layout', () => {
  const entries = Object.entries(sources);

  it('finds the stores', () => {
    expect(entries.length).toBeGreaterThan(20);
  });

  it.each(entries)('%s: the id and the exported name equal the file name', (path, source) => {
    const name = /([^/]+)\.ts$/.exec(path)?.[1];
    const ids = [...source.matchAll(/export const (\w+) = defineStore\('([^']+)'/g)];
    expect(ids).toHaveLength(1);
    expect(ids[0]?.[1]).toBe(name);
    expect(ids[0]?.[2]).toBe(name);
  });

  it('keeps every store in a feature folder', () => {
    const loose = entries.map(([p]) => p).filter((p) => !/^\.\/[a-z-]+\/[^/]+$/.test(p));
    expect(loose).toEqual([]);
  });
});
