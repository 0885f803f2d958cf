/**
 * The plain C reference of `npm run bench` (scripts/c-reference/mine_dor_ref.c): compiled with
 * `gcc -O2` when gcc exists, run on one thread beside the engine, with and without the digest.
 */
import { spawnSync } from 'node:child_process';
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
