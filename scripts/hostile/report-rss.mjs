/**
 * Preloaded into a command-line run of the hostile corpus (`node --import`): writes the process's
 * peak resident memory (kB, worker threads included) to the file named by IL_RSS_FILE at exit.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.IL_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
