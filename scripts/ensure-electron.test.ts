/**
 * The step before `npm start`, `npm run dev` and `npm run dist` (issue: the desktop app starts on a
 * fresh machine). Faked installers cover the decisions; Electron's real installer runs against a
 * mirror on the loopback address serving a small archive, so no test needs the network.
 */
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureElectron, failureMessage, platformPath, reasonOf } from './ensure-electron.mjs';
import type { Installer, Progress } from './ensure-electron.mjs';

function fake(over: Partial<Installer> & { installedAfter?: boolean } = {}) {
  const calls: string[] = [];
  let installed = false;
  const installer: Installer = {
    version: '45.5.0',
    isInstalled: () => installed,
    download: async (onProgress: (p: Progress) => void) => {
      calls.push('download');
      for (const percent of [0, 0.5, 0.5, 1, 1]) onProgress({ percent, transferred: percent * 1e8, total: 1e8 });
    },
    extract: async () => {
      calls.push('extract');
      installed = over.installedAfter ?? true;
    },
    ...over,
  };
  const out: string[] = [];
  const err: string[] = [];
  const io = { log: (l: string) => out.push(l), error: (l: string) => err.push(l), env: {} };
  return { installer, calls, out, err, io, setInstalled: (v: boolean) => (installed = v) };
}

