import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('starts empty on a corrupt file and overwrites it on the next set', async () => {
    await writeFile(join(dir, SETTINGS_FILE_NAME), '{not json');
    const store = new SettingsStore(dir);
    expect(await store.get('locale')).toBeUndefined();
    await store.set('locale', 'fr');
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE_NAME), 'utf8'))).toEqual({ locale: 'fr' });
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
