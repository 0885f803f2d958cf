/**
 * `--table FILE.json`: a scenario table in the payout explorer's file format, read with its size
 * bounded before anything is parsed, and refused with the explorer's own words.
 */
import { open } from 'node:fs/promises';
import { MAX_SCENARIO_BYTES, fileTooLarge, parseScenarioJson } from '../src-engine/index';
import type { Scenario } from '../src-engine/index';
import { UsageError } from './errors';

const READ_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'its name is too long',
  ELOOP: 'its path has too many symbolic links',
};

function readError(path: string, err: unknown): unknown {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  if (code === '') return err;
  return new UsageError(`cannot read --table "${path}": ${READ_REASONS[code] ?? `system error ${code}`}`);
}

/** Reads and checks a scenario file; any problem is one {@link UsageError} naming every problem once. */
export async function readScenarioFile(path: string): Promise<Scenario> {
  let text: string;
  try {
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      const size = info.size;
      if (!info.isFile()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
      if (size > MAX_SCENARIO_BYTES) throw new UsageError(`--table "${path}": ${fileTooLarge(size).message}`);
      // Read at most one byte past the limit, whatever the file grew to since stat.
      const buf = Buffer.alloc(Math.min(size, MAX_SCENARIO_BYTES) + 1);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      if (bytesRead > MAX_SCENARIO_BYTES) throw new UsageError(`--table "${path}": ${fileTooLarge(bytesRead).message}`);
      text = buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw readError(path, err);
  }
  const r = parseScenarioJson(text);
  if (!r.ok) {
    throw new UsageError(
      `--table "${path}" is refused: ${r.problems.map((p) => p.message).join('; ')}`,
      `--table "${path}" est refusé : ${r.problems.map((p) => p.fr).join(' ; ')}`,
    );
  }
  return r.scenario;
}
