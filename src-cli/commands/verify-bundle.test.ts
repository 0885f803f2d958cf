import { describe, expect, it } from 'vitest';
import type { BundleCheck } from '@engine';
import { meaning } from './verify-bundle';

const check = (journal: BundleCheck['journal']): BundleCheck => ({
  ok: true,
  failures: [],
  filesChecked: 9,
  signed: false,
  fingerprint: null,
  kind: 'instant-lab-evidence-manifest',
  journal,
  notes: [],
});

describe('what a passing bundle check says of its journal entries', () => {
  it('names them as an excerpt: each hashed and on the blocks, links only where entries follow, not a whole journal', () => {
    const en = meaning(check({ entries: 8, linked: 2, inclusion: null }), false, 'en').join('\n');
    expect(en).toContain(
      '  - the journal entries it holds (8) each give their hash and are on its blocks; the 2 that follow the entry before them in their journal chain to it.',
    );
    expect(en).toMatch(
      /What it does not prove:\n {2}- that the operator's journal is whole: these entries are an excerpt/,
    );
    const fr = meaning(check({ entries: 8, linked: 2, inclusion: null }), false, 'fr').join('\n');
    expect(fr).toContain("  - les entrées du journal qu'il contient (8)");
    expect(fr).toMatch(/Ce que cela ne prouve pas :\n {2}- que le journal de l'opérateur soit entier/);
  });

  it('says an excerpt that carries its checkpoint and proofs is included, and drops the excerpt caveat', () => {
    const inclusion = {
      size: 60,
      root: 'ab'.repeat(32),
      time: '2026-12-01T10:00:00.000Z',
      fingerprint: '1234:abcd',
      publicKey: 'cd'.repeat(32),
      signed: true,
      included: 8,
    };
    const en = meaning(check({ entries: 8, linked: 2, inclusion }), false, 'en').join('\n');
    expect(en).toContain(
      `  - 8 entries of a journal of 60 entries, head ${'ab'.repeat(32)} of 2026-12-01T10:00:00.000Z, signed by key 1234:abcd: included`,
    );
    expect(en).not.toMatch(/an excerpt|whole/);
    const fr = meaning(check({ entries: 8, linked: 2, inclusion }), false, 'fr').join('\n');
    expect(fr).toContain("  - 8 entrées d'un journal de 60 entrées, tête");
    expect(fr).toContain(': incluses');
  });

  it('says nothing of a journal the bundle does not hold', () => {
    expect(meaning(check(null), false, 'en').join('\n')).not.toMatch(/journal/);
  });
});
