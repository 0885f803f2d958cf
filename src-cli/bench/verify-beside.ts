/**
 * `bench`'s export and verify rows: one Mine d'or block exported to a JSONL file on one worker and
 * on two (as `export` does: lines made on the workers, written in order), timed beside a plain copy
 * of the same bytes; then verified on one worker and on two, each timed beside
 * a plain pass that `JSON.parse`s every line of the same file, in the same run. Ratios are what the
 * targets read: verify ≥ 0.7 × the plain pass on one worker, two workers ≥ 1.8 × one. Beside the
 * two-worker row, the plain pass split the same way over one worker thread and over two (each its
 * byte range of the file, cut at line ends): what this machine's two cores give a pass that shares
 * nothing, measured in the same run; and the file's SHA-256 alone on one thread, the part of verify
 * that two workers cannot share (the rows' text, `verify-text.ts`, bounds two workers with it).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, closeSync, openSync, readSync } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { jsonlHeader, officialBlock } from '@engine';
import type { BlockSpec, GameId } from '@engine';
import { verifyFile } from '../commands/verify';
import type { JobPool } from '@shared/jobs/pool';
import { threadPool } from '../pool';
import { writeUnitLines } from '../export-range';

/** One timed pass over the file: seconds, and its throughput. */
export interface Pass {
  readonly seconds: number;
  /**
   * CPU seconds of this process over the pass, every thread (its workers, Node's own): what the
   * pass cost whatever else the machine ran meanwhile, when wall times say more of the load.
   */
  readonly cpu_seconds: number;
  readonly mb_per_second: number;
  readonly units_per_second: number;
}

export interface VerifyBench {
  /** The game of the block timed (the bench's is Mine d'or's, its largest). */
  readonly game: GameId;
  readonly units: number;
  readonly bytes: number;
  /** Export on 1 worker and on 2. */
  readonly export: readonly (Pass & { readonly workers: number })[];
  /** The same bytes copied from the export to another file (read and write). */
  readonly plain_copy: Pass;
  /** Every line read and `JSON.parse`d, nothing checked. */
  readonly plain_parse: Pass;
  /** The same pass split over 1 worker thread and over 2, each reading its byte range of the file. */
  readonly plain_parse_threads: readonly (Pass & { readonly workers: number })[];
  /** The file read and SHA-256'd on one thread, as verify's main thread does, nothing else. */
  readonly sha256: Pass;
  /**
   * Verify on 1 worker and on 2, each with its verdict and the CPU seconds its workers spent in
   * their jobs (null off Linux).
   */
  readonly verify: readonly VerifyPass[];
  /**
   * The same file verified again on the same workers, their code now compiled by V8: what each
   * later block of an emission costs, where a single block's run also pays the workers' warm-up.
   */
  readonly verify_compiled: readonly VerifyPass[];
}

export type VerifyPass = Pass & {
  readonly workers: number;
  readonly conforming: boolean;
  readonly worker_cpu_seconds: number | null;
};

/** Wall and CPU seconds of a pass. */
interface Timing {
  readonly seconds: number;
  readonly cpu: number;
}

const pass = ({ seconds, cpu }: Timing, bytes: number, units: number): Pass => ({
  seconds,
  cpu_seconds: cpu,
  mb_per_second: bytes / 1e6 / seconds,
  units_per_second: units / seconds,
});

async function timed(f: () => Promise<unknown>): Promise<Timing> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await f();
  const c = process.cpuUsage(c0);
  return { seconds: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

/** Writes a block's JSONL export as the `export` command does: header, then its lines made on the pool. */
async function writeExport(path: string, spec: BlockSpec, pool: JobPool): Promise<number> {
  const out = createWriteStream(path);
  const write = (s: string | Uint8Array) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(`${jsonlHeader(spec)}\n`);
  await writeUnitLines(pool, { spec, scenario: false, format: 'jsonl' }, write);
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return spec.table.blockUnits;
}

/** The file read in 4 MiB pieces and hashed, as `verifyOnPool`'s main thread does. */
async function hashFile(path: string): Promise<string> {
  const handle = await open(path);
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    for (let at = 0; ; ) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) return hash.digest('hex');
      hash.update(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

async function plainParse(path: string): Promise<void> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) JSON.parse(line);
}

/**
 * A thread of the split plain pass: its byte range read in 4 MiB pieces, every line `JSON.parse`d,
 * the count of lines posted back. Plain JavaScript, so that it measures the machine, not our code.
 */
const PARSE_RANGE_THREAD = `
const { parentPort } = require('node:worker_threads');
const { closeSync, openSync, readSync } = require('node:fs');
const { StringDecoder } = require('node:string_decoder');
parentPort.on('message', ({ path, start, end }) => {
  const fd = openSync(path, 'r');
  const buf = Buffer.alloc(4 << 20);
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let lines = 0;
  for (let at = start; at < end; ) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, end - at), at);
    if (n === 0) break;
    at += n;
    const parts = (carry + decoder.write(buf.subarray(0, n))).split('\\n');
    carry = parts.pop();
    for (const line of parts) JSON.parse(line);
    lines += parts.length;
  }
  if (carry) { JSON.parse(carry); lines++; }
  closeSync(fd);
  parentPort.postMessage(lines);
});`;

