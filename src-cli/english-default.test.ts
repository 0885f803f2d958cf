/**
 * Every command speaks English unless given `--lang fr`: each one runs here without `--lang` on a
 * small input (a scenario table of 2 000 units, the head of an official export, one unit's
 * reference) and no line of its output or error is French; and a usage error of each command,
 * given `--lang fr`, is one French line. `bench` and `evidence` measure or bundle whole official
 * blocks: they are run here to a usage error only (their text is read by help-lang.test.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUnitRef, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf, scenarioToJson } from '@engine';
import type { Scenario } from '@engine';
import { COMMANDS } from './cli';
import { cli } from './test-support/run-cli';
import type { CliRun } from './test-support/run-cli';

/**
 * What gives a French line away: guillemets, accented letters, a space before a colon, French words
 * the commands print, or a decimal comma (« 69,993 % », « 0,50 € »; English digit groups such as
 * 300,000 have three digits after the comma and no percent or euro sign), or a space before a
 * percent sign (« 1 % »; English writes 1%).
 */
const FRENCH =
  /[«»éèàùçœêâîôû]|\s:(\s|$)|contrôle|écrit|\bbloc |\bgraine\b|\bmise\b|\d,\d{1,2}(?!\d)|\d,\d+ ?[%€]|\d[ \u00a0\u202f]%/im;

/** The official rules' title, a name quoted as published (`replay`'s « Rules: » line), is not a French line. */
const RULES_TITLE = /Règlement particulier du jeu « [^»]+ »/g;

/** The first French-looking part of a run's output, or null. */
const frenchIn = (r: CliRun): string | null => {
  const text = `${r.stdout}\n${r.stderr}`.replace(RULES_TITLE, 'RULES');
  const m = FRENCH.exec(text);
  if (!m) return null;
  return text.slice(Math.max(0, m.index - 60), m.index + 60);
};

let dir = '';
let table = '';
let head = '';
let scenarioExport = '';
const journal = (): string => join(dir, 'journal.jsonl');
const gongs = officialBlock('les-3-gongs', 100, 4);
const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 100, seed: 4, index: 77, generatorVersion: 2 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'english-default-'));
  // a small table inside the legal band: the wording, not the block, is what these tests read
  const s: Scenario = {
    name: 'small',
    game: 'les-3-gongs',
    stakeCents: 50,
    blockUnits: 2000,
    levels: [
      { prizeCents: 500, lots: 60 },
      { prizeCents: 50, lots: 800 },
    ],
  };
  table = join(dir, 'table.json');
  writeFileSync(table, scenarioToJson(s));
  // the head of an official export, one of its lines altered: the verdict with its checks and two
  // discrepancies (the altered lot, the truncated block)
  const lines = [jsonlHeader(gongs)];
  iterateUnits(gongs, 0, 300, (i, prize, view) => lines.push(jsonlUnit(i, refOf(gongs, i), prize, view)));
  const k = lines.findIndex((l, i) => i > 0 && l.includes('"prize_cents":0,'));
  lines[k] = lines[k]!.replace('"prize_cents":0,', '"prize_cents":600,');
  head = join(dir, 'head.jsonl');
  writeFileSync(head, `${lines.join('\n')}\n`);
  scenarioExport = join(dir, 'scenario.jsonl');
});

