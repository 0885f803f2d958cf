import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_RECOVERED_KEY } from '../bridge/contract';
import type { SettingsRecovered } from '../bridge/contract';
import { SETTINGS_FILE_NAME, SettingsStore } from './settings-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('round-trips values through settings.json', async () => {
    const history = Array.from({ length: 20 }, (_, i) => ({ run: i, game: 'mine-d-or', rtp: 0.65 }));
    const store = new SettingsStore(dir);
    expect(await store.get('locale')).toBeUndefined();
    await store.set('locale', 'en');
    await store.set('runs.history', history);
    const reopened = new SettingsStore(dir);
    expect(await reopened.get('locale')).toBe('en');
    expect(await reopened.get('runs.history')).toEqual(history);
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE_NAME), 'utf8'))).toEqual({
      locale: 'en',
      'runs.history': history,
    });
    expect(await readdir(dir)).toEqual([SETTINGS_FILE_NAME]);
  });

  it.each(['', 'Locale', 'a/b', '../x', 'x'.repeat(65), 'with space', 'é'])('refuses the key %j', async (key) => {
    const store = new SettingsStore(dir);
    await expect(store.set(key, 1)).rejects.toThrow(/Settings key rejected — .*must match/);
    await expect(store.get(key)).rejects.toThrow(/Settings key rejected/);
  });

  it('refuses values that are not JSON or above 5 MB', async () => {
    const store = new SettingsStore(dir);
    await expect(store.set('x', undefined)).rejects.toThrow(/JSON-serialisable/);
    await expect(store.set('x', () => 1)).rejects.toThrow(/JSON-serialisable/);
    await expect(store.set('x', Number.NaN)).rejects.toThrow(/rejected/);
    await expect(store.set('x', 'a'.repeat(5 * 1024 * 1024 + 1))).rejects.toThrow(/at most 5242880 bytes/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not expose prototype properties', async () => {
    const store = new SettingsStore(dir);
    expect(await store.get('constructor')).toBeUndefined();
    expect(await store.get('__proto__')).toBeUndefined();
  });

  it('keeps an unreadable file aside under another name, says so, and never overwrites it', async () => {
    const history = '{\n  "locale": "en",\n  "runs.history": [{ "run": 1 }],\n}\n'; // one trailing comma
    await writeFile(join(dir, SETTINGS_FILE_NAME), history);
    vi.useFakeTimers({ now: new Date('2026-12-01T20:30:00.000Z'), toFake: ['Date'] });
    // a file of the name it would take is there already: it is not replaced either
    await writeFile(join(dir, 'settings.corrupt-2026-12-01T20-30-00-000Z.json'), 'older');
    try {
      const store = new SettingsStore(dir);
      expect(await store.get('locale')).toBeUndefined();
      const recovered = (await store.get(SETTINGS_RECOVERED_KEY)) as SettingsRecovered;
      expect(recovered.keptAs).toBe('settings.corrupt-2026-12-01T20-30-00-000Z-2.json');
      expect(recovered.reason).toMatch(/JSON/);
      await store.set('locale', 'fr');
      expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE_NAME), 'utf8'))).toEqual({ locale: 'fr' });
      expect(await readFile(join(dir, recovered.keptAs!), 'utf8')).toBe(history);
      expect(await readFile(join(dir, 'settings.corrupt-2026-12-01T20-30-00-000Z.json'), 'utf8')).toBe('older');
      await expect(store.set(SETTINGS_RECOVERED_KEY, null)).rejects.toThrow(/read-only/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps aside a file that parses but is not one object; a readable file tells nothing', async () => {
    await writeFile(join(dir, SETTINGS_FILE_NAME), '[1, 2]');
    const store = new SettingsStore(dir);
    expect(await store.get(SETTINGS_RECOVERED_KEY)).toMatchObject({ reason: 'it is not one JSON object' });
    expect((await readdir(dir)).filter((f) => f.startsWith('settings.corrupt-'))).toHaveLength(1);
    await store.set('locale', 'en');
    expect(await new SettingsStore(dir).get(SETTINGS_RECOVERED_KEY)).toBeUndefined();
  });

  it('keeps aside a file with a key twice (read one way only), and reads one with a byte-order mark', async () => {
    await writeFile(join(dir, SETTINGS_FILE_NAME), '{"locale":"en","runs.history":[{"run":1}],"locale":"fr"}');
    const store = new SettingsStore(dir);
    expect(await store.get(SETTINGS_RECOVERED_KEY)).toMatchObject({
      reason: expect.stringMatching(
        /^not JSON read one way only: the key "locale" appears twice in one object/,
      ) as unknown,
    });
    expect(await store.get('runs.history')).toBeUndefined();
    const other = await mkdtemp(join(dir, 'bom-'));
    await writeFile(join(other, SETTINGS_FILE_NAME), '\uFEFF{"locale":"en"}');
    const bom = new SettingsStore(other);
    expect(await bom.get('locale')).toBe('en');
    expect(await bom.get(SETTINGS_RECOVERED_KEY)).toBeUndefined();
  });

  it('serialises concurrent writes and notifies listeners', async () => {
    const store = new SettingsStore(dir);
    const listener = vi.fn();
    store.onDidChange(listener);
    await Promise.all([store.set('a', 1), store.set('b', 2), store.set('c', 3)]);
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE_NAME), 'utf8'))).toEqual({ a: 1, b: 2, c: 3 });
    expect(listener).toHaveBeenCalledWith('b', 2);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
