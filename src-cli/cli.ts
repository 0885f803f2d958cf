/**
 * Instant Lab's command line as a function: the commands, their help, and the one-line message of
 * every error a user can act on. `main.ts` runs it as a process; the tests call it in-process.
 */
import { EXIT_BAD_INPUT, UsageError, userMessage } from './errors';
import { asksHelp, langOfArgv } from './args';
import { SIMULATE_USAGE, simulateCommand } from './commands/simulate';
import { REPLAY_USAGE, replayCommand } from './commands/replay';
import { EXPORT_USAGE, exportCommand } from './commands/export';
import { BENCH_USAGE, benchCommand } from './commands/bench';
import { AUDIT_USAGE, auditCommand } from './commands/audit';
import { CALIBRATE_USAGE, calibrateCommand } from './commands/calibrate';
import { VERIFY_USAGE } from './commands/verify';
import { verifyOrEmissionCommand } from './commands/verify-emission';
import { EVIDENCE_USAGE, evidenceCommand } from './commands/evidence';
import { KEYGEN_USAGE, keygenCommand } from './commands/keygen';
import { VERIFY_BUNDLE_USAGE, verifyBundleCommand } from './commands/verify-bundle';
import { OPTIMISE_USAGE, optimiseCommand } from './commands/optimise';
import { PROFILE_USAGE, profileCommand } from './commands/profile';
import { JOURNAL_HELP, JOURNAL_USAGE, journalCommand } from './commands/journal';
import { GENERATOR_ID, GENERATOR_VERSIONS, generatorId } from '@engine';
import pkg from '../package.json' with { type: 'json' };

/** Every command: its usage line, what it does, and how it runs. */
export const COMMANDS: Readonly<
  Record<string, { usage: string; does: string; help?: string; run: (argv: string[]) => Promise<number> }>
> = {
  simulate: {
    usage: SIMULATE_USAGE,
    does: 'builds and audits whole blocks, prints the reconciliation per prize level (art. 3), RTP and digests (R1, R4)',
    run: simulateCommand,
  },
  replay: {
    usage: REPLAY_USAGE,
    does: 'opens one unit from its reference alone (R2, R3), explains every grid and checks the lot (R4); with --case, writes a signed dispute case (claim, conclusion, replay evidence, rules cited, Merkle proof)',
    run: replayCommand,
  },
  export: { usage: EXPORT_USAGE, does: 'streams a whole block to a JSONL or CSV file', run: exportCommand },
  audit: {
    usage: AUDIT_USAGE,
    does: 'writes the compliance report of one or more blocks (HTML or JSON)',
    run: auditCommand,
  },
  calibrate: {
    usage: CALIBRATE_USAGE,
    does: 'measures the placement tests’ false-failure rate and power',
    run: calibrateCommand,
  },
  verify: {
    usage: VERIFY_USAGE,
    does: 'checks export files, ours or foreign, against the rules; a folder or a manifest as one emission',
    run: verifyOrEmissionCommand,
  },
  evidence: {
    usage: EVIDENCE_USAGE,
    does: 'writes the evidence bundle of a report (zip, optionally signed)',
    run: evidenceCommand,
  },
  keygen: { usage: KEYGEN_USAGE, does: 'creates a signing key pair for evidence bundles', run: keygenCommand },
  'verify-bundle': {
    usage: VERIFY_BUNDLE_USAGE,
    does: 'checks an evidence bundle or a dispute case: its files, digests and signature; a case also its unit, its rule texts and its Merkle proof rebuilt from the seed (R1, R2)',
    run: verifyBundleCommand,
  },
  optimise: {
    usage: OPTIMISE_USAGE,
    does: 'finds the integer lot counts that meet RTP and hit-rate targets, writes a scenario file',
    run: optimiseCommand,
  },
  bench: { usage: BENCH_USAGE, does: 'measures generate + audit throughput per game', run: benchCommand },
  profile: {
    usage: PROFILE_USAGE,
    does: 'prints the functions that take the most time on whole blocks',
    run: profileCommand,
  },
  journal: {
    usage: JOURNAL_USAGE,
    does: 'checks a compliance journal’s hash chain and names the first broken entry',
    help: JOURNAL_HELP,
    run: journalCommand,
  },
};

/** What `help` prints: how to run a command, then every command's usage line. */
export const USAGE = [
  'usage: instant-lab <command> …   (in the checkout: npm run <command> -- …)',
  ...Object.values(COMMANDS).map((c) => `  ${c.usage}`),
].join('\n');

/** What `--version` prints: this build, and the generator versions it reproduces byte for byte (R1, R5). */
export const VERSION = [
  `instant-lab ${pkg.version}`,
  `generators reproduced: ${GENERATOR_VERSIONS.map(generatorId).join(', ')} (new blocks: ${GENERATOR_ID})`,
].join('\n');

/** The help of one command, as `--help` prints it: its usage line and what it does. */
export function commandHelp(name: string): string {
  const c = COMMANDS[name]!;
  if (c.help !== undefined) return c.help.trimEnd();
  return `usage: instant-lab ${name} ${c.usage.slice(name.length).trim()}\n${name}: ${c.does}`;
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
