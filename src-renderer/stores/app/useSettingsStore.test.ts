import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { i18n } from '../../i18n';
import { SETTINGS_FILE_NAME, SettingsStore } from '../../../src-main/main/settings-store';
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

describe('settings store: a settings file kept aside', () => {
  it("tells the user, with the name it was kept under, what main's store says", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'instant-lab-settings-'));
    try {
      await writeFile(join(dir, SETTINGS_FILE_NAME), '{ "locale": "en", }');
      const main = new SettingsStore(dir);
      // the bridge as the preload gives it: storeGet/storeSet answered by main's store
      setBridge({
        storeGet: (k: string) => main.get(k),
        storeSet: (k: string, v: unknown) => main.set(k, v),
      } as unknown as InstantLabApi);
      const s = useSettingsStore();
      await s.load();
      expect(s.recovered?.keptAs).toMatch(/^settings\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
      expect(await readFile(join(dir, s.recovered!.keptAs!), 'utf8')).toBe('{ "locale": "en", }');
      expect(s.locale).toBe('fr');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says nothing when the file was read', async () => {
    setBridge(bridgeWith({ locale: 'en' }).api);
    const s = useSettingsStore();
    await s.load();
    expect(s.recovered).toBeNull();
  });
});
