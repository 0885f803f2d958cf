/**
 * Vitest's global setup: bundles the command line's worker thread (`range-worker.ts`), and the
 * desktop main process's (`journal-worker.ts`), once per test run, with esbuild as `scripts/cli.mjs` does, and names its folder in
 * {@link WORKER_BUNDLE_ENV} for the test processes (they inherit this process's environment).
 *
 * Why: an in-process `cli()` runs the command line from TypeScript sources, so each worker thread
 * it starts would load the whole engine through tsx, a few seconds per worker on every call. The
 * bundle is made from the same sources at the start of the run, so the workers run the code the
 * tests see.
 */
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { WORKER_BUNDLE_ENV } from '../spawn-worker';

const root = join(import.meta.dirname, '..', '..');

/**
 * Takes the packages' modules as free of side effects, so that a package the worker's jobs never
 * call (the PDF and font libraries the engine's index also exports) is left out of the bundle
 * instead of being loaded, and its fonts decompressed, by every worker.
 */
const packagesWithoutSideEffects: Plugin = {
  name: 'packages-without-side-effects',
  setup(b) {
    // a package's name: not relative, absolute, Node's own or the project's aliases
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if ((args.pluginData as { inner?: boolean } | undefined)?.inner) return undefined;
      if (/^(node:|@engine|@shared)/.test(args.path)) return undefined;
      const { kind, resolveDir, importer } = args;
      const r = await b.resolve(args.path, { kind, resolveDir, importer, pluginData: { inner: true } });
      if (r.errors.length > 0 || !r.path.includes('/node_modules/')) return r;
      return { ...r, sideEffects: false };
    });
  },
};

export default async function setup(): Promise<() => void> {
  // in the ignored test-results/ (so that the bundle's package imports resolve to node_modules),
  // one folder per run: runs started side by side never share a bundle
  const outdir = join(root, 'test-results', `worker-bundle-${process.pid}`);
  mkdirSync(outdir, { recursive: true });
  await build({
    // named, so that both land at the folder's top whatever folders their sources are in
    entryPoints: {
      'range-worker': join(root, 'src-cli', 'range-worker.ts'),
      'journal-worker': join(root, 'src-main', 'main', 'journal', 'journal-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
    // the packages bundled too: a worker resolving and loading each from node_modules takes longer
    // than the whole bundle (CommonJS ones get the `require` they expect)
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    plugins: [packagesWithoutSideEffects],
    tsconfig: join(root, 'tsconfig.node.json'),
  });
  process.env[WORKER_BUNDLE_ENV] = outdir;
  // the command line's own bundle (out/cli), rebuilt if a source is newer, as `npm run` does: the
  // tests that run the command as a real process start it from there (see cli-bundle.ts)
  execFileSync(process.execPath, [join(root, 'scripts', 'cli.mjs'), '--help'], { cwd: root, stdio: 'ignore' });
  return () => rmSync(outdir, { recursive: true, force: true });
}
