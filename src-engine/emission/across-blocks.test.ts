import { describe, expect, it } from 'vitest';
import type { VerifyResult } from '../import/verify/types';
import { LOSING_LEVEL } from '../stats/placement-constants';
import { acrossBlocks, acrossFails } from './across-blocks';
import { judgeEmission } from './emission';
import type { EmissionBlockIn } from './emission';
import { emissionLines } from './emission-text';
import { emissionCsv, emissionHtml, emissionJson } from './emission-report';
import { winnerSketch } from './winner-sketch';

/** The verdict of a conforming complete block of ours, as the verifier gives it (levels digest given). */
function ours(seed: number | null, levels: string, over: Partial<VerifyResult> = {}): VerifyResult {
  return {
    ok: true,
    verdict: 'conforming',
    notAnExport: null,
    format: 'jsonl',
    game: 'les-3-gongs',
    stakeCents: 100,
    seed,
    generator: seed === null ? 'other-maker 3.2' : 'instant-lab-gen/2',
    foreign: seed === null,
    customWeights: false,
    lines: 9,
    unitLines: 8,
    unitsVerified: 8,
    expectedUnits: 8,
    complete: true,
    regenerated: seed === null ? 0 : 8,
    paidCents: 0,
    counts: [],
    countsMatch: true,
    discrepancyCount: 0,
    discrepancies: [],
    placement: null,
    levelsSha256: levels,
    checks:
      seed === null
        ? { kind: 'foreign', generator: null, seed: null, en: 'foreign', fr: 'étranger' }
        : { kind: 'regenerated', generator: 'instant-lab-gen/2', seed, en: 'regenerated', fr: 'régénéré' },
    ...over,
  };
}

const block = (file: string, result: VerifyResult, declaredSeed: number | null = null): EmissionBlockIn => ({
  file,
  sha256: file.padEnd(64, '0'),
  bytes: 100,
  result,
  declaredSeed,
  sketch: null,
  problem: null,
});

