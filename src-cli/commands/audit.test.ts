import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatUnitRef, mergeBlock, officialBlock, runRange, verifyMerkleProof } from '@engine';
import type { AuditReport } from '@engine';
import { cli } from '../test-support/run-cli';

describe('audit command', () => {
  it('writes a JSON report of two blocks whose digests equal a single-thread run, and an HTML report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const json = join(dir, 'r.json');
    const r = await cli(
      'audit',
      '--game',
      'les-3-gongs',
      '--stake',
      '2',
      '--seed',
      '9',
      '--blocks',
      '2',
      '--workers',
      '3',
      '--out',
      json,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*r\.json: 2 blocks, RTP 69\.993%, inside the legal band, evaluator PASS \(R4\)/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as AuditReport;
    expect(report.identity.seeds).toEqual([9, 10]);
    const spec = officialBlock('les-3-gongs', 200, 10);
    const single = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(report.blocks[1]!.integrity.merkleRoot).toBe(single.merkleRoot);
    expect(report.blocks[1]!.placement!.tests.length).toBe(24);
    const html = join(dir, 'r.html');
    expect(
      (await cli('audit', '--game', 'mine-d-or', '--stake', '0.5', '--seed', '3', '--lang', 'en', '--out', html)).code,
    ).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('70.000%');
    expect(readdirSync(dir).sort()).toEqual(['r.html', 'r.json']); // no temporary file left
  });

  it('bad input is one line and exit code 2, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const r = await cli('audit', '--game', 'les-3-gongs', '--stake', '3', '--out', join(dir, 'x.html'));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: unknown stake "3": expected 0.5, 1 or 2 (euros, art. 2)\n');
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('replay --proof --json gives a Merkle proof that verifies and leads to the block’s root', async () => {
    const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 100, seed: 4, index: 123_456, generatorVersion: 1 });
    const r = await cli('replay', ref, '--proof', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      proof: {
        segment: number;
        leaf: string;
        path: { sibling: string; left: boolean }[];
        merkle_root: string;
        verified: boolean;
        leaf_rebuilt_from_segment: boolean;
      };
    };
    const spec = officialBlock('les-3-gongs', 100, 4, 1);
    const block = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    expect(out.proof.segment).toBe(12);
    expect(out.proof.merkle_root).toBe(block.merkleRoot);
    expect(out.proof.leaf).toBe(block.segmentDigests[12]);
    expect(out.proof.verified && out.proof.leaf_rebuilt_from_segment).toBe(true);
    expect(
      verifyMerkleProof({ leafIndex: 12, leaf: out.proof.leaf, path: out.proof.path, root: out.proof.merkle_root }),
    ).toBe(true);
    const tampered = {
      leafIndex: 12,
      leaf: out.proof.leaf.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      path: out.proof.path,
      root: out.proof.merkle_root,
    };
    expect(verifyMerkleProof(tampered)).toBe(false);
  });
});
