/**
 * Command-line options: Node's `parseArgs`, plus the refusal of a flag given twice (which
 * would otherwise silently take its last value, even after an invalid one).
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { readStrictNumber, strictNumberProblem } from '@engine';
import type { NumberRule } from '@engine';
import { UsageError } from './errors';

/** The tokens parseArgs reports, as far as this check reads them. */
type Token = { kind: string; name?: string };

/** Throws a {@link UsageError} naming the first option given more than once (but those that take a list, `repeatable`). */
export function refuseRepeatedFlags(tokens: readonly Token[], repeatable: ReadonlySet<string> = new Set()): void {
  const seen = new Set<string>();
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name === undefined || repeatable.has(t.name)) continue;
    if (seen.has(t.name))
      throw new UsageError(
        `--${t.name} is given more than once: give it once`,
        `--${t.name} est donné plus d’une fois : donnez-le une seule fois`,
      );
    seen.add(t.name);
  }
}

/** `parseArgs` in strict mode that also refuses a repeated flag, unless it is declared `multiple`. */
export function parseFlags<O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  allowPositionals = false,
) {
  const r = parseArgs({ args: argv, options, strict: true, allowPositionals, tokens: true });
  const lists = new Set(Object.entries(options).flatMap(([k, o]) => (o.multiple === true ? [k] : [])));
  refuseRepeatedFlags(r.tokens, lists);
  return r;
}

/**
 * The value of a number flag read by the engine's one strict reader ({@link readStrictNumber}), or
 * `fallback` when the flag is absent: `--blocks " 5"`, `0x10`, `1e3`, `+1` and `""` are refused.
 */
export function numberFlag(name: string, text: string | undefined, rule: NumberRule, fallback: number): number {
  if (text === undefined) return fallback;
  const r = readStrictNumber(text, rule);
  if (r.ok) return r.value;
  const p = strictNumberProblem(r.reason, rule);
  throw new UsageError(`--${name} "${text}" ${p.en}`, `--${name} "${text}" ${p.fr}`);
}

/**
 * Whether the arguments ask for help: `--help` or `-h` anywhere before a `--` that ends the options,
 * so that `npm run replay -- --help` answers the command's usage instead of refusing an unknown option.
 */
export function asksHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** The languages of the command line's text (`--lang`), English by default. */
export type CliLang = 'fr' | 'en';

/** Reads `--lang fr|en`; `fallback` when it is not given. */
export function parseLang(value: string | undefined, fallback: CliLang = 'en'): CliLang {
  const lang = value ?? fallback;
  if (lang !== 'fr' && lang !== 'en')
    throw new UsageError(
      `--lang "${lang}" is not valid: expected fr or en`,
      `--lang "${lang}" n'est pas valide : attendu fr ou en`,
    );
  return lang;
}

/**
 * The language `argv` asks for, read before the command parses it, for the error line that may
 * come before: French only when every `--lang` before a `--` that ends the options says `fr`;
 * English otherwise, a missing or invalid value included (the command refuses that, in English).
 */
export function langOfArgv(argv: readonly string[]): CliLang {
  const end = argv.indexOf('--');
  const options = end < 0 ? argv : argv.slice(0, end);
  const given: string[] = [];
  options.forEach((a, i) => {
    if (a === '--lang') given.push(options[i + 1] ?? '');
    else if (a.startsWith('--lang=')) given.push(a.slice('--lang='.length));
  });
  return given.length > 0 && given.every((v) => v === 'fr') ? 'fr' : 'en';
}
