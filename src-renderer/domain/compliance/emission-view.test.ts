import { describe, expect, it } from 'vitest';
import { judgeEmission, winnerSketch } from '@engine';
import type { EmissionBlockIn, VerifyResult } from '@engine';
import { acrossChecks, otherFiles } from './emission-view';

/** A losing unit's level in a block's levels (the engine's `LOSING_LEVEL`). */
const LOSING = 255;

/** A conforming complete Les 3 Gongs block of ours, as the verifier gives it. */
const ours = (seed: number, levels: string): VerifyResult => ({
  ok: true,
  verdict: 'conforming',
  notAnExport: null,
  format: 'jsonl',
  game: 'les-3-gongs',
  stakeCents: 100,
  seed,
  generator: 'instant-lab-gen/2',
  foreign: false,
  customWeights: false,
  lines: 601,
  unitLines: 600,
  unitsVerified: 600,
  expectedUnits: 600,
  complete: true,
  regenerated: 600,
  paidCents: 0,
  counts: [],
  countsMatch: true,
  discrepancyCount: 0,
  discrepancies: [],
  placement: null,
  levelsSha256: levels,
  checks: { kind: 'regenerated', generator: 'instant-lab-gen/2', seed, en: '', fr: '' },
});

const block = (file: string, result: VerifyResult, levels: Uint8Array): EmissionBlockIn => ({
  file,
  sha256: file.padEnd(64, '0'),
  bytes: 100,
  result,
  declaredSeed: null,
  sketch: winnerSketch(levels),
  problem: null,
});

describe('the checks across blocks as the screen lists them', () => {
  const levels = new Uint8Array(600).fill(LOSING);
  for (let i = 0; i < 600; i++) if ((i * 7919) % 600 < 180) levels[i] = 0;
  const mirrored = levels.slice().reverse();

  it('a block delivered twice is a discrepancy; winners reused mirrored are findings to examine, never failures', () => {
    const e = judgeEmission({
      name: 'EM',
      source: 'files',
      path: null,
      blocks: [
        block('a', ours(5, 'L1'), levels),
        block('b', ours(6, 'L2'), mirrored),
        block('c', ours(5, 'L1'), levels),
      ],
      missing: [],
      skipped: [
        { file: 'notes.txt', why: { message: 'not a .jsonl or .csv export', fr: 'pas un export .jsonl ou .csv' } },
      ],
    });
    const checks = acrossChecks(e, 'fr');
    expect(checks.map((c) => c.kind)).toEqual(['fail', 'finding', 'finding']);
    expect(checks[0]!.text).toBe('bloc livré deux fois : "c" est le même bloc que "a" en d’autres octets');
    expect(checks[1]!.text).toMatch(/^gagnants posés l’un sur l’autre .* : 1 constat à examiner$/);
    expect(checks[2]!.text).toMatch(/^"a" et "b" : 180 gagnants en commun, "b" lu à l’envers/);
    expect(otherFiles(e, 'en')).toEqual([{ file: 'notes.txt', why: 'not a .jsonl or .csv export' }]);
  });

  it('no pair alike: the one summary line is neither', () => {
    const other = new Uint8Array(600).fill(LOSING);
    for (let i = 0; i < 600; i++) if ((i * i + 3 * i) % 10 < 3) other[i] = 0;
    const e = judgeEmission({
      name: 'EM',
      source: 'files',
      path: null,
      blocks: [block('a', ours(5, 'L1'), levels), block('b', ours(6, 'L2'), other)],
      missing: [],
      skipped: [],
    });
    expect(acrossChecks(e, 'en').map((c) => c.kind)).toEqual(['none']);
  });
});
