import { describe, expect, it, vi } from 'vitest';
import type { App, Session, WebContents } from 'electron';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devContentSecurityPolicy, CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from './csp';
import { cspMetaPlugin, metaPolicy } from './csp-html';
import { assertTrustedSender } from './ipc-sender';
import type { SenderEvent } from './ipc-sender';
import { guardNavigation } from './navigation';
import { isAllowedExternalUrl, windowOpenHandler } from './new-windows';
import { isAppUrl } from './origins';
import { denyAllPermissions } from './permissions';
import { hardenAllWebContents } from './index';

const DEV = 'http://localhost:5173';
const sender = (url: string | null): SenderEvent => ({ senderFrame: url === null ? null : { url } }) as SenderEvent;

describe('isAppUrl', () => {
  it.each([
    ['app://instant-lab/index.html', undefined, true],
    ['app://instant-lab/assets/x.js?x=1#y', undefined, true],
    ['app://instant-lab.evil.com/index.html', undefined, false],
    ['app://other/index.html', undefined, false],
    ['file:///etc/passwd', undefined, false],
    ['https://instant-lab/index.html', undefined, false],
    ['http://localhost:5173/', undefined, false],
    ['http://localhost:5173/', DEV, true],
    ['http://localhost:5174/', DEV, false],
    ['http://localhost.evil.com:5173/', DEV, false],
    ['not a url', DEV, false],
    ['', undefined, false],
  ])('%s (dev origin %s) → %s', (url, dev, expected) => {
    expect(isAppUrl(url, dev)).toBe(expected);
  });
});

describe('IPC sender check (item 17)', () => {
  it('accepts the app frame', () => {
    expect(() => assertTrustedSender(sender('app://instant-lab/index.html'))).not.toThrow();
    expect(() => assertTrustedSender(sender('http://localhost:5173/'), DEV)).not.toThrow();
  });

  it.each(['https://evil.example/', 'file:///tmp/x.html', 'app://evil/index.html', 'about:blank', 'data:text/html,x'])(
    'rejects %s',
    (url) => {
      expect(() => assertTrustedSender(sender(url))).toThrow(
        `IPC refused: sender ${JSON.stringify(url)} is not the app.`,
      );
    },
  );

  it('rejects the dev server in production and a vanished frame', () => {
    expect(() => assertTrustedSender(sender('http://localhost:5173/'))).toThrow(/is not the app/);
    expect(() => assertTrustedSender(sender(null))).toThrow('IPC refused: the sender frame no longer exists.');
  });
});

describe('navigation (item 13)', () => {
  const nav = (url: string) => ({ url, preventDefault: vi.fn() });

  it('blocks navigation outside the app', () => {
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://evil/', 'javascript:alert(1)']) {
      const event = nav(url);
      expect(guardNavigation(event)).toBe(true);
      expect(event.preventDefault).toHaveBeenCalledOnce();
    }
  });

  it('allows in-app navigation', () => {
    const event = nav('app://instant-lab/index.html');
    expect(guardNavigation(event)).toBe(false);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(guardNavigation(nav('http://localhost:5173/x'), DEV)).toBe(false);
  });
});

describe('new windows (items 14, 15)', () => {
  it('always denies, opening only allow-listed https links externally', async () => {
    const openExternal = vi.fn(async () => undefined);
    expect(windowOpenHandler({ url: 'https://www.fdj.fr/jeux-illiko' }, openExternal)).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://www.fdj.fr/jeux-illiko');
    openExternal.mockClear();
    for (const url of [
      'https://evil.example/',
      'http://www.fdj.fr/',
      'https://user:pw@www.fdj.fr/',
      'https://www.fdj.fr:8443/',
      'file:///etc/passwd',
      'app://instant-lab/index.html',
      'smb://host/share',
    ]) {
      expect(windowOpenHandler({ url }, openExternal)).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
    expect(isAllowedExternalUrl('https://www.fdj.fr.evil.com/')).toBe(false);
  });

  it('installs the guards on every webContents', () => {
    const listeners: Record<string, (...args: unknown[]) => void> = {};
    let openHandler: ((d: { url: string }) => unknown) | undefined;
    const contents = {
      on: vi.fn((name: string, fn: (...args: unknown[]) => void) => {
        listeners[name] = fn;
      }),
      setWindowOpenHandler: vi.fn((fn: (d: { url: string }) => unknown) => {
        openHandler = fn;
      }),
    } as unknown as WebContents;
    let created: ((event: unknown, contents: WebContents) => void) | undefined;
    const app = {
      on: vi.fn((name: string, fn: (event: unknown, contents: WebContents) => void) => {
        if (name === 'web-contents-created') created = fn;
      }),
    } as unknown as Pick<App, 'on'>;
    hardenAllWebContents(app, async () => undefined);
    created?.({}, contents);
    expect(Object.keys(listeners).sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
    const navEvent = { url: 'https://evil.example/', preventDefault: vi.fn() };
    listeners['will-navigate']?.(navEvent);
    expect(navEvent.preventDefault).toHaveBeenCalled();
    const redirect = { url: 'https://evil.example/', preventDefault: vi.fn() };
    listeners['will-redirect']?.(redirect);
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webviewEvent = { preventDefault: vi.fn() };
    listeners['will-attach-webview']?.(webviewEvent, {}, {});
    expect(webviewEvent.preventDefault).toHaveBeenCalled();
    expect(openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});

describe('permissions (item 5)', () => {
  it('denies every request and check', () => {
    let request: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: vi.fn((fn: typeof request) => {
        request = fn;
      }),
      setPermissionCheckHandler: vi.fn((fn: typeof check) => {
        check = fn;
      }),
    } as unknown as Session;
    denyAllPermissions(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
      const cb = vi.fn();
      request?.({}, permission, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    expect(check?.()).toBe(false);
  });
});

describe('CSP (item 7)', () => {
  it('dev policy only widens connect-src to the HMR websocket and allows injected dev styles', () => {
    expect(devContentSecurityPolicy(DEV)).toBe(
      CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'self' ws://localhost:5173").replace(
        "style-src 'self'",
        "style-src 'self' 'unsafe-inline'",
      ),
    );
  });

  it('production policy: no inline styles, no WebSocket', () => {
    expect(CONTENT_SECURITY_POLICY).toMatch(/style-src 'self';/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/'unsafe-inline'|'unsafe-eval'|ws:|wss:|\*/);
    // the one widening: WebAssembly compilation for the optimiser's bundled solver (HiGHS), no JavaScript eval
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
  });

  it('index.html holds the production policy; builds keep it, a dev server names its own websocket only', () => {
    const html = readFileSync(join(import.meta.dirname, '../../../src-renderer/index.html'), 'utf8');
    expect(metaPolicy(html)).toBe(META_CONTENT_SECURITY_POLICY);
    const hook = cspMetaPlugin().transformIndexHtml as (html: string, ctx: unknown) => string;
    expect(metaPolicy(hook(html, {}))).toBe(META_CONTENT_SECURITY_POLICY);
    const served = metaPolicy(hook(html, { server: { config: { server: { host: '127.0.0.1', port: 5173 } } } }))!;
    expect(served).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:5173;/);
    expect(served).not.toMatch(/ws:[;\s]/);
    const listening = { server: { resolvedUrls: { local: ['http://localhost:5174/'] }, config: { server: {} } } };
    expect(metaPolicy(hook(html, listening))).toMatch(/connect-src 'self' ws:\/\/localhost:5174;/);
  });
});
