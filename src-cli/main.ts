/**
 * Instant Lab's command line: `npm run <command> -- …`. Bad input is one line on stderr and exit
 * code 2, never a stack trace.
 */
import { EXIT_BAD_INPUT, UsageError, userMessage } from './errors';
import { guardStandardOutput } from './output';
import { SIMULATE_USAGE, simulateCommand } from './commands/simulate';
import { REPLAY_USAGE, replayCommand } from './commands/replay';
import { EXPORT_USAGE, exportCommand } from './commands/export';
import { benchCommand } from './commands/bench';
import { AUDIT_USAGE, auditCommand } from './commands/audit';
import { CALIBRATE_USAGE, calibrateCommand } from './commands/calibrate';
import { VERIFY_USAGE, verifyCommand } from './commands/verify';
import { EVIDENCE_USAGE, evidenceCommand } from './commands/evidence';
import { KEYGEN_USAGE, keygenCommand } from './commands/keygen';
import { VERIFY_BUNDLE_USAGE, verifyBundleCommand } from './commands/verify-bundle';
import { OPTIMISE_USAGE, optimiseCommand } from './commands/optimise';
import { PROFILE_USAGE, profileCommand } from './commands/profile';

const USAGE = [
  'usage:',
  `  ${SIMULATE_USAGE}`,
  `  ${REPLAY_USAGE}`,
  `  ${EXPORT_USAGE}`,
  `  ${AUDIT_USAGE}`,
  `  ${CALIBRATE_USAGE}`,
  `  ${VERIFY_USAGE}`,
  `  ${EVIDENCE_USAGE}`,
  `  ${KEYGEN_USAGE}`,
  `  ${VERIFY_BUNDLE_USAGE}`,
  `  ${OPTIMISE_USAGE}`,
  '  bench [--json]',
  `  ${PROFILE_USAGE}`,
].join('\n');

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'simulate':
      return simulateCommand(rest);
    case 'replay':
      return replayCommand(rest);
    case 'export':
      return exportCommand(rest);
    case 'audit':
      return auditCommand(rest);
    case 'bench':
      return benchCommand(rest);
    case 'calibrate':
      return calibrateCommand(rest);
    case 'verify':
      return verifyCommand(rest);
    case 'evidence':
      return evidenceCommand(rest);
    case 'keygen':
      return keygenCommand(rest);
    case 'verify-bundle':
      return verifyBundleCommand(rest);
    case 'optimise':
      return optimiseCommand(rest);
    case 'profile':
      return profileCommand(rest);
    case undefined:
    case '--help':
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    default:
      throw new UsageError(
        `unknown command "${command}": expected simulate, replay, export, audit, calibrate or bench`,
        `unknown command "${command}": expected simulate, replay, export, audit, verify, evidence, keygen, verify-bundle, optimise or bench`,
      );
  }
}

guardStandardOutput();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const msg = userMessage(err);
    if (msg !== null) {
      process.stderr.write(`error: ${msg}\n`);
      process.exitCode = EXIT_BAD_INPUT;
    } else {
      process.stderr.write(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    }
  },
);
