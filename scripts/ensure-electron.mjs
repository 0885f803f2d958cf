#!/usr/bin/env node
/**
 * Makes sure Electron's binary is in `node_modules/electron/dist` before `npm start`, `npm run dev`
 * and `npm run dist` need it.
 *
 * Since Electron 43 the `electron` package has no install script: its binary is fetched the first
 * time `require('electron')` runs or `install-electron` is called. electron-vite does neither (it
 * reads `node_modules/electron/path.txt` and throws « Electron uninstall »), so a fresh clone could
 * not start. This step uses Electron's own code in two parts, so that it can show progress and end
 * on one clear line instead of a stack trace:
 *
 * 1. `downloadArtifact` of `@electron/get` (the library `electron/install.js` calls), with the
 *    very arguments `install.js` passes (version, checksums.json, platform, arch, cache); it
 *    honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, electron_config_cache, ELECTRON_GET_USE_PROXY,
 *    force_no_cache and electron_use_remote_checksums, and keeps the archive in Electron's cache;
 * 2. `node node_modules/electron/install.js`, which finds the archive in that cache, extracts it
 *    and writes `path.txt`.
 *
 * Idempotent: when the binary is there (same test as `install.js`), nothing happens.
 *
 * @see https://github.com/electron/get#usage
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { platform as osPlatform } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The executable's path inside `dist`, as `electron/install.js` computes it. */
export function platformPath(env = process.env) {
  const p = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || osPlatform();
  if (p === 'darwin' || p === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (p === 'win32') return 'electron.exe';
  return 'electron';
}

/** Whether Electron's binary of `version` is installed in `electronDir` (the test of `install.js`). */
export function isElectronInstalled(electronDir, version, env = process.env) {
  try {
    if (
      readFileSync(join(electronDir, 'dist', 'version'), 'utf8')
        .replace(/^v/, '')
        .trim() !== version
    )
      return false;
    if (readFileSync(join(electronDir, 'path.txt'), 'utf8') !== platformPath(env)) return false;
  } catch {
    return false;
  }
  return existsSync(env.ELECTRON_OVERRIDE_DIST_PATH || join(electronDir, 'dist', platformPath(env)));
}

/** The first line of an error, with its cause (fetch hides the network error there), never a stack. */
export function reasonOf(error) {
  const line = (e) =>
    String(e instanceof Error ? e.message : e)
      .split('\n')[0]
      .trim();
  const main = line(error);
  const cause = error instanceof Error && error.cause ? line(error.cause) : '';
  return cause && !main.includes(cause) ? `${main} (${cause})` : main;
}

/** The message printed when the binary cannot be had: what failed, how to retry, what works without it. */
export function failureMessage(version, reason) {
  return [
    `Electron ${version} could not be installed: ${reason}.`,
    '  Retry:   npm start (or npx install-electron) once the network is reachable.',
    '  Proxy or mirror: set HTTPS_PROXY with ELECTRON_GET_USE_PROXY=1, or ELECTRON_MIRROR (README, « Set up, run, test »).',
    '  Without Electron: the same app runs in any browser with: npm run web',
  ].join('\n');
}

/**
 * Ensures the binary, with an injectable installer so that tests need neither network nor Electron.
 * @param {{ version: string, isInstalled: () => boolean, download: (onProgress: (p: { percent: number, transferred: number, total: number | null }) => void) => Promise<unknown>, extract: () => Promise<void> }} installer
 * @param {{ log: (line: string) => void, error: (line: string) => void, progress?: (line: string) => void, env?: Record<string, string | undefined> }} io
 * @returns {Promise<number>} the exit code: 0 installed, 1 could not be installed
 */
export async function ensureElectron(installer, io) {
  const env = io.env ?? process.env;
  if (installer.isInstalled()) return 0;
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    io.error(failureMessage(installer.version, 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so nothing was downloaded'));
    return 1;
  }
  io.log(`Electron ${installer.version}: its binary is not installed yet; downloading it once (about 100 MB)…`);
  let shown = -5;
  const onProgress = ({ percent, transferred }) => {
    // a line every 5 %, each step once (the downloader reports 100 % more than once)
    const pct = Math.floor(percent * 100);
    if (pct < shown + 5) return;
    shown = pct;
    (io.progress ?? io.log)(`  ${String(pct).padStart(3)} % (${(transferred / 1e6).toFixed(1)} MB)`);
  };
  try {
    await installer.download(onProgress);
    await installer.extract();
  } catch (e) {
    io.error(failureMessage(installer.version, reasonOf(e)));
    return 1;
  }
  if (!installer.isInstalled()) {
    io.error(failureMessage(installer.version, 'the archive was extracted but the executable is missing'));
    return 1;
  }
  io.log(`Electron ${installer.version} is installed.`);
  return 0;
}

/** The real installer: Electron's own `@electron/get` and `install.js`, as described above. */
export function electronInstaller(
  env = process.env,
  electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json')),
) {
  const version = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  return {
    version,
    isInstalled: () => isElectronInstalled(electronDir, version, env),
    async download(onProgress) {
      const getPath = createRequire(join(electronDir, 'package.json')).resolve('@electron/get');
      const { downloadArtifact } = await import(pathToFileURL(getPath).href);
      // the arguments of electron/install.js, plus a progress callback and no progress bar of its own
      return downloadArtifact({
        version,
        artifactName: 'electron',
        force: env.force_no_cache === 'true',
        cacheRoot: env.electron_config_cache,
        checksums:
          env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums
            ? undefined
            : JSON.parse(readFileSync(join(electronDir, 'checksums.json'), 'utf8')),
        platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
        arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
        downloadOptions: { quiet: true, getProgressCallback: onProgress },
      });
    },
    async extract() {
      const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], { env, encoding: 'utf8' });
      if (r.status !== 0) {
        const line = `${r.stderr ?? ''}`.split('\n').find((l) => l.trim() !== '') ?? `exit code ${r.status}`;
        throw new Error(`electron/install.js failed: ${line.trim()}`);
      }
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const code = await ensureElectron(electronInstaller(), {
    log: (l) => console.log(l),
    error: (l) => console.error(l),
  });
  process.exit(code);
}
