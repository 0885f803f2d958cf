import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PRIVILEGED_SCHEMES,
  handleAppRequest,
  mimeTypeFor,
  registerPrivilegedSchemes,
  resolveAssetPath,
  responseHeaders,
} from './protocol';
import { CONTENT_SECURITY_POLICY } from './security/csp';

const root = resolve('/srv/renderer');

describe('resolveAssetPath', () => {
  it('maps paths inside the root', () => {
    expect(resolveAssetPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveAssetPath(root, '/index.html')).toBe(join(root, 'index.html'));
    expect(resolveAssetPath(root, '/assets/worker-abc.js')).toBe(join(root, 'assets', 'worker-abc.js'));
    expect(resolveAssetPath(root, '/assets/')).toBe(join(root, 'assets', 'index.html'));
    expect(resolveAssetPath(root, '/img/mine%20d%27or.svg')).toBe(join(root, 'img', "mine d'or.svg"));
  });

  it.each([
    '/../secret',
    '/../../etc/passwd',
    '/%2e%2e/secret',
    '/assets/%2e%2e/%2e%2e/secret',
    '/..%2fsecret',
    '/..%5csecret',
    '/a%00.js',
    '/%E0%A4%A',
    '/renderer/../../renderer-evil/x',
  ])('refuses %s', (pathname) => {
    expect(resolveAssetPath(root, pathname)).toBeNull();
  });
});

describe('mimeTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.js', 'text/javascript; charset=utf-8'],
    ['a.mjs', 'text/javascript; charset=utf-8'],
    ['a.wasm', 'application/wasm'],
    ['a.svg', 'image/svg+xml'],
    ['a.json', 'application/json; charset=utf-8'],
    ['a.css', 'text/css; charset=utf-8'],
    ['A.PNG', 'image/png'],
    ['a.unknown', 'application/octet-stream'],
  ])('%s → %s', (file, mime) => {
    expect(mimeTypeFor(file)).toBe(mime);
  });
});

describe('CSP', () => {
  it('is exactly the agreed policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self'; " +
        "img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
        "form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('is sent with every response', () => {
    expect(responseHeaders('x.js')['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(responseHeaders('x.js')['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('privileged scheme', () => {
  it('declares app: as standard, secure, fetch and stream capable', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerPrivilegedSchemes(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith(PRIVILEGED_SCHEMES);
    expect(PRIVILEGED_SCHEMES).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
  });
});

describe('handleAppRequest (real files)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'instant-lab-proto-'));
    await mkdir(join(dir, 'renderer', 'assets'), { recursive: true });
    await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Instant Lab</title>');
    await writeFile(join(dir, 'renderer', 'assets', 'sim.worker.js'), 'self.onmessage = () => {};');
    await writeFile(join(dir, 'secret.txt'), 'top secret');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const get = (url: string, method = 'GET') => handleAppRequest(join(dir, 'renderer'), { url, method });

  it('serves files with MIME type and CSP', async () => {
    const res = await get('app://instant-lab/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await res.text()).toContain('Instant Lab');
    const worker = await get('app://instant-lab/assets/sim.worker.js');
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('refuses traversal, other hosts, other methods and missing files', async () => {
    // The URL parser may already collapse %2e%2e (→ 404) or leave it to us (→ 403): never 200.
    const dotted = await get('app://instant-lab/%2e%2e/secret.txt');
    expect([403, 404]).toContain(dotted.status);
    expect(await dotted.text()).not.toContain('top secret');
    expect((await get('app://instant-lab/..%2fsecret.txt')).status).toBe(403);
    expect((await get('app://evil/index.html')).status).toBe(404);
    expect((await get('app://instant-lab/nope.js')).status).toBe(404);
    expect((await get('app://instant-lab/index.html', 'POST')).status).toBe(405);
    const head = await get('app://instant-lab/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses a symbolic link inside the root that leads out of it, file or folder; follows one that stays inside', async () => {
    await symlink(join(dir, 'secret.txt'), join(dir, 'renderer', 'assets', 'leak.txt'));
    await symlink(dir, join(dir, 'renderer', 'up'));
    await symlink(join(dir, 'renderer', 'index.html'), join(dir, 'renderer', 'assets', 'home.html'));
    for (const url of ['app://instant-lab/assets/leak.txt', 'app://instant-lab/up/secret.txt']) {
      const res = await get(url);
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('top secret');
    }
    const inside = await get('app://instant-lab/assets/home.html');
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain('Instant Lab');
  });

  it('serves a root that is itself reached through a symbolic link', async () => {
    await symlink(join(dir, 'renderer'), join(dir, 'linked-root'));
    const res = await handleAppRequest(join(dir, 'linked-root'), {
      url: 'app://instant-lab/index.html',
      method: 'GET',
    });
    expect(res.status).toBe(200);
  });
});
