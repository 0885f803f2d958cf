/**
 * `bench`'s export and verify rows: one Mine d'or block exported to a JSONL file on one worker and
 * on two (as `export` does: lines made on the workers, written in order), timed beside a plain copy
 * of the same bytes; then verified on one worker and on two, each timed beside
 * a plain pass that `JSON.parse`s every line of the same file, in the same run. Ratios are what the
 * targets read: verify ≥ 0.7 × the plain pass on one worker, two workers ≥ 1.8 × one. Beside the
 * two-worker row, the plain pass split the same way over one worker thread and over two (each its
 * byte range of the file, cut at line ends): what this machine's two cores give a pass that shares
 * nothing, measured in the same run.
 */
import { createReadStream, createWriteStream, closeSync, openSync, readSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
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
  /** Verify on 1 worker and on 2, each with its verdict. */
  readonly verify: readonly (Pass & { readonly workers: number; readonly conforming: boolean })[];
}

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
    const verify: (Pass & { workers: number; conforming: boolean })[] = [];
    const threads: (Pass & { workers: number })[] = [];
    let plainSeconds: Timing = { seconds: Infinity, cpu: 0 };
    for (const workers of [1, 2]) {
      // the plain pass beside each, in the same run: the fastest of them is the reference
      const plain = await timed(() => plainParse(file));
      if (plain.seconds < plainSeconds.seconds) plainSeconds = plain;
      threads.push({ ...pass(await plainParseThreads(file, bytes, workers), bytes, units), workers });
      const pool = threadPool(workers);
      try {
        await pool.warm();
        let conforming = false;
        const s = await timed(
          async () => (conforming = (await verifyFile(file, pool)).result.verdict === 'conforming'),
        );
        verify.push({ ...pass(s, bytes, units), workers, conforming });
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
      verify,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rows as text, in English or French (one language a line). */
export function verifyBenchText(b: VerifyBench, fr: boolean): string {
  const num = (x: number, d = 0) => x.toLocaleString(fr ? 'fr-FR' : 'en-GB', { maximumFractionDigits: d });
  const row = (name: string, p: Pass) =>
    `  ${name.padEnd(28)} ${num(p.seconds, 2).padStart(7)} s  ${num(p.mb_per_second, 1).padStart(7)} ${fr ? 'Mo/s' : 'MB/s'}  ${num(p.units_per_second).padStart(9)} ${fr ? 'unités/s' : 'units/s'}  CPU ${num(p.cpu_seconds, 2).padStart(6)} s`;
  const one = b.verify.find((v) => v.workers === 1)!;
  const two = b.verify.find((v) => v.workers === 2)!;
  const x = (r: number) => `${num(r, 2)}×`;
  const t1 = b.plain_parse_threads.find((t) => t.workers === 1)!;
  const t2 = b.plain_parse_threads.find((t) => t.workers === 2)!;
  const machine = t1.seconds / t2.seconds;
  const game = b.game === 'mine-d-or' ? "Mine d'or" : 'Les 3 Gongs';
  return [
    fr
      ? `\nExport et vérification d'un bloc ${game} (${num(b.units)} unités, ${num(b.bytes / 1e6, 1)} Mo), même passe :`
      : `\nExport and verify of one ${game} block (${num(b.units)} units, ${num(b.bytes / 1e6, 1)} MB), same run:`,
    row(fr ? 'export (JSONL), 1 worker' : 'export (JSONL), 1 worker', b.export[0]!),
    row(fr ? 'export (JSONL), 2 workers' : 'export (JSONL), 2 workers', b.export[1]!),
    row(fr ? 'copie simple des octets' : 'plain copy of the bytes', b.plain_copy),
    row(fr ? 'JSON.parse de chaque ligne' : 'JSON.parse of every line', b.plain_parse),
    row(fr ? 'verify, 1 worker' : 'verify, 1 worker', one),
    row(fr ? 'verify, 2 workers' : 'verify, 2 workers', two),
    row(fr ? 'JSON.parse sur 1 thread' : 'JSON.parse on 1 thread', t1),
    row(fr ? 'JSON.parse sur 2 threads' : 'JSON.parse on 2 threads', t2),
    fr
      ? `  export sur 1 worker = ${x(b.plain_copy.seconds / b.export[0]!.seconds)} la copie, 2 workers = ${x(b.export[0]!.seconds / b.export[1]!.seconds)} un ; verify sur 1 worker = ${x(b.plain_parse.seconds / one.seconds)} le JSON.parse (cible ≥ 0,7) ; 2 workers = ${x(one.seconds / two.seconds)} un (cible ≥ 1,8) ; verdicts : ${b.verify.every((v) => v.conforming) ? 'conformes' : 'NON CONFORMES'}`
      : `  export on 1 worker = ${x(b.plain_copy.seconds / b.export[0]!.seconds)} the copy, 2 workers = ${x(b.export[0]!.seconds / b.export[1]!.seconds)} one; verify on 1 worker = ${x(b.plain_parse.seconds / one.seconds)} the JSON.parse pass (target ≥ 0.7); 2 workers = ${x(one.seconds / two.seconds)} one (target ≥ 1.8); verdicts: ${b.verify.every((v) => v.conforming) ? 'conforming' : 'NOT CONFORMING'}`,
    fr
      ? `  le JSON.parse partagé de même (sa plage d'octets à chaque thread) : 2 threads = ${x(machine)} un, ce que les 2 cœurs de cette machine ont permis dans cette passe ; verify 2 workers ÷ 1 = ${num((one.seconds / two.seconds / machine) * 100)} % de ce rapport`
      : `  the JSON.parse pass split the same way (each thread its byte range): 2 threads = ${x(machine)} one, what this machine's 2 cores allowed in this run; verify's 2 workers ÷ 1 = ${num((one.seconds / two.seconds / machine) * 100)}% of that ratio`,
    fr
      ? `  en secondes CPU, quelle que soit la charge : verify sur 1 worker = ${x(b.plain_parse.cpu_seconds / one.cpu_seconds)} le JSON.parse, sur 2 workers ${x(two.cpu_seconds / one.cpu_seconds)} le CPU d'un ; JSON.parse sur 2 threads ${x(t2.cpu_seconds / t1.cpu_seconds)} le CPU d'un`
      : `  in CPU seconds, whatever the load: verify on 1 worker = ${x(b.plain_parse.cpu_seconds / one.cpu_seconds)} the JSON.parse pass, on 2 workers ${x(two.cpu_seconds / one.cpu_seconds)} the CPU of one; JSON.parse on 2 threads ${x(t2.cpu_seconds / t1.cpu_seconds)} the CPU of one`,
    '',
  ].join('\n');
}