/** Where each of `parts` equal shares of the file starts, moved to the start of a line. */
function lineCuts(path: string, bytes: number, parts: number): number[] {
  const cuts = [0];
  const fd = openSync(path, 'r');
  try {
    const window = Buffer.alloc(1 << 20);
    for (let k = 1; k < parts; k++) {
      const at = Math.floor((bytes * k) / parts);
      const n = readSync(fd, window, 0, window.length, at);
      const nl = window.subarray(0, n).indexOf(10);
      cuts.push(nl < 0 ? bytes : at + nl + 1);
    }
  } finally {
    closeSync(fd);
  }
  cuts.push(bytes);
  return cuts;
}

/** The plain pass over `threads` worker threads, each its share of the file; started before the clock. */
async function plainParseThreads(path: string, bytes: number, threads: number): Promise<Timing> {
  const workers = Array.from({ length: threads }, () => new Worker(PARSE_RANGE_THREAD, { eval: true }));
  try {
    await Promise.all(workers.map((w) => new Promise((resolve) => w.once('online', resolve))));
    const cuts = lineCuts(path, bytes, threads);
    return await timed(() =>
      Promise.all(
        workers.map(
          (w, k) =>
            new Promise<number>((resolve, reject) => {
              w.once('message', resolve);
              w.once('error', reject);
              w.postMessage({ path, start: cuts[k], end: cuts[k + 1] });
            }),
        ),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** One timed verify of `file` on `pool`, with its verdict and its workers' CPU in their jobs. */
async function timedVerify(
  file: string,
  pool: JobPool,
  bytes: number,
  units: number,
  workers: number,
): Promise<VerifyPass> {
  pool.resetStats();
  let conforming = false;
  const s = await timed(async () => (conforming = (await verifyFile(file, pool)).result.verdict === 'conforming'));
  const runNs = pool.workerStats().map((w) => w.runNs);
  const worker_cpu_seconds = runNs.every((n) => n !== null) ? runNs.reduce((a, n) => a + n!, 0) / 1e9 : null;
  return { ...pass(s, bytes, units), workers, conforming, worker_cpu_seconds };
}

/**
 * Runs the rows on a fresh export of `spec` (an official block: only those verify, R3; the bench's is a
 * whole Mine d'or block, the largest) in a temporary folder, removed after.
 */
export async function measureVerify(spec: BlockSpec = officialBlock('mine-d-or', 100, 7)): Promise<VerifyBench> {
  const dir = await mkdtemp(join(tmpdir(), 'instant-lab-bench-verify-'));
  try {
    const file = join(dir, 'block.jsonl');
    let units = 0;
    const exportSeconds: Timing[] = [];
    for (const workers of [1, 2]) {
      const pool = threadPool(workers);
      try {
        await pool.warm();
        exportSeconds.push(await timed(async () => (units = await writeExport(file, spec, pool))));
      } finally {
        await pool.close();
      }
    }
    const bytes = (await stat(file)).size;
    const copySeconds = await timed(() => pipeline(createReadStream(file), createWriteStream(join(dir, 'copy.jsonl'))));
    await rm(join(dir, 'copy.jsonl'));
    let sha256: Timing = { seconds: Infinity, cpu: 0 };
    const verify: VerifyPass[] = [];
    const verifyCompiled: VerifyPass[] = [];
    const threads: (Pass & { workers: number })[] = [];
    let plainSeconds: Timing = { seconds: Infinity, cpu: 0 };
    for (const workers of [1, 2]) {
      // the plain pass and the hash beside each, in the same run: the fastest of each is the reference
      const plain = await timed(() => plainParse(file));
      if (plain.seconds < plainSeconds.seconds) plainSeconds = plain;
      const hashed = await timed(() => hashFile(file));
      if (hashed.seconds < sha256.seconds) sha256 = hashed;
      threads.push({ ...pass(await plainParseThreads(file, bytes, workers), bytes, units), workers });
      const pool = threadPool(workers);
      try {
        await pool.warm();
        verify.push(await timedVerify(file, pool, bytes, units, workers));
        verifyCompiled.push(await timedVerify(file, pool, bytes, units, workers));
      } finally {
        await pool.close();
      }
    }
    return {
      game: spec.game,
      units,
      bytes,
      export: exportSeconds.map((t, k) => ({ ...pass(t, bytes, units), workers: k + 1 })),
      plain_copy: pass(copySeconds, bytes, units),
      plain_parse: pass(plainSeconds, bytes, units),
      plain_parse_threads: threads,
      sha256: pass(sha256, bytes, units),
      verify,
      verify_compiled: verifyCompiled,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
