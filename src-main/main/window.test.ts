import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ BrowserWindow: vi.fn() }));

const { APP_ENTRY_URL, buildWindowOptions, defaultPreloadPath, rendererUrl } = await import('./window');

describe('buildWindowOptions', () => {
  const options = buildWindowOptions('/app/out/preload/index.cjs');
  const prefs = options.webPreferences ?? {};

  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['experimentalFeatures', false],
    ['webviewTag', false],
  ] as const)('sets %s to %s explicitly', (flag, value) => {
    expect(prefs[flag]).toBe(value);
  });

  it('uses the CommonJS preload and no Blink feature switch', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(options.title).toBe('Instant Lab');
  });

  it('resolves the preload next to the built main', () => {
    expect(defaultPreloadPath('file:///app/out/main/index.js')).toBe('/app/out/preload/index.cjs');
  });
});

describe('rendererUrl', () => {
  it('loads the app protocol in production', () => {
    expect(APP_ENTRY_URL).toBe('app://instant-lab/index.html');
    expect(rendererUrl({}, false)).toBe(APP_ENTRY_URL);
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, true)).toBe(APP_ENTRY_URL);
  });

  it('loads the dev server in development', () => {
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173' }, false)).toBe('http://localhost:5173');
  });
});
