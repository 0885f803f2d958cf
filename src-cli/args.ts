/**
 * Command-line options, parsed by each command's declaration (command-spec.ts) with Node's
 * `parseArgs`, plus what it does not refuse itself: a flag given twice (which would otherwise
 * silently take its last value, even after an invalid one), a value outside its choices, a missing
 * required option; and its unknown-option message, which names the options the command takes.
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { readStrictNumber, strictNumberProblem } from '@engine';
import type { NumberRule } from '@engine';
import { UsageError } from './errors';
import { usageLine } from './command-spec';
import type { CommandSpec, OptionSpec, OptionSpecs } from './command-spec';

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

/** The value of one option: a string or a switch, a list of them when it may be given more than once. */
type ValueOf<O extends OptionSpec> = O['type'] extends 'boolean'
  ? O['multiple'] extends true
    ? boolean[]
    : boolean
  : O['multiple'] extends true
    ? string[]
    : string;

/** Whether an option always has a value after parsing: required, or defaulted. */
type Always<O extends OptionSpec> = O extends { required: true } ? true : O extends { default: unknown } ? true : false;

/** The values parsed from a command's options: present when required or defaulted, optional otherwise. */
export type FlagValues<O extends OptionSpecs> = {
  -readonly [K in keyof O as Always<O[K]> extends true ? K : never]: ValueOf<O[K]>;
} & { -readonly [K in keyof O as Always<O[K]> extends true ? never : K]?: ValueOf<O[K]> };

/** The `parseArgs` options of a command: each option's type, list-ness and default, from its spec. */
export function parseArgsOptions(options: OptionSpecs): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    Object.entries(options).map(([name, o]) => [
      name,
      {
        type: o.type,
        ...(o.multiple ? { multiple: true } : {}),
        ...(o.default !== undefined ? { default: o.default } : {}),
      },
    ]),
  ) as NonNullable<ParseArgsConfig['options']>;
}

/** A list in words: `a, b or c` (`a, b ou c`). */
const either = (items: readonly string[], or: string): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)!}`;

/**
 * Parses a command's arguments by its declaration: strict, a flag given twice refused (unless
 * `multiple`), an unknown option refused naming the command's options, a value outside `choices`
 * refused naming them, a `required` option missing refused with the usage line; defaults applied.
 */
export function parseFlags<O extends OptionSpecs>(
  argv: string[],
  spec: CommandSpec<O>,
): { values: FlagValues<O>; positionals: string[] } {
  let r;
  try {
    r = parseArgs({
      args: argv,
      options: parseArgsOptions(spec.options),
      strict: true,
      allowPositionals: spec.positionals === true,
      tokens: true,
    });
  } catch (e) {
    const code = e instanceof Error && 'code' in e ? e.code : undefined;
    if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw e;
    // parseArgs names the option as typed (`--nope`, `-x`)
    const given = /^Unknown option '(.*?)'/.exec((e as Error).message)?.[1] ?? '?';
    const known = Object.keys(spec.options).map((n) => `--${n}`);
    throw new UsageError(
      `unknown option '${given}': ${spec.name} takes ${either(known, 'or')} (instant-lab ${spec.name} --help says what each does)`,
      `option inconnue '${given}' : ${spec.name} prend ${either(known, 'ou')} (instant-lab ${spec.name} --help dit ce que fait chacune)`,
    );
  }
  const lists = new Set(Object.entries(spec.options).flatMap(([k, o]) => (o.multiple === true ? [k] : [])));
  refuseRepeatedFlags(r.tokens, lists);
  const values = r.values as Record<string, string | boolean | (string | boolean)[] | undefined>;
  for (const [name, o] of Object.entries(spec.options)) {
    const v = values[name];
    if (o.choices === undefined || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      if (typeof one === 'string' && !o.choices.includes(one))
        throw new UsageError(
          `--${name} "${one}" is not valid: expected ${either(o.choices, 'or')}`,
          `--${name} "${one}" n'est pas valide : attendu ${either(o.choices, 'ou')}`,
        );
  }
  for (const [name, o] of Object.entries(spec.options))
    if (o.required && values[name] === undefined) {
      const usage = usageLine(spec);
      throw new UsageError(`--${name} is required: ${usage}`, `--${name} est obligatoire : ${usage}`);
    }
  return { values: values as FlagValues<O>, positionals: r.positionals };
}

/**
 * The value of a number flag read by the engine's one strict reader ({@link readStrictNumber}), or
 * `fallback` when the flag is absent (a flag with a declared default is never absent):
 * `--blocks " 5"`, `0x10`, `1e3`, `+1` and `""` are refused.
 */
export function numberFlag(name: string, text: string, rule: NumberRule): number;
export function numberFlag(name: string, text: string | undefined, rule: NumberRule, fallback: number): number;
export function numberFlag(name: string, text: string | undefined, rule: NumberRule, fallback?: number): number {
  if (text === undefined) return fallback!;
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
