/**
 * Instant Lab's command line as a process: `npm run <command> -- …`. Bad input is one line on
 * stderr and exit code 2, never a stack trace; a closed or full standard output is one line too.
 */
import { runCli } from './cli';
import { guardStandardOutput } from './output';

guardStandardOutput();
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
