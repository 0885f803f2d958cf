import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cReferenceScaling, compileCReference, runCReference } from './c-reference';

const hasGcc = !spawnSync('gcc', ['--version']).error;

describe.skipIf(!hasGcc)('the C reference of the bench (scripts/c-reference)', () => {
  it('builds Mine d’or blocks that pass their audit with the engine’s golden digests (R1), and runs without the digest', () => {
    const compiled = compileCReference();
    if (!('binary' in compiled)) throw new Error(compiled.error);
    // the engine's golden digests of generator version 1 (src-engine/audit/golden-digests.test.ts), 0.50 € seed 0
    const r = runCReference(compiled.binary, 0, 1, true);
    expect(r.audit_ok).toBe(true);
    expect(r.digests).toEqual(['7ff4b6a8e73b54c58ec103392a55735ddc35e5248a0d968cd20cd7f05961b296']);
    const n = runCReference(compiled.binary, 0, 1, false);
    expect(n.audit_ok).toBe(true);
    expect(n.digests).toBeNull();
  });

  it('runs copies at once for the machine’s own scaling figure: speeds of whole runs, never asserted', async () => {
    const compiled = compileCReference();
    if (!('binary' in compiled)) throw new Error(compiled.error);
    const s = await cReferenceScaling(compiled.binary, 0, 1, 2);
    expect(s.one).toBeGreaterThan(0);
    expect(s.many).toBeGreaterThan(0);
    expect(s.ratio).toBeCloseTo(s.many / s.one, 9);
  });

  it('refuses a bad argument with a message saying what is expected', () => {
    const compiled = compileCReference();
    if (!('binary' in compiled)) throw new Error(compiled.error);
    const r = spawnSync(compiled.binary, ['--stake', '75'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/stake 75 cents: expected 50, 100 or 200/);
  });
});