describe('without --lang, every command prints English only', () => {
  const block = (): string[] => ['--table', table, '--seed', '5', '--workers', '1'];
  const runs: [string, () => string[], number][] = [
    ['help', () => ['help'], 0],
    ['--version', () => ['--version'], 0],
    ['simulate', () => ['simulate', ...block()], 0],
    ['replay', () => ['replay', ref], 0],
    ['export', () => ['export', '--table', table, '--seed', '5', '--out', scenarioExport, '--journal', journal()], 0],
    ['audit', () => ['audit', ...block(), '--out', join(dir, 'report.html'), '--journal', journal()], 0],
    [
      'calibrate',
      () => [
        'calibrate',
        ...['--game', 'les-3-gongs', '--shuffles', '4', '--blocks', '0', '--power', '0', '--sales', '2'],
      ],
      0,
    ],
    // an official block's head: its checks, its counts not checked, the altered line named
    ['verify (a block of ours)', () => ['verify', head, '--workers', '1', '--journal', journal()], 1],
    // a scenario's export is refused at its header, with the reason
    ['verify (not an export)', () => ['verify', scenarioExport, '--workers', '1'], 2],
    ['verify (two files)', () => ['verify', head, head, '--workers', '1'], 1],
    ['keygen', () => ['keygen', '--out', join(dir, 'key')], 0],
    ['verify-bundle (not a bundle)', () => ['verify-bundle', table], 2],
    [
      'optimise',
      () => [
        ...['optimise', '--game', 'les-3-gongs', '--stake', '0.5', '--rtp', '0.68..0.70', '--block-units', '1000'],
        ...['--top-prize', '30', '--amounts', '15,5,3,1,0.5', '--out', join(dir, 'found.json')],
      ],
      0,
    ],
    ['profile', () => ['profile', '--game', 'les-3-gongs', '--blocks', '1', '--top', '3'], 0],
    ['journal verify', () => ['journal', 'verify', journal()], 0],
  ];
  // in order: export and audit write the journal that journal verify reads
  it.each(runs)('%s', { timeout: 60_000 }, async (_name, args, code) => {
    const r = await cli(...args());
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout + r.stderr).not.toBe('');
    expect(frenchIn(r), r.stdout + r.stderr).toBeNull();
  });

  it('verify states its checks in English, never a French line beside them', async () => {
    const r = await cli('verify', head, '--workers', '1');
    expect(r.stdout).toMatch(/^checks: regenerated against generator /m);
    expect(r.stdout).not.toMatch(/contrôles/);
    const fr = await cli('verify', head, '--workers', '1', '--lang', 'fr');
    expect(fr.stdout).toMatch(/^contrôles : /m);
    expect(fr.stdout).toMatch(/^verdict : NON CONFORME \(2 écarts\)$/m);
    expect(fr.stdout).not.toMatch(/^(checks|file|bytes|block|verdict):/m);
  });

  it('audit writes its report in English unless --lang fr', async () => {
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    const fr = join(dir, 'rapport.html');
    expect((await cli('audit', ...block(), '--out', fr, '--lang', 'fr')).code).toBe(0);
    expect(readFileSync(fr, 'utf8')).toMatch(/^<!doctype html>\s*<html lang="fr">/i);
  });
});

describe('a usage error of each command: English without --lang, French with --lang fr', () => {
  /** One usage error per command; `--lang fr` is added for the French run. */
  const errors: [string, string[]][] = [
    ['simulate', ['simulate']],
    ['replay', ['replay']],
    ['export', ['export', '--table', 'x.json', '--seed', '1']],
    ['audit', ['audit']],
    ['calibrate', ['calibrate', '--shuffles', '0', '--blocks', '0', '--power', '0', '--sales', '0']],
    ['verify', ['verify']],
    ['evidence', ['evidence']],
    ['keygen', ['keygen']],
    ['verify-bundle', ['verify-bundle']],
    ['optimise', ['optimise']],
    ['bench', ['bench', '--runs', '1']],
    ['profile', ['profile', '--top', '0']],
    ['journal', ['journal', 'sign']],
    ['an unknown command', ['frob']],
  ];

  it('the list names every command', () => {
    expect(errors.map(([c]) => c)).toEqual(expect.arrayContaining(Object.keys(COMMANDS)));
  });

  it.each(errors)('%s', async (_name, args) => {
    const en = await cli(...args);
    expect(en.code).toBe(2);
    expect(en.stderr).toMatch(/^error: \S/);
    expect(en.stderr.split('\n')).toHaveLength(2);
    expect(frenchIn(en), en.stderr).toBeNull();
    const fr = await cli(...args, '--lang', 'fr');
    expect(fr.code).toBe(2);
    expect(fr.stderr.split('\n')).toHaveLength(2);
    expect(fr.stderr).toMatch(/^erreur : \S/);
    expect(fr.stderr).toMatch(/ : |inconnue|obligatoire|attendue?|valent/);
    expect(fr.stderr).not.toMatch(/\b(is required|expected|must|unknown|given)\b/i);
  });

  it('an unknown option is refused in the language asked, in every command', async () => {
    for (const c of Object.keys(COMMANDS)) {
      const args = c === 'journal' ? ['journal', 'verify'] : [c];
      const en = await cli(...args, '--nope');
      expect(en.stderr, c).toMatch(new RegExp(`^error: unknown option '--nope': ${c} takes --\\S+`));
      expect(en.stderr, c).toContain(`(instant-lab ${c} --help says what each does)\n`);
      const fr = await cli(...args, '--nope', '--lang', 'fr');
      expect(fr.stderr, c).toMatch(new RegExp(`^erreur : option inconnue '--nope' : ${c} prend --\\S+`));
    }
  });

  it('an invalid --lang is itself an error, in English', async () => {
    const r = await cli('verify', head, '--lang', 'de');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --lang "de" is not valid: expected fr or en\n');
  });
});
