/**
 * Small JSON settings store (locale, history of the last runs) kept in
 * `app.getPath('userData')/settings.json` and written atomically.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StoreKeySchema, StoreValueSchema, formatIssues } from '../bridge/contract';
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
    const parsed = StoreValueSchema.safeParse(value);
    if (!parsed.success)
      throw new Error(`Settings value for "${validKey}" rejected — ${formatIssues(parsed.error, [], 'value')}`);
    const write = this.writes.then(async () => {
      const data = await this.load();
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
    let data: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        data = parsed as Record<string, unknown>;
      }
    } catch {
      // Missing or corrupt file: start empty rather than refuse to start the app.
    }
    this.data = data;
    return data;
  }
}

function checkKey(key: unknown): string {
  const parsed = StoreKeySchema.safeParse(key);
  if (!parsed.success) throw new Error(`Settings key rejected — ${formatIssues(parsed.error, [], 'key')}`);
  return parsed.data;
}
