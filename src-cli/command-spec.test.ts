/**
 * One declaration per command: its options are the ones the parser accepts, the usage line and
 * `--help` write, and the reference page shows; the parser's refusals quote the declaration.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { COMMANDS } from './cli';
import { parseArgsOptions, parseFlags } from './args';
import { defineCommand, helpText, usageLine, usageLines } from './command-spec';
import { userMessage } from './errors';
import { cli } from './test-support/run-cli';

const page = readFileSync(join(import.meta.dirname, '..', 'docs', 'reference', 'cli.md'), 'utf8');

/** The section of the reference page on one command. */
const section = (name: string): string => page.split(`\n## ${name}\n`)[1]!.split('\n## ')[0]!;

/** The one-line message of what `f` throws, in a language. */
function refusal(f: () => unknown, lang: 'en' | 'fr' = 'en'): string | null {
  try {
    f();
  } catch (e) {
    return userMessage(e, lang);
  }
  return null;
}

const SAMPLE = defineCommand({
  name: 'sample',
  does: 'shows what a declaration makes',
  positionals: true,
  options: {
    game: { type: 'string', choices: ['mine-d-or', 'les-3-gongs'], help: 'the game' },
    stake: { type: 'string', value: '0.5|1|2', help: 'the stake' },
    table: { type: 'string', value: 'FILE.json', help: 'a table' },
    top: { type: 'string', value: 'K', default: '5', help: 'how many' },
    against: { type: 'string', value: 'FILE', multiple: true, help: 'checked against' },
    out: { type: 'string', value: 'FILE.json', required: true, help: 'written' },
    json: { type: 'boolean', default: false, help: 'JSON' },
  },
  forms: [
    {
      lead: 'FILE',
      oneOf: [
        ['game', 'stake'],
        ['table', '?stake'],
      ],
    },
  ],
});

describe('a declaration', () => {
  it('writes the usage: required options bare, others bracketed, alternatives in (A | B), lists with …', () => {
    expect(usageLine(SAMPLE)).toBe(
      'sample FILE (--game mine-d-or|les-3-gongs --stake 0.5|1|2 | --table FILE.json [--stake 0.5|1|2]) [--top K] [--against FILE]… --out FILE.json [--json]',
    );
  });

  it('writes --help: the usage, what it does, and a table of every option with its default and whether required', () => {
    expect(helpText(SAMPLE).split('\n')).toEqual([
      `usage: instant-lab ${usageLine(SAMPLE)}`,
      'sample: shows what a declaration makes',
      'options:',
      '  --game mine-d-or|les-3-gongs  the game',
      '  --stake 0.5|1|2               the stake',
      '  --table FILE.json             a table',
      '  --top K                       how many (default 5)',
      '  --against FILE                checked against (may be given more than once)',
      '  --out FILE.json               written (required)',
      '  --json                        JSON',
    ]);
  });

  it('writes one usage line per form, a form needing what the command checks itself', () => {
    const two = defineCommand({
      name: 'two',
      does: 'two ways',
      options: { a: { type: 'boolean', help: 'a' }, b: { type: 'string', value: 'B', help: 'b' } },
      forms: [{ options: ['a'] }, { lead: 'sub', options: ['b'], needs: ['b'] }],
    });
    expect(usageLines(two)).toEqual(['two [--a]', 'two sub --b B']);
    expect(usageLine(two)).toBe('two [--a] | two sub --b B');
  });

  it('refuses a form naming an option it does not declare', () => {
    expect(() => defineCommand({ name: 'bad', does: 'x', options: {}, forms: [{ options: ['nope'] }] })).toThrow(
      'bad: the usage names --nope, which is not declared',
    );
  });

  it('gives parseArgs each option’s type, list-ness and default, and nothing else', () => {
    expect(parseArgsOptions(SAMPLE.options)).toEqual({
      game: { type: 'string' },
      stake: { type: 'string' },
      table: { type: 'string' },
      top: { type: 'string', default: '5' },
      against: { type: 'string', multiple: true },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
    });
  });

  it('parses with its defaults applied, lists collected, positionals kept', () => {
    const r = parseFlags(['x.jsonl', '--out', 'o.json', '--against', 'a', '--against', 'b'], SAMPLE);
    expect(r.positionals).toEqual(['x.jsonl']);
    expect(r.values).toEqual({ out: 'o.json', against: ['a', 'b'], top: '5', json: false });
  });

  it('refuses, in both languages: an unknown option naming the options, a value outside the choices, a missing required option', () => {
    const unknown = (): unknown => parseFlags(['--out', 'o', '--nope'], SAMPLE);
    expect(refusal(unknown)).toBe(
      "unknown option '--nope': sample takes --game, --stake, --table, --top, --against, --out or --json (instant-lab sample --help says what each does)",
    );
    expect(refusal(unknown, 'fr')).toBe(
      "option inconnue '--nope' : sample prend --game, --stake, --table, --top, --against, --out ou --json (instant-lab sample --help dit ce que fait chacune)",
    );
    const choice = (): unknown => parseFlags(['--out', 'o', '--game', 'loto'], SAMPLE);
    expect(refusal(choice)).toBe('--game "loto" is not valid: expected mine-d-or or les-3-gongs');
    expect(refusal(choice, 'fr')).toBe(`--game "loto" n'est pas valide : attendu mine-d-or ou les-3-gongs`);
    const missing = (): unknown => parseFlags(['--json'], SAMPLE);
    expect(refusal(missing)).toBe(`--out is required: ${usageLine(SAMPLE)}`);
    expect(refusal(missing, 'fr')).toBe(`--out est obligatoire : ${usageLine(SAMPLE)}`);
    expect(refusal(() => parseFlags(['--out', 'o', '--top', '1', '--top', '2'], SAMPLE))).toBe(
      '--top is given more than once: give it once',
    );
  });
});

