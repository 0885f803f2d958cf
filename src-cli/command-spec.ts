/**
 * One declaration per command — its options, their types, values, defaults, choices and help — from
 * which come the argument parser's configuration and its errors (`parseFlags`), the usage line, the
 * `--help` text and so the reference page (docs/reference/cli.md): none of them can say another thing.
 */

/** One option of a command. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  /** What `--help` says the option does (one line, English as the help is). */
  readonly help: string;
  /** The value's placeholder in the usage line (`FILE.json`); by default the choices, or `X`. */
  readonly value?: string;
  /** Refused when absent, in every form of the command. */
  readonly required?: true;
  /** The value when absent. */
  readonly default?: string | boolean;
  /** The only values accepted; any other is refused, naming them. */
  readonly choices?: readonly string[];
  /** Given any number of times, its values collected in order. */
  readonly multiple?: true;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/**
 * One way of calling the command, as its usage line writes it. The options of a form are written
 * in the order given, bare when the form needs them (or they are always required), else in brackets.
 */
export interface FormSpec {
  /** The words between the command's name and its options: a sub-command, positional arguments. */
  readonly lead?: string;
  /** The options this form takes, in order (by default all, in the order they are declared). */
  readonly options?: readonly string[];
  /** The options this form needs beyond those always required (the command checks them). */
  readonly needs?: readonly string[];
  /**
   * Options given one way or another, written `(A | B)` where the first of them would be: each
   * way lists its options, bare when needed, `?name` when optional (the command checks them).
   */
  readonly oneOf?: readonly (readonly string[])[];
  /** Words after the options (a note on the positional arguments). */
  readonly tail?: string;
}

export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  readonly name: string;
  /** One line: what the command does, printed under its usage. */
  readonly does: string;
  readonly options: O;
  /** Whether the command takes positional arguments (written in its forms' `lead`). */
  readonly positionals?: true;
  /** Its ways of being called; one form of all its options by default. */
  readonly forms?: readonly FormSpec[];
  /** More lines of help after the options table (exit codes, what a sub-command does). */
  readonly details?: string;
}

/** Declares a command, keeping the literal types of its options so that the parsed values are typed. */
export function defineCommand<const O extends OptionSpecs>(spec: CommandSpec<O>): CommandSpec<O> {
  for (const form of spec.forms ?? []) {
    const named = [...(form.options ?? []), ...(form.needs ?? []), ...(form.oneOf ?? []).flat()];
    for (const n of named)
      if (!Object.hasOwn(spec.options, n.replace(/^\?/, '')))
        throw new Error(`${spec.name}: the usage names --${n}, which is not declared`);
  }
  return spec;
}

/** `--name VALUE` (or `--name` for a switch), as the usage and the options table write it. */
export function optionWords(name: string, o: OptionSpec): string {
  if (o.type === 'boolean') return `--${name}`;
  return `--${name} ${o.value ?? o.choices?.join('|') ?? 'X'}`;
}

/** One option in a usage line: bare when needed, else bracketed; `…` after one given many times. */
function usageWord(name: string, o: OptionSpec, needed: boolean): string {
  const words = optionWords(name, o);
  return `${needed ? words : `[${words}]`}${o.multiple ? '…' : ''}`;
}

/** One form's words after the command's name. */
function formWords(spec: CommandSpec, form: FormSpec): string {
  const names = form.options ?? Object.keys(spec.options);
  const inGroup = new Set((form.oneOf ?? []).flat().map((n) => n.replace(/^\?/, '')));
  const needed = (n: string): boolean => spec.options[n]!.required === true || (form.needs ?? []).includes(n);
  const group = (form.oneOf ?? [])
    .map((way) =>
      way
        .map((n) =>
          n.startsWith('?')
            ? usageWord(n.slice(1), spec.options[n.slice(1)]!, false)
            : usageWord(n, spec.options[n]!, true),
        )
        .join(' '),
    )
    .join(' | ');
  const words: string[] = form.lead === undefined ? [] : [form.lead];
  let grouped = false;
  for (const n of names) {
    if (!inGroup.has(n)) words.push(usageWord(n, spec.options[n]!, needed(n)));
    else if (!grouped) {
      words.push(`(${group})`);
      grouped = true;
    }
  }
  if (form.tail !== undefined) words.push(form.tail);
  return words.join(' ');
}

/** The usage lines of a command, one per form, each starting with the command's name. */
export function usageLines(spec: CommandSpec): string[] {
  return (spec.forms ?? [{ options: Object.keys(spec.options) }]).map((f) => `${spec.name} ${formWords(spec, f)}`);
}

/** The usage on one line (forms joined by `|`), as errors and the list of commands print it. */
export function usageLine(spec: CommandSpec): string {
  return usageLines(spec).join(' | ');
}

/** What `--help` prints: the usage (a line per form), what the command does, its options table, its details. */
export function helpText(spec: CommandSpec): string {
  const [first, ...more] = usageLines(spec);
  const rows = Object.entries(spec.options).map(([n, o]) => {
    const notes = [
      ...(o.required ? ['required'] : []),
      ...(o.default !== undefined && o.type === 'string' ? [`default ${String(o.default)}`] : []),
      ...(o.multiple ? ['may be given more than once'] : []),
    ];
    return [optionWords(n, o), notes.length > 0 ? `${o.help} (${notes.join('; ')})` : o.help] as const;
  });
  const width = Math.max(...rows.map(([w]) => w.length));
  return [
    `usage: instant-lab ${first}`,
    ...more.map((l) => `       instant-lab ${l}`),
    `${spec.name}: ${spec.does}`,
    'options:',
    ...rows.map(([w, h]) => `  ${w.padEnd(width)}  ${h}`),
    ...(spec.details === undefined ? [] : [spec.details.trimEnd()]),
  ].join('\n');
}
