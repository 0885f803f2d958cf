/**
 * Names of the temporary files that atomic writes use (desktop and command line): beside the
 * target (same folder, so the final rename is atomic), hidden, and never longer than NAME_MAX
 * when the target's name is not (a legal 230-character name used to fail).
 *
 * `.<name, cut to fit>~<8 hex of the whole name's hash>.<tag>.partial`, where the tag starts with
 * the writing process's id: a later run finds the leftovers of the same target by their prefix,
 * and removes those whose process no longer exists (a run killed by SIGKILL).
 */
import { createHash } from 'node:crypto';
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Longest file name (one path component) on Linux, macOS and Windows file systems, in bytes. */
export const NAME_MAX = 255;

const SUFFIX = '.partial';
/** Longest tag: a process id (10 digits), '-', 12 hex digits. */
const MAX_TAG = 10 + 1 + 12;
const TAG = /^(\d{1,10})(-[0-9a-f]{1,12})?$/;

/** The prefix shared by every temporary file of a target named `name`. */
export function temporaryPrefix(name: string): string {
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  const room = NAME_MAX - (1 + 1 + hash.length + 1 + MAX_TAG + SUFFIX.length);
  let cut = name;
  while (Buffer.byteLength(cut) > room) cut = Array.from(cut).slice(0, -1).join('');
  return `.${cut}~${hash}.`;
}

/** The temporary path of `target` for a writer tagged `tag` (`<pid>` or `<pid>-<hex>`). */
export function temporaryPath(target: string, tag: string): string {
  if (!TAG.test(tag)) throw new Error(`temporary file tag "${tag}" is not <pid> or <pid>-<hex>`);
  return join(dirname(target), `${temporaryPrefix(basename(target))}${tag}${SUFFIX}`);
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of `target` whose process no longer exists (killed runs);
 * returns their names. Never throws: a folder that cannot be read is reported by the write.
 */
export async function removeLeftovers(target: string): Promise<string[]> {
  const dir = dirname(target);
  const prefix = temporaryPrefix(basename(target));
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(SUFFIX)) continue;
    const m = TAG.exec(name.slice(prefix.length, -SUFFIX.length));
    if (!m || isAlive(Number(m[1]))) continue;
    await unlink(join(dir, name)).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}
