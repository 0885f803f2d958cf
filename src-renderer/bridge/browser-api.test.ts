import { describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX, createBrowserApi } from './browser-api';
import type { BrowserEnv } from './browser-api';
import { getBridge, setBridge } from './index';
import { memoryJournalLines } from './journal-lines.fixture';
import { headInThread, memoryKeySlot } from './journal-key.fixture';

interface FakeElement {
  tag: string;
  href?: string;
  download?: string;
  files?: { name: string; size: number; text(): Promise<string> }[] | File[];
  style: Record<string, string>;
  click: () => void;
  remove: () => void;
  listeners: Record<string, () => void>;
  addEventListener: (name: string, fn: () => void) => void;
}

function fakeEnv(onClick: (el: FakeElement) => void = () => undefined) {
  const items = new Map<string, string>();
  const blobs: Blob[] = [];
  const clicked: FakeElement[] = [];
  const document = {
    createElement(tag: string): FakeElement {
      const el: FakeElement = {
        tag,
        style: {},
        listeners: {},
        click: () => {
          clicked.push(el);
          onClick(el);
        },
        remove: vi.fn(),
        addEventListener: (name, fn) => {
          el.listeners[name] = fn;
        },
      };
      return el;
    },
    body: { appendChild: vi.fn() },
  };
  const env: BrowserEnv = {
    document: document as unknown as Document,
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    print: vi.fn(),
    createObjectURL: (blob) => {
      blobs.push(blob);
      return `blob:${blobs.length}`;
    },
    revokeObjectURL: vi.fn(),
    version: '9.9.9',
    journal: memoryJournalLines(),
    journalKey: memoryKeySlot(),
    subtle: crypto.subtle,
    journalHead: headInThread,
  };
  return { env, items, blobs, clicked };
}

const csv = [{ name: 'CSV', extensions: ['csv'] }];

describe('browser bridge', () => {
  it('reports the web platform', async () => {
    await expect(createBrowserApi(fakeEnv().env).appInfo()).resolves.toEqual({ version: '9.9.9', platform: 'web' });
  });

  it('saveFile downloads a Blob through <a download>', async () => {
    const { env, blobs, clicked } = fakeEnv();
    await expect(
      createBrowserApi(env).saveFile({ suggestedName: 'a.csv', filters: csv, data: 'x;y\n' }),
    ).resolves.toEqual({ saved: true });
    expect(clicked[0]?.tag).toBe('a');
    expect(clicked[0]?.download).toBe('a.csv');
    expect(await blobs[0]?.text()).toBe('x;y\n');
  });

  it('streaming save downloads at commit only; abort discards', async () => {
    const { env, blobs } = fakeEnv();
    const api = createBrowserApi(env);
    const begun = await api.beginSave({ suggestedName: 'big.csv', filters: csv });
    if (begun === null) throw new Error('unexpected null');
    await api.appendSave(begun.handle, 'a\n');
    await api.appendSave(begun.handle, 'b\n');
    expect(blobs).toHaveLength(0);
    await expect(api.commitSave(begun.handle)).resolves.toEqual({ saved: true, path: 'big.csv' });
    expect(await blobs[0]?.text()).toBe('a\nb\n');
    const other = await api.beginSave({ suggestedName: 'x.csv', filters: csv });
    if (other === null) throw new Error('unexpected null');
    await api.appendSave(other.handle, 'zzz');
    await api.abortSave(other.handle);
    await expect(api.commitSave(other.handle)).rejects.toThrow('Unknown or finished export handle.');
    expect(blobs).toHaveLength(1);
  });

  it('openFile uses a hidden file input; cancel → null', async () => {
    const chosen = { name: 'runs.csv', size: 4, text: async () => 'a;b\n' };
    const { env } = fakeEnv((el) => {
      el.files = [chosen];
      el.listeners['change']?.();
    });
    await expect(createBrowserApi(env).openFile({ filters: csv })).resolves.toEqual({
      name: 'runs.csv',
      text: 'a;b\n',
    });
    const cancelled = fakeEnv((el) => el.listeners['cancel']?.());
    await expect(createBrowserApi(cancelled.env).openFile({ filters: csv })).resolves.toBeNull();
  });

  it('beginOpen/readOpen stream the chosen file as text, as on desktop', async () => {
    const chosen = new File(['\uFEFFligne 1 €\n', 'ligne 2\n'], 'x.csv');
    const { env } = fakeEnv((el) => {
      el.files = [chosen];
      el.listeners['change']?.();
    });
    const api = createBrowserApi(env);
    const opened = await api.beginOpen({ filters: csv });
    expect(opened).toMatchObject({ name: 'x.csv', size: chosen.size });
    let text = '';
    for (let c = await api.readOpen(opened!.handle); c !== null; c = await api.readOpen(opened!.handle)) text += c;
    // the byte-order mark is passed on, as on desktop and the command line: the file's reader drops one
    expect(text).toBe('\uFEFFligne 1 €\nligne 2\n');
    await expect(api.readOpen(opened!.handle)).rejects.toThrow('Unknown or finished file handle.');
  });

  it('readOpenBytes streams the chosen file as bytes, untouched (a binary XLSX)', async () => {
    const bytes = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0xef, 0xbb, 0xbf]);
    const chosen = new File([bytes], 't.xlsx');
    const { env } = fakeEnv((el) => {
      el.files = [chosen];
      el.listeners['change']?.();
    });
    const api = createBrowserApi(env);
    const opened = await api.beginOpen({ filters: [{ name: 'XLSX', extensions: ['xlsx'] }] });
    const got: number[] = [];
    for (let c = await api.readOpenBytes(opened!.handle); c !== null; c = await api.readOpenBytes(opened!.handle))
      got.push(...c);
    expect(Uint8Array.from(got)).toEqual(bytes);
    await expect(api.readOpenBytes(opened!.handle)).rejects.toThrow('Unknown or finished file handle.');
  });

  it('printToPdf opens the print dialog', async () => {
    const { env } = fakeEnv();
    await createBrowserApi(env).printToPdf({ suggestedName: 'report' });
    expect(env.print).toHaveBeenCalledOnce();
  });

  it('store uses localStorage under instant-lab: and validates like desktop', async () => {
    const { env, items } = fakeEnv();
    const api = createBrowserApi(env);
    await api.storeSet('locale', 'en');
    expect(items.get(`${STORAGE_PREFIX}locale`)).toBe('"en"');
    await expect(api.storeGet('locale')).resolves.toBe('en');
    await expect(api.storeGet('missing')).resolves.toBeUndefined();
    await expect(api.storeSet('Bad Key', 1)).rejects.toThrow(/instantLab\.storeSet: invalid request — key/);
  });

  it('getBridge returns the injected client', () => {
    const fake = createBrowserApi(fakeEnv().env);
    setBridge(fake);
    expect(getBridge()).toBe(fake);
    setBridge(undefined);
  });
});
