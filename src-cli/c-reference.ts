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
  readonly units: number;
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

/** The program's arguments: Mine d'or blocks at 0.50 €, seeds `seed`…`seed + blocks − 1`. */
function cArgs(seed: number, blocks: number, digest: boolean): string[] {
  return ['--stake', '50', '--seed', String(seed), '--blocks', String(blocks), ...(digest ? [] : ['--no-digest'])];
}

/** Exit 1 is a failed audit, still a run whose speed counts; anything else is a failure. */
function cRunOf(status: number | null, stdout: string, stderr: string): CRun {
  if (status !== 0 && status !== 1) throw new Error(`the C reference failed: ${stderr.trim()}`);
  return JSON.parse(stdout) as CRun;
}

/** Runs the compiled reference on Mine d'or blocks at 0.50 €, seeds `seed`…`seed + blocks − 1`. */
export function runCReference(binary: string, seed: number, blocks: number, digest: boolean): CRun {
  const r = spawnSync(binary, cArgs(seed, blocks, digest), { encoding: 'utf8' });
  return cRunOf(r.status, r.stdout, r.stderr);
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
    Array.from({ length: processes }, (_, k) => runCReferenceAsync(binary, seed + 10_000 * k, blocks)),
  );
  const seconds = (performance.now() - t0) / 1000;
  const many = runs.reduce((sum, r) => sum + r.units, 0) / seconds;
  return { one, many, ratio: many / one };
}

/** {@link runCReference} with the digest, in a child that runs while this thread waits. */
function runCReferenceAsync(binary: string, seed: number, blocks: number): Promise<CRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, cArgs(seed, blocks, true), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(cRunOf(code, out, err));
      } catch (e) {
        reject(e as Error);
      }
    });
  });
}
