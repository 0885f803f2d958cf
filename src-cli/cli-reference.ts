/**
 * `docs/cli.md`, the command line's reference page, made from the words `--help` prints — the one
 * source of each command's usage and description — so the page can never say something else.
 */
import { COMMANDS, USAGE, VERSION, commandHelp } from './cli';

/** The reference page in Markdown: how commands are run, then each command's help as it prints it. */
export function cliReference(): string {
  const block = (text: string): string => `\`\`\`text\n${text}\n\`\`\`\n`;
  const parts = [
    '# Command-line reference\n',
    '<!-- Made by `npm run docs:cli` from the commands themselves; src-cli/cli-reference.test.ts fails when it differs. -->\n',
    'Every command answers `--help` (or `-h`) with the text shown here, and writes English unless',
    'given `--lang fr` (one language per line). Installed from the checkout or a packed tarball the',
    'commands are `instant-lab <command>` (`npx instant-lab …`); inside the checkout `npm run',
    '<command> -- …` runs the same. Exit codes: 0 done, 1 a finding (or an internal error), 2 bad input.\n',
    '## Commands\n',
    block(USAGE),
    '## `--version`\n',
    block(VERSION),
    ...Object.keys(COMMANDS).flatMap((name) => [`## ${name}\n`, block(commandHelp(name))]),
  ];
  return parts.join('\n');
}
