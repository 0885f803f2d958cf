/**
 * Instant Lab's command line as a function: the commands, their help, and the one-line message of
 * every error a user can act on. `main.ts` runs it as a process; the tests call it in-process.
 */
import { EXIT_BAD_INPUT, UsageError, userMessage } from './errors';
import { asksHelp, langOfArgv } from './args';
import { helpText, usageLine } from './command-spec';
import type { CommandSpec } from './command-spec';
import { SIMULATE, simulateCommand } from './commands/simulate';
import { REPLAY, replayCommand } from './commands/replay';
import { EXPORT, exportCommand } from './commands/export';
import { BENCH, benchCommand } from './commands/bench';
import { AUDIT, auditCommand } from './commands/audit';
import { CALIBRATE, calibrateCommand } from './commands/calibrate';
import { VERIFY } from './commands/verify';
import { verifyOrEmissionCommand } from './commands/verify-emission';
import { EVIDENCE, evidenceCommand } from './commands/evidence';
import { KEYGEN, keygenCommand } from './commands/keygen';
import { VERIFY_BUNDLE, verifyBundleCommand } from './commands/verify-bundle';
import { OPTIMISE, optimiseCommand } from './commands/optimise';
import { PROFILE, profileCommand } from './commands/profile';
import { JOURNAL, journalCommand } from './commands/journal';
import { GENERATOR_ID, GENERATOR_VERSIONS, generatorId } from '@engine';
import pkg from '../package.json' with { type: 'json' };

/** Every command: its declaration (options, usage, help) and how it runs, in the order `help` lists them. */
const LISTED: readonly { spec: CommandSpec; run: (argv: string[]) => Promise<number> }[] = [
  { spec: SIMULATE, run: simulateCommand },
  { spec: REPLAY, run: replayCommand },
  { spec: EXPORT, run: exportCommand },
  { spec: AUDIT, run: auditCommand },
  { spec: CALIBRATE, run: calibrateCommand },
  { spec: VERIFY, run: verifyOrEmissionCommand },
  { spec: EVIDENCE, run: evidenceCommand },
  { spec: KEYGEN, run: keygenCommand },
  { spec: VERIFY_BUNDLE, run: verifyBundleCommand },
  { spec: OPTIMISE, run: optimiseCommand },
  { spec: BENCH, run: benchCommand },
  { spec: PROFILE, run: profileCommand },
  { spec: JOURNAL, run: journalCommand },
];

/** Every command by its name. */
export const COMMANDS: Readonly<Record<string, (typeof LISTED)[number]>> = Object.fromEntries(
  LISTED.map((c) => [c.spec.name, c]),
);

/** What `help` prints: how to run a command, then every command's usage line. */
export const USAGE = [
  'usage: instant-lab <command> …   (in the checkout: npm run <command> -- …)',
  ...LISTED.map((c) => `  ${usageLine(c.spec)}`),
].join('\n');

/** What `--version` prints: this build, and the generator versions it reproduces byte for byte (R1, R5). */
export const VERSION = [
  `instant-lab ${pkg.version}`,
  `generators reproduced: ${GENERATOR_VERSIONS.map(generatorId).join(', ')} (new blocks: ${GENERATOR_ID})`,
].join('\n');

/** The help of one command, as `--help` prints it: from its declaration. */
export function commandHelp(name: string): string {
  return helpText(COMMANDS[name]!.spec);
}

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const c = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!c)
    throw new UsageError(
      `unknown command "${command}": expected ${Object.keys(COMMANDS).join(', ')}`,
      `commande inconnue "${command}" : attendu ${Object.keys(COMMANDS).join(', ')}`,
    );
  if (asksHelp(rest)) {
    process.stdout.write(`${commandHelp(command)}\n`);
    return 0;
  }
  return c.run(rest);
}

/**
 * Runs one command line (`argv` without `node` and the script) and returns its exit code: 0 done,
 * 1 a finding or an internal error, 2 bad input. Errors are written to stderr as one line, in the
 * language `--lang` asks for (English unless `--lang fr`).
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    return await dispatch([...argv]);
  } catch (err: unknown) {
    const lang = langOfArgv(argv);
    const msg = userMessage(err, lang);
    if (msg !== null) {
      process.stderr.write(lang === 'fr' ? `erreur : ${msg}\n` : `error: ${msg}\n`);
      return EXIT_BAD_INPUT;
    }
    process.stderr.write(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  }
}
