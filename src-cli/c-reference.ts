/**
 * The plain C reference of `npm run bench` (scripts/c-reference/mine_dor_ref.c): compiled with
 * `gcc -O2` when gcc exists, run on one thread beside the engine, with and without the digest.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository root: this file runs from src-cli/ (tests) or bundled into out/cli/ (npm run bench).
const ROOT = new URL(import.meta.url.includes('/out/cli/') ? '../../' : '../', import.meta.url);
const SOURCE = fileURLToPath(new URL('scripts/c-reference/mine_dor_ref.c', ROOT));
const BINARY = fileURLToPath(new URL('out/c-reference/mine_dor_ref', ROOT));

/** One run of the C program, as its JSON line says. */
export interface CRun {
  readonly units_per_second: number;
  readonly units_per_cpu_second: number;
  readonly digests: readonly string[] | null;
  readonly audit_ok: boolean;
}

/** Compiles the reference; or says why not (no gcc, or a compile error). */
export function compileCReference(): { binary: string } | { error: string } {
  mkdirSync(dirname(BINARY), { recursive: true });
  const r = spawnSync('gcc', ['-O2', '-o', BINARY, SOURCE], { encoding: 'utf8' });
  if (r.error) return { error: `gcc not found (${r.error.message}): the C reference is skipped` };
  if (r.status !== 0) return { error: `gcc failed on ${SOURCE}: ${r.stderr.trim().split('\n')[0] ?? ''}` };
  return { binary: BINARY };
}

/** Runs the compiled reference on Mine d'or blocks at 0.50 €, seeds `seed`…`seed + blocks − 1`. */
export function runCReference(binary: string, seed: number, blocks: number, digest: boolean): CRun {
  const args = [
    '--stake',
    '50',
    '--seed',
    String(seed),
    '--blocks',
    String(blocks),
    ...(digest ? [] : ['--no-digest']),
  ];
  const r = spawnSync(binary, args, { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`the C reference failed: ${r.stderr.trim()}`);
  return JSON.parse(r.stdout) as CRun;
}

/**
 * The machine's own scaling, for `bench`'s two-worker figure: `processes` copies of the C program
 * at once, each on its own `blocks` blocks (seeds apart), against the same work in one process
 * right before. Plain C shares nothing between processes, so its ratio is what the cores give at
 * that moment; an engine ratio below it is the engine's, one equal to it is the machine's.
 */
export async function cReferenceScaling(
  binary: string,
  seed: number,
  blocks: number,
  processes: number,
): Promise<{ readonly one: number; readonly many: number; readonly ratio: number }> {
  const one = runCReference(binary, seed, blocks, true).units_per_second;
  const t0 = performance.now();
  const runs = await Promise.all(
    Array.from({ length: processes }, (_, k) =>
      runAsync(binary, ['--stake', '50', '--seed', String(seed + 10_000 * k), '--blocks', String(blocks)]),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const units = runs.reduce((sum, r) => sum + JSON.parse(r).units, 0) as number;
  const many = units / seconds;
  return { one, many, ratio: many / one };
}

function runAsync(binary: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 || code === 1 ? resolve(out) : reject(new Error(`the C reference failed: ${err.trim()}`)),
    );
  });
}
