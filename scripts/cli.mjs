#!/usr/bin/env node
/**
 * Runs the command line from a bundle (out/cli), rebuilding it with esbuild when a source is newer.
 * A bundle starts faster and uses less memory per worker thread than TypeScript loaded on the fly.
 * This is also the `instant-lab` binary (package.json `bin`): a packed tarball holds the bundle and
 * no sources, so it runs the bundle as it is (esbuild, a development tool, is then not needed).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'out', 'cli');
const entries = ['src-cli/main.ts', 'src-cli/range-worker.ts'];

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, name.name);
    if (name.isDirectory()) t = Math.max(t, newest(p));
    else if (/\.(ts|json)$/.test(name.name) && !name.name.endsWith('.test.ts')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

const built = join(outDir, 'main.js');
const fromSources = existsSync(join(root, 'src-cli'));
if (!fromSources && !existsSync(built)) {
  process.stderr.write(`error: ${built} is missing: this package was packed without its command-line bundle\n`);
  process.exit(1);
}
const stale =
  fromSources &&
  (!existsSync(built) ||
    statSync(built).mtimeMs <
      Math.max(
        newest(join(root, 'src-cli')),
        newest(join(root, 'src-shared')),
        newest(join(root, 'src-engine')),
        newest(join(root, 'resources', 'rules')),
        // how it is built: a bundle made by another version of this script is made again
        statSync(fileURLToPath(import.meta.url)).mtimeMs,
      ));
if (stale) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: entries.map((e) => join(root, e)),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
    // the packages bundled too: every command is its own process, and resolving and loading each
    // package from node_modules took twice the CPU of the whole start (every test run as a process
    // paid it); CommonJS ones (papaparse) get the `require` they expect. HiGHS stays a package: it
    // finds its WebAssembly beside its own module.
    external: ['highs'],
    banner: {
      js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
    },
    // the @engine and @shared/… aliases (`paths`)
    tsconfig: join(root, 'tsconfig.node.json'),
    // each file put under its name whole (written beside it, then renamed): two commands started at
    // once, both finding the bundle stale, never load a half-written one
    write: false,
  });
  mkdirSync(outDir, { recursive: true });
  // what a build killed between its writes and its renames left (a minute old: not another build's)
  for (const name of readdirSync(outDir)) {
    const p = join(outDir, name);
    // another build may rename its own between the listing and this look
    if (
      name.endsWith('.partial') &&
      (statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < Date.now() - 60_000
    )
      rmSync(p, { force: true });
  }
  // main.js last: its time is the one the staleness check reads
  const last = (f) => (f.path === built ? 1 : 0);
  for (const f of result.outputFiles.sort((a, b) => last(a) - last(b))) {
    const partial = `${f.path}.${process.pid}.partial`;
    writeFileSync(partial, f.contents);
    renameSync(partial, f.path);
  }
}
// `npm run <command>` starts `sh -c "node scripts/cli.mjs …"`; a SIGTERM or SIGINT sent to npm ends
// npm and that shell, not this process, which would go on and write its output. So under npm, a
// parent that goes away is taken as that signal: the command is cancelled as on SIGTERM (its
// temporary files removed). Supervisors should run `node scripts/cli.mjs <command>` (README).
if (process.env.npm_lifecycle_event !== undefined && process.platform !== 'win32') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 200).unref();
}
await import(pathToFileURL(built).href);
