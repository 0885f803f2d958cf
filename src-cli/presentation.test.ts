/**
 * `--presentation FILE.json` on the command line (simulate, export, audit): the simulation screen's
 * settings make the same blocks outside the app (R1); blocks of other weights say so (M4, G2).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeBlock, presentationToJson, runRange, scenarioBlockSpec, scenarioToJson } from '@engine';
import type { AuditReport, PresentationFile, Scenario } from '@engine';
import { cli } from './test-support/run-cli';
import type { CliRun } from './test-support/run-cli';

const dir = mkdtempSync(join(tmpdir(), 'presentation-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const settings = (f: Partial<PresentationFile> & Pick<PresentationFile, 'game'>): string =>
  presentationToJson({ stakeCents: null, generatorVersion: 2, m6Strict: false, weights: undefined, ...f });

const gongsDefaults = file('gongs-defaults.json', settings({ game: 'les-3-gongs' }));
const mineDefaults = file('mine-defaults.json', settings({ game: 'mine-d-or' }));
const gongsCustom = file(
  'gongs-custom.json',
  settings({
    game: 'les-3-gongs',
    stakeCents: 50,
    weights: { gongs: { bonusShare: 0.6, bonusShareByPrize: { 300_000: 1 } } },
  }),
);

interface SimJson {
  generator: string;
  presentation_weights?: unknown;
  blocks: { digest: string; audit: { ok: boolean } }[];
}
async function simulate(...args: string[]): Promise<SimJson> {
  const r = await cli('simulate', ...args, '--json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as SimJson;
}

/** The golden digests of version 2 (src-engine/audit/golden-digests.test.ts). */
const GOLDEN_GONGS_050_7 = 'bf240ef2e41fab6f485a3f77170e15d31de78385772b6c86e68e67eb97ccbda7';
const GOLDEN_MINE_100_42 = 'b64dba181fc4978e4a8bd9d737d6c2dfa480217d3c5b927c707bc2606b2ac6a8';

/** A small Les 3 Gongs table at €0.50: its block is what wording, weights and refusals are read on. */
const gongsSmall: Scenario = {
  name: 'petit bloc',
  game: 'les-3-gongs',
  stakeCents: 50,
  blockUnits: 2000,
  levels: [
    { prizeCents: 300_000, lots: 1 },
    { prizeCents: 50, lots: 400 },
  ],
};
const gongsTable = file('t.json', scenarioToJson(gongsSmall));
/** The same levels over three segments of 10,000 units: enough for two workers to share the block. */
const gongsSegments: Scenario = { ...gongsSmall, blockUnits: 30_000 };
const gongsSegmentsTable = file('t-segments.json', scenarioToJson(gongsSegments));
/** A small Mine d'or table at €1 with a 20 € level, the level the custom weights name (M4). */
const mineSmall: Scenario = {
  name: 'petit bloc',
  game: 'mine-d-or',
  stakeCents: 100,
  blockUnits: 2000,
  levels: [
    { prizeCents: 1_500_000, lots: 1 },
    { prizeCents: 2000, lots: 20 },
    { prizeCents: 100, lots: 400 },
  ],
};
const mineTable = file('m.json', scenarioToJson(mineSmall));

/** The digest of block `seed` of `s` under the default presentation weights, computed by the engine. */
async function defaultDigest(s: Scenario, seed: number): Promise<string> {
  const spec = scenarioBlockSpec(s, seed);
  return mergeBlock(spec, [await runRange(spec, 0, s.blockUnits)]).digest;
}

