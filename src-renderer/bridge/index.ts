/**
 * Entry point of the renderer's bridge: `getBridge()` returns the desktop API exposed by the
 * preload (`window.instantLab`) or, in a plain browser, the browser implementation.
 * Components must use this instead of touching `window.instantLab`, so tests can inject a
 * fake with `setBridge()`.
 */
import type { InstantLabApi } from '../../src-main/bridge/api';
import { version } from '../../package.json';
import { createDefaultBrowserApi } from './browser-api';

export type { MenuAction, SettingsRecovered } from '../../src-main/bridge/contract';
export type { InstantLabApi } from '../../src-main/bridge/api';
export { SETTINGS_RECOVERED_KEY } from '../../src-main/bridge/contract';

let current: InstantLabApi | undefined;

/**
 * The bridge for this environment (memoised).
 *
 * @see https://www.electronjs.org/docs/latest/api/context-bridge
 */
export function getBridge(): InstantLabApi {
  current ??= (typeof window !== 'undefined' ? window.instantLab : undefined) ?? createDefaultBrowserApi(version);
  return current;
}

/**
 * Replaces the bridge (tests, storybook-like harnesses). `undefined` restores auto-detection.
 *
 * @see https://vitest.dev/guide/mocking
 */
export function setBridge(api: InstantLabApi | undefined): void {
  current = api;
}