describe('ensureElectron with a faked installer', () => {
  it('already installed: does nothing and says nothing', async () => {
    const f = fake();
    f.setInstalled(true);
    expect(await ensureElectron(f.installer, f.io)).toBe(0);
    expect(f.calls).toEqual([]);
    expect([...f.out, ...f.err]).toEqual([]);
  });

  it('missing and the download works: downloads, extracts, shows progress once per step, exit 0', async () => {
    const f = fake();
    expect(await ensureElectron(f.installer, f.io)).toBe(0);
    expect(f.calls).toEqual(['download', 'extract']);
    expect(f.out[0]).toMatch(/downloading it once \(about 100 MB\)/);
    expect(f.out.filter((l) => /%/.test(l)).map((l) => l.trim())).toEqual([
      '0 % (0.0 MB)',
      '50 % (50.0 MB)',
      '100 % (100.0 MB)',
    ]);
    expect(f.out.at(-1)).toBe('Electron 45.5.0 is installed.');
    expect(f.err).toEqual([]);
  });

  it('missing and the download fails: one clear message, no stack trace, exit 1, nothing extracted', async () => {
    const failure = new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND github.com') });
    const f = fake({
      download: async () => {
        throw failure;
      },
    });
    expect(await ensureElectron(f.installer, f.io)).toBe(1);
    expect(f.calls).toEqual([]);
    const text = f.err.join('\n');
    expect(text).toContain('Electron 45.5.0 could not be installed: fetch failed (getaddrinfo ENOTFOUND github.com).');
    expect(text).toContain('npm start');
    expect(text).toContain('npm run web');
    expect(text).not.toMatch(/^\s+at /m);
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD set: no download, the same message, exit 1', async () => {
    const f = fake();
    const code = await ensureElectron(f.installer, { ...f.io, env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(code).toBe(1);
    expect(f.calls).toEqual([]);
    expect(f.err.join('\n')).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
  });

  it('an archive without the executable is reported, not taken as installed', async () => {
    const f = fake({ installedAfter: false });
    expect(await ensureElectron(f.installer, f.io)).toBe(1);
    expect(f.err.join('\n')).toContain('the executable is missing');
  });

  it('reasons are one line with their cause; the message names retry and the browser build', () => {
    const e = new Error('first line\n    at somewhere (file.js:1:1)');
    expect(reasonOf(e)).toBe('first line');
    expect(reasonOf('plain')).toBe('plain');
    expect(failureMessage('1.2.3', 'r').split('\n')).toHaveLength(4);
  });
});

/**
 * Electron's real installer (`@electron/get` then `electron/install.js`) against a mirror on
 * 127.0.0.1 that serves a small archive shaped like Electron's: the same calls a networked machine
 * makes, with ELECTRON_MIRROR pointing elsewhere. The package is copied to a temporary folder so
 * that the project's own node_modules/electron is never changed.
 */
describe("ensureElectron with Electron's own installer and a loopback mirror", () => {
  const require = createRequire(import.meta.url);
  const electronPkgDir = dirname(require.resolve('electron/package.json'));
  const version = (JSON.parse(readFileSync(join(electronPkgDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
  let root: string;
  let server: Server;
  let port = 0;
  const requests: string[] = [];
  let serveArchive = true;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ensure-electron-'));
    const modules = join(root, 'app', 'node_modules');
    mkdirSync(join(modules, 'electron'), { recursive: true });
    for (const f of ['package.json', 'install.js', 'checksums.json', 'index.js'])
      cpSync(join(electronPkgDir, f), join(modules, 'electron', f));
    const projectModules = resolve(electronPkgDir, '..');
    for (const scope of ['@electron', '@electron-internal'])
      symlinkSync(join(projectModules, scope), join(modules, scope), 'dir');
    // an archive shaped like Electron's: the executable and a version file (zip made by Python's zipfile)
    const stage = join(root, 'stage');
    mkdirSync(stage);
    writeFileSync(join(stage, platformPath()), '#!/bin/sh\necho fake electron\n', { mode: 0o755 });
    writeFileSync(join(stage, 'version'), `v${version}`);
    const zip = join(root, zipName);
    const py = spawnSync(
      'python3',
      [
        '-c',
        'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], "w")\nfor n in sys.argv[3:]: z.write(sys.argv[2] + "/" + n, n)\nz.close()',
        zip,
        stage,
        platformPath(),
        'version',
      ],
      { encoding: 'utf8' },
    );
    expect(py.status, py.stderr).toBe(0);
    const archive = readFileSync(zip);
    const sums = `${createHash('sha256').update(archive).digest('hex')} *${zipName}\n`;
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      if (serveArchive && req.url === `/v${version}/${zipName}`) res.end(archive);
      else if (serveArchive && req.url === `/v${version}/SHASUMS256.txt`) res.end(sums);
      else {
        res.statusCode = 404;
        res.end('not found');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(root, { recursive: true, force: true });
  });

  /** Runs the script's entry as `npm start` would, on the copied package, with a mirror and a cache of its own. */
  function run(): Promise<{ code: number; stdout: string; stderr: string }> {
    const script = resolve('scripts/ensure-electron.mjs');
    const dir = join(root, 'app', 'node_modules', 'electron');
    const code = `import { ensureElectron, electronInstaller } from ${JSON.stringify(script)};
process.exit(await ensureElectron(electronInstaller(process.env, ${JSON.stringify(dir)}), { log: console.log, error: console.error }));`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      electron_use_remote_checksums: '1',
      electron_config_cache: join(root, 'cache'),
    };
    delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    return new Promise((done) => {
      execFile(process.execPath, ['--input-type=module', '-e', code], { env }, (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  it('mirror answers 404: exit 1 with the clear message and no stack trace', async () => {
    serveArchive = false;
    const r = await run();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Electron ${version} could not be installed: `);
    expect(r.stderr).toContain('npm run web');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(root, 'app', 'node_modules', 'electron', 'path.txt'))).toBe(false);
  });

  it('mirror serves the archive: downloaded, extracted, path.txt written; a second run does nothing', async () => {
    serveArchive = true;
    const r = await run();
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Electron ${version} is installed.`);
    const dir = join(root, 'app', 'node_modules', 'electron');
    expect(readFileSync(join(dir, 'path.txt'), 'utf8')).toBe(platformPath());
    expect(existsSync(join(dir, 'dist', platformPath()))).toBe(true);
    expect(requests).toContain(`/v${version}/${zipName}`);

    requests.length = 0;
    const again = await run();
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
    expect(requests).toEqual([]);
  });
});