describe('checks across the blocks of an emission', () => {
  it('a seed on two different blocks, and a seed the manifest declares against the header, make it not conforming', () => {
    const a = acrossBlocks([block('a', ours(5, 'L1')), block('b', ours(6, 'L2')), block('c', ours(null, 'L3'), 5)]);
    expect(a.seedsTwice).toEqual([{ seed: 5, blocks: [0, 2] }]);
    expect(a.sameBlockAs).toEqual([null, null, null]);
    expect(acrossFails(a)).toBe(true);
    const m = acrossBlocks([block('a', ours(5, 'L1'), 7)]);
    expect(m.seedMismatches).toEqual([{ block: 0, declared: 7, header: 5 }]);
    expect(acrossFails(acrossBlocks([block('a', ours(5, 'L1')), block('b', ours(6, 'L2'))]))).toBe(false);
  });

  it('the same block twice is named once as delivered twice, not also as a seed or references twice', () => {
    const a = acrossBlocks([block('a', ours(5, 'L1')), block('b', ours(5, 'L1'))]);
    expect(a.sameBlockAs).toEqual([null, 0]);
    expect(a.sameBytes).toEqual([false, false]);
    expect(a.seedsTwice).toEqual([]);
    expect(a.refsTwice).toEqual([]);
  });

  it('two different blocks whose references name one block are one unit reference in two blocks', () => {
    const named = ours(null, 'L2', {
      checks: { kind: 'regenerated-from-references', generator: 'instant-lab-gen/2', seed: 5, en: '', fr: '' },
    });
    const a = acrossBlocks([block('a', ours(5, 'L1')), block('b', named)]);
    expect(a.refsTwice).toEqual([{ names: 'les-3-gongs 100 instant-lab-gen/2 5', blocks: [0, 1] }]);
  });

  it('a block reused mirrored is laid and found; the emission is conforming with a finding, in both languages and every report', () => {
    const levels = new Uint8Array(600).fill(LOSING_LEVEL);
    // winners at a spread no shift or mirror of an independent block repeats
    for (let i = 0; i < 600; i++) if ((i * 7919) % 600 < 180) levels[i] = (i * 31) % 3;
    const mirrored = levels.slice().reverse();
    const other = new Uint8Array(600).fill(LOSING_LEVEL);
    for (let i = 0; i < 600; i++) if ((i * i + 3 * i) % 10 < 3) other[i] = 0;
    const blocks = [
      { ...block('a<1>', ours(5, 'L1')), sketch: winnerSketch(levels) },
      { ...block('b', ours(6, 'L2')), sketch: winnerSketch(mirrored) },
      { ...block('c', ours(7, 'L3')), sketch: winnerSketch(other) },
    ];
    const e = judgeEmission({ name: 'EM', source: 'files', path: null, blocks, missing: [], skipped: [] });
    expect(e.across.reuse.pairs).toBe(3);
    expect(e.across.reuse.findings.map((f) => [f.a, f.b, f.layout])).toEqual([[0, 1, { mirror: true, shift: 0 }]]);
    expect(e.verdict).toBe('conforming-with-findings');
    const en = emissionLines(e, 'en');
    expect(en).toContain(
      'emission verdict: CONFORMING, 1 finding to examine (not a discrepancy: a fair emission raises one at most once in 100; 1% shared equally between placement and winners laid)',
    );
    expect(en.some((l) => l.startsWith('  - "a<1>" and "b": 180 winners shared, "b" read backwards'))).toBe(true);
    expect(emissionLines(e, 'fr')).toContain(
      'verdict de l’émission : CONFORME, 1 constat à examiner (pas un écart : une émission loyale en lève un au plus une fois sur 100 ; 1 % partagé à parts égales entre placement et gagnants posés)',
    );
    const html = emissionHtml(e, 'fr', '0.1.0', new Date(0));
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('&quot;a&lt;1&gt;&quot;');
    expect(html).not.toContain('a<1>');
    expect(emissionJson(e, '0.1.0', new Date(0))).toMatchObject({ verdict: 'conforming-with-findings' });
    expect(emissionCsv(e).split('\n')[1]).toMatch(/^EM,conforming-with-findings,a<1>,/);
  });

  it("shares the emission's 1 % between its two families, so a fair emission raises a finding at most 1 time in 100", () => {
    // one block whose smallest test p is 0.007: a finding at 1 %, not at the placement's half
    const placement = (p: number): VerifyResult['placement'] => ({
      ok: true,
      p,
      tests: [{ name: 'runs', statistic: 0, p, ok: true }],
      segments: [],
      rareLots: [],
    });
    const blocks = [{ ...block('a', ours(5, 'L1', { placement: placement(0.007) })), sketch: null }];
    const e = judgeEmission({ name: 'EM', source: 'files', path: null, blocks, missing: [], skipped: [] });
    expect([e.alpha, e.placementAlpha, e.across.reuse.alpha]).toEqual([0.01, 0.005, 0.005]);
    expect(e.placement[0]).toMatchObject({ finding: false, adjustedP: 0.007, alpha: 0.005 });
    expect(e.verdict).toBe('conforming');
    const at = judgeEmission({
      ...e,
      blocks: [{ ...block('a', ours(5, 'L1', { placement: placement(0.004) })), sketch: null }],
    });
    expect(at.placement[0]).toMatchObject({ finding: true });
    expect(emissionJson(e, '0.1.0', new Date(0))).toMatchObject({
      findings_alpha: 0.01,
      placement: { alpha: 0.005 },
      across: { winners_reused: { alpha: 0.005 } },
    });
    expect(emissionLines(e, 'fr')).toContain('placement : Holm sur 1 bloc distinct à 0,5 % : 0 constat à examiner');
    expect(emissionLines(e, 'en')).toContain('placement: Holm over 1 distinct block at 0.5%: 0 findings to examine');
  });
});