describe('every command', () => {
  it('shows each declared option in its usage, its --help and the reference page', async () => {
    for (const [name, { spec }] of Object.entries(COMMANDS)) {
      const help = await cli(name, '--help');
      expect(help.code, name).toBe(0);
      const usage = usageLine(spec);
      for (const option of Object.keys(spec.options)) {
        const mention = new RegExp(`--${option}(?![\\w-])`);
        expect(usage, `${name} --${option}`).toMatch(mention);
        expect(help.stdout, `${name} --${option}`).toMatch(new RegExp(`\\n  --${option}(?![\\w-])`));
        expect(section(name), `${name} --${option}`).toMatch(new RegExp(`\\n  --${option}(?![\\w-])`));
      }
    }
  });

  it('has a parser that accepts exactly its declared options', () => {
    for (const [name, { spec }] of Object.entries(COMMANDS)) {
      const options = parseArgsOptions(spec.options);
      expect(Object.keys(options), name).toEqual(Object.keys(spec.options));
      const every = Object.entries(spec.options).flatMap(([n, o]) =>
        o.type === 'boolean' ? [`--${n}`] : [`--${n}`, o.choices?.[0] ?? 'x'],
      );
      const r = parseArgs({ args: every, options, strict: true, allowPositionals: false });
      expect(Object.keys(r.values).sort(), name).toEqual(Object.keys(spec.options).sort());
      expect(() => parseArgs({ args: ['--undeclared'], options, strict: true }), name).toThrow(/Unknown option/);
    }
  });
});

describe('the refusals a command line gets from its declaration', () => {
  it('an unknown option names the command’s options', async () => {
    const r = await cli('keygen', '--out', 'k', '--pubkey', 'x');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "error: unknown option '--pubkey': keygen takes --out, --force or --lang (instant-lab keygen --help says what each does)\n",
    );
  });

  it('a value outside the choices names them, in the language asked', async () => {
    const args = ['export', '--game', 'loto', '--stake', '1', '--seed', '1', '--out', 'never.jsonl'];
    const en = await cli(...args);
    expect(en.code).toBe(2);
    expect(en.stderr).toBe('error: --game "loto" is not valid: expected mine-d-or or les-3-gongs\n');
    const fr = await cli(...args, '--lang', 'fr');
    expect(fr.stderr).toBe(`erreur : --game "loto" n'est pas valide : attendu mine-d-or ou les-3-gongs\n`);
    const version = await cli('simulate', '--game', 'mine-d-or', '--stake', '1', '--generator-version', '9');
    expect(version.stderr).toBe('error: --generator-version "9" is not valid: expected 1 or 2\n');
  });

  it('a missing required option gives the usage line', async () => {
    const en = await cli('keygen');
    expect(en.code).toBe(2);
    expect(en.stderr).toBe('error: --out is required: keygen --out KEYFILE [--force] [--lang fr|en]\n');
    const fr = await cli('keygen', '--lang', 'fr');
    expect(fr.stderr).toBe('erreur : --out est obligatoire : keygen --out KEYFILE [--force] [--lang fr|en]\n');
    const seed = await cli('export', '--game', 'mine-d-or', '--stake', '1', '--out', 'never.jsonl');
    expect(seed.stderr).toMatch(/^error: --seed is required: export \(--game mine-d-or\|les-3-gongs /);
  });
});
