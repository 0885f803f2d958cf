/**
 * Small JSON settings store (locale, history of the last runs) kept in
 * `app.getPath('userData')/settings.json` and written atomically.
 *
 * A file that exists but cannot be read as one JSON object, one way only (a trailing comma, a cut
 * write, an array, a key twice; one leading byte-order mark, a hand edit's, is dropped) is never
 * overwritten: it is kept aside as `settings.corrupt-<date>.json` (a hard link, so an
 * existing file of that name is never replaced either) before the store starts empty, and
 * `get(SETTINGS_RECOVERED_KEY)` says so, for the renderer to tell the user. When it cannot be kept
 * aside, every `set` is refused rather than lose it.
 */
import { link, readFile, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { SETTINGS_RECOVERED_KEY, StoreKeySchema, StoreValueSchema, formatIssues } from '../bridge/contract';
import type { SettingsRecovered } from '../bridge/contract';
import { parseStrictJson } from '../../src-engine/format/strict-json';
import { dropOneBom } from '../../src-engine/import/json-text';
import { atomicWriteFile } from './files/atomic-write';

/** File name of the store inside the userData folder. */
export const SETTINGS_FILE_NAME = 'settings.json';

type Listener = (key: string, value: unknown) => void;

/**
 * Key/value store persisted as one JSON object. Reads are served from memory after the
 * first load; writes are serialised so two quick `set` calls cannot interleave on disk.
 */
export class SettingsStore {
  // TS `private`, not `#private`: Electronegativity's parser cannot read class private fields.
  private readonly file: string;
  private data: Record<string, unknown> | undefined;
  private writes: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<Listener>();
  private recovered: SettingsRecovered | undefined;
  /** Why nothing may be written (an unreadable file that could not be kept aside), or undefined. */
  private readOnly: string | undefined;

  /** @param directory folder holding `settings.json`, normally `app.getPath('userData')`. */
  constructor(directory: string) {
    this.file = join(directory, SETTINGS_FILE_NAME);
  }

  /** Absolute path of the JSON file. */
  get path(): string {
    return this.file;
  }

  /**
   * Value of `key`, or `undefined` when absent.
   *
   * @throws Error when the key is malformed.
   */
  async get(key: string): Promise<unknown> {
    const validKey = checkKey(key);
    const data = await this.load();
    if (validKey === SETTINGS_RECOVERED_KEY) return this.recovered;
    return Object.hasOwn(data, validKey) ? data[validKey] : undefined;
  }

  /**
   * Stores `value` under `key` and persists the whole store atomically.
   *
   * @throws Error when the key is malformed or the value is not JSON or above 5 MB.
   * @see https://www.electronjs.org/docs/latest/api/app#appgetpathname
   */
  async set(key: string, value: unknown): Promise<void> {
    const validKey = checkKey(key);
    if (validKey === SETTINGS_RECOVERED_KEY) throw new Error(`Settings key "${validKey}" is read-only`);
    const parsed = StoreValueSchema.safeParse(value);
    if (!parsed.success)
      throw new Error(`Settings value for "${validKey}" rejected — ${formatIssues(parsed.error, [], 'value')}`);
    const write = this.writes.then(async () => {
      const data = await this.load();
      if (this.readOnly !== undefined) throw new Error(this.readOnly);
      const next = { ...data, [validKey]: parsed.data };
      await atomicWriteFile(this.file, `${JSON.stringify(next, null, 2)}\n`);
      this.data = next;
    });
    // Keep the chain alive after a failure; the caller still sees the error.
    this.writes = write.catch(() => undefined);
    await write;
    for (const listener of this.listeners) listener(validKey, parsed.data);
  }

  /** Called after each successful `set` (e.g. to rebuild the menu when the locale changes). */
  onDidChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async load(): Promise<Record<string, unknown>> {
    if (this.data !== undefined) return this.data;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      // no file yet: start empty; any other failure leaves the file as it is and nothing is written
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.readOnly = `Settings not saved: ${this.file} could not be read (${message(e)})`;
      this.data = {};
      return this.data;
    }
    let data: Record<string, unknown> | undefined;
    let reason = 'it is not one JSON object';
    // read one way only, as every file the product reads: a key twice (a hand edit) is not guessed
    const parsed = parseStrictJson(dropOneBom(text));
    if (!parsed.ok) reason = `not JSON read one way only: ${parsed.message}`;
    else if (parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value))
      data = parsed.value as Record<string, unknown>;
    if (data === undefined) {
      data = {};
      await this.keepAside(reason);
    }
    this.data = data;
    return data;
  }

  /** Moves the unreadable file to a name of its own, never replacing a file; on failure nothing is written. */
  private async keepAside(reason: string): Promise<void> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (let n = 1; n <= 100; n++) {
      const aside = join(this.file, '..', `settings.corrupt-${stamp}${n > 1 ? `-${n}` : ''}.json`);
      try {
        await link(this.file, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        break;
      }
      await unlink(this.file).catch(() => undefined);
      this.recovered = { keptAs: basename(aside), reason };
      return;
    }
    this.recovered = { keptAs: null, reason };
    this.readOnly = `Settings not saved: ${this.file} could not be read (${reason}) nor kept aside`;
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function checkKey(key: unknown): string {
  const parsed = StoreKeySchema.safeParse(key);
  if (!parsed.success) throw new Error(`Settings key rejected — ${formatIssues(parsed.error, [], 'key')}`);
  return parsed.data;
}
