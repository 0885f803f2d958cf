import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import type { InstantLabApi } from '../bridge';
import { setBridge } from '../bridge';
import { i18n } from '../i18n';
import { useSettingsStore } from './useSettingsStore';

function bridgeWith(stored: Record<string, unknown>, failRead = false) {
  const writes: [string, unknown][] = [];
  const api = {
    storeGet: async (k: string) => {
      if (failRead) throw new Error('unreadable settings file');
      return stored[k];
    },
    storeSet: async (k: string, v: unknown) => void writes.push([k, v]),
  } as unknown as InstantLabApi;
  return { api, writes };
}
const current = (): string => (i18n.global.locale as unknown as { value: string }).value;

beforeEach(() => {
  setActivePinia(createPinia());
  // the store sets <html lang>; Node has no document
  (globalThis as { document?: unknown }).document ??= { documentElement: { lang: '' } };
});
afterEach(() => setBridge(undefined));

describe('settings store: the interface language', () => {
  it('restores English when it was chosen, and the interface follows', async () => {
    const b = bridgeWith({ locale: 'en' });
    setBridge(b.api);
    const s = useSettingsStore();
    await s.load();
    await nextTick();
    expect(s.locale).toBe('en');
    expect(current()).toBe('en');
    // restoring is not a choice: nothing is written back
    expect(b.writes).toEqual([]);
  });

  it('keeps a new choice through the bridge', async () => {
    const b = bridgeWith({});
    setBridge(b.api);
    const s = useSettingsStore();
    await s.load();
    s.locale = 'en';
    await nextTick();
    s.locale = 'fr';
    await nextTick();
    expect(b.writes).toEqual([
      ['locale', 'en'],
      ['locale', 'fr'],
    ]);
    expect(current()).toBe('fr');
  });

  it('an unreadable or unknown stored value falls back to French', async () => {
    for (const b of [bridgeWith({}, true), bridgeWith({ locale: 'de' })]) {
      setActivePinia(createPinia());
      setBridge(b.api);
      const s = useSettingsStore();
      await s.load();
      expect(s.locale).toBe('fr');
    }
  });
});