describe('simulate --presentation (R1)', () => {
  // golden: the golden digests are those of the official blocks, whole
  it('the defaults saved as a file give the golden digests of both games', async () => {
    const g = await simulate('--game', 'les-3-gongs', '--stake', '0.5', '--seed', '7', '--presentation', gongsDefaults);
    expect(g.blocks[0]!.digest).toBe(GOLDEN_GONGS_050_7);
    expect(g.presentation_weights).toBeUndefined();
    const m = await simulate('--game', 'mine-d-or', '--stake', '1', '--seed', '42', '--presentation', mineDefaults);
    expect(m.blocks[0]!.digest).toBe(GOLDEN_MINE_100_42);
  }, 120_000);

  it('other weights give another digest, the same on every run and with any number of workers; --json states them', async () => {
    const seeded = ['--table', gongsSegmentsTable, '--seed', '7'];
    const a = await simulate(...seeded, '--workers', '1', '--presentation', gongsCustom);
    const b = await simulate(...seeded, '--workers', '2', '--presentation', gongsCustom);
    expect(a.blocks[0]!.audit.ok).toBe(true);
    // the block of the same table and seed under the default weights
    expect(a.blocks[0]!.digest).not.toBe(await defaultDigest(gongsSegments, 7));
    expect(b.blocks[0]!.digest).toBe(a.blocks[0]!.digest);
    expect(a.presentation_weights).toEqual({ bonus_share: 0.6, bonus_share_by_prize: { '300000': 1 } });
    // Mine d'or: a level of its own (M4) changes the block too, reproducibly
    const mineCustom = file(
      'mine-custom.json',
      settings({
        game: 'mine-d-or',
        stakeCents: 100,
        weights: {
          mineDor: {
            winningExtras: [1, 0.45, 0.15, 0.04],
            losingExtras: [1, 0.12, 0.03, 0.008],
            additionalCombination: 0.35,
            alignedCombination: 1,
            losingStage: 0.6,
            byPrize: { 2000: { winningExtras: [0, 1, 0, 0] } },
          },
        },
      }),
    );
    const args = ['--table', mineTable, '--seed', '42', '--workers', '1', '--presentation', mineCustom];
    const m1 = await simulate(...args);
    const m2 = await simulate(...args);
    expect(m1.blocks[0]!.audit.ok).toBe(true);
    expect(m1.blocks[0]!.digest).not.toBe(await defaultDigest(mineSmall, 42));
    expect(m2.blocks[0]!.digest).toBe(m1.blocks[0]!.digest);
  }, 180_000);

  it('the text output says the blocks are not the official blocks of their seeds', async () => {
    const r = await cli(
      ...['simulate', '--table', gongsTable, '--seed', '3', '--workers', '1', '--presentation', gongsCustom],
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toContain(
      `presentation weights of "${gongsCustom}" (M4, G2: not the official blocks of their seeds, R2)`,
    );
  }, 60_000);
});

describe('export and audit --presentation', () => {
  // golden: verify regenerates official blocks only (a scenario export is not an export it verifies, R3)
  it('export states the weights in its header, and verify regenerates the block with them', async () => {
    const out = join(dir, 'custom.jsonl');
    const e = await cli(
      'export',
      '--game',
      'les-3-gongs',
      '--stake',
      '0.5',
      '--seed',
      '7',
      '--presentation',
      gongsCustom,
      '--out',
      out,
    );
    expect(e.stderr).toBe('');
    expect(e.code).toBe(0);
    const head = JSON.parse(readFileSync(out, 'utf8').split('\n', 1)[0]!) as Record<string, unknown>;
    expect(head.presentation_weights).toEqual({ bonus_share: 0.6, bonus_share_by_prize: { '300000': 1 } });
    const v = await cli('verify', out);
    expect(v.stderr).toBe('');
    expect(v.stdout).toContain('presentation weights of its header (M4, G2)');
    expect(v.stdout).toContain('verdict: CONFORMING');
    expect(v.code).toBe(0);
  }, 180_000);

  it('audit states the weights in its report', async () => {
    // a small table: the report, not the block, is what this test reads
    const out = join(dir, 'report.json');
    const r = await cli(
      ...['audit', '--table', gongsTable, '--seed', '4', '--workers', '1'],
      ...['--presentation', gongsCustom, '--out', out],
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')) as AuditReport;
    expect(report.identity.presentationWeights).toEqual({ bonus_share: 0.6, bonus_share_by_prize: { '300000': 1 } });
    const html = join(dir, 'report.html');
    await cli(
      ...['audit', '--table', gongsTable, '--seed', '4', '--workers', '1', '--lang', 'en'],
      ...['--presentation', gongsCustom, '--out', html],
    );
    expect(readFileSync(html, 'utf8')).toContain('These blocks are not the official blocks of their seeds');
  }, 60_000);
});

describe('--presentation errors: one line, exit 2', () => {
  const oneErrorLine = (r: CliRun, pattern: RegExp): void => {
    expect(r.code).toBe(2);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: /);
    expect(lines[0]).toMatch(pattern);
  };
  it.for([
    [
      'a file of another game',
      () => ['simulate', '--game', 'mine-d-or', '--stake', '1', '--presentation', gongsDefaults],
      /--presentation ".*gongs-defaults\.json" is refused: these presentation settings are for Les 3 Gongs \(field "game" is "les-3-gongs"\): expected settings of Mine d'or, the game of the blocks/,
    ],
    [
      'weights of another stake',
      () => [
        'export',
        '--game',
        'les-3-gongs',
        '--stake',
        '2',
        '--seed',
        '1',
        '--presentation',
        gongsCustom,
        '--out',
        'x.jsonl',
      ],
      /weigh the prize levels of the €0\.50 stake \(field "stake_cents" is 50\): expected the stake of the blocks, €2\.00/,
    ],
    [
      'a negative weight',
      () => [
        'audit',
        ...['--game', 'mine-d-or', '--stake', '1', '--out', 'x.json', '--presentation'],
        file('neg.json', settings({ game: 'mine-d-or' }).replace('"losing_stage": 0.6', '"losing_stage": -1')),
      ],
      /is refused: field "weights\.losing_stage" is -1: expected a number from 0\.000001 to 1000000 \(M4\)/,
    ],
    [
      'a repeated --presentation',
      () => [
        'simulate',
        '--game',
        'les-3-gongs',
        '--stake',
        '1',
        '--presentation',
        gongsDefaults,
        '--presentation',
        gongsDefaults,
      ],
      /--presentation is given more than once: give it once/,
    ],
    [
      'a --generator-version the file contradicts',
      () => [
        'simulate',
        '--game',
        'les-3-gongs',
        '--stake',
        '1',
        '--generator-version',
        '1',
        '--presentation',
        gongsDefaults,
      ],
      /--generator-version 1 contradicts --presentation ".*" \(version 2\)/,
    ],
    [
      'a CSV export of other weights (no header to state them in)',
      () => [
        'export',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '1',
        '--presentation',
        gongsCustom,
        '--out',
        'x.csv',
      ],
      /a CSV export cannot state the presentation weights .* export to \.jsonl/,
    ],
    [
      'a file that does not exist',
      () => ['simulate', '--game', 'les-3-gongs', '--stake', '1', '--presentation', '/nonexistent/p.json'],
      /cannot read --presentation "\/nonexistent\/p\.json": it does not exist/,
    ],
    [
      'a bundle of other weights',
      () => [
        'evidence',
        '--game',
        'les-3-gongs',
        '--stake',
        '0.5',
        '--seed',
        '1',
        '--presentation',
        gongsCustom,
        '--out',
        'x.zip',
      ],
      /a bundle holds official blocks only/,
    ],
  ] as const)('refuses %s', async ([, args, pattern]) => {
    oneErrorLine(await cli(...args()), pattern);
  });
});
