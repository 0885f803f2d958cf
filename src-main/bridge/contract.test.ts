import { describe, expect, it } from 'vitest';
import { CHANNELS, INVOKE_CONTRACT, INVOKE_METHODS, isJsonValue, parseInvokeArgs, parseInvokeResult } from './contract';

describe('contract', () => {
  it('maps every invoke method to a distinct channel of CHANNELS', () => {
    const channels = INVOKE_METHODS.map((m) => INVOKE_CONTRACT[m].channel);
    expect(new Set(channels).size).toBe(channels.length);
    for (const channel of channels) expect(Object.values(CHANNELS)).toContain(channel);
    expect(Object.values(CHANNELS)).toContain('menu:action');
    expect(channels).not.toContain('menu:action');
  });

  it('accepts a valid saveFile request (string and bytes)', () => {
    const filters = [{ name: 'CSV', extensions: ['csv'] }];
    expect(parseInvokeArgs('saveFile', [{ suggestedName: 'a.csv', filters, data: 'x' }])).toHaveLength(1);
    expect(parseInvokeArgs('saveFile', [{ suggestedName: 'a.bin', filters, data: new Uint8Array(2) }])).toHaveLength(1);
  });

  it('rejects invalid requests with a message naming the method and the field', () => {
    expect(() => parseInvokeArgs('saveFile', [{ suggestedName: '../etc/passwd', filters: [], data: 'x' }])).toThrow(
      'instantLab.saveFile: invalid request — suggestedName: must be a bare file name (no folder)',
    );
    expect(() => parseInvokeArgs('saveFile', [{ suggestedName: 'a.csv', filters: [], data: 42 }])).toThrow(
      'instantLab.saveFile: invalid request — data: must be a string or a Uint8Array',
    );
    expect(() => parseInvokeArgs('saveFile', [])).toThrow(/^instantLab\.saveFile: invalid request — request: /);
    expect(() => parseInvokeArgs('appendSave', ['not-a-handle', 'x'])).toThrow(
      'instantLab.appendSave: invalid request — handle: must be a handle returned by beginSave',
    );
    expect(() => parseInvokeArgs('storeSet', ['Bad Key', 1])).toThrow(/key: must match/);
    expect(() => parseInvokeArgs('storeSet', ['ok', undefined])).toThrow(/value: must be JSON-serialisable/);
    expect(() => parseInvokeArgs('openFile', [{ filters: [{ name: 'CSV', extensions: ['.csv'] }] }])).toThrow(
      /filters\.0\.extensions\.0: must be an extension without dot/,
    );
    expect(() => parseInvokeArgs('beginSave', [{ suggestedName: 'a', filters: [], extra: true }])).toThrow(
      /invalid request/,
    );
    expect(() => parseInvokeArgs('appInfo', ['unexpected'])).toThrow(/instantLab\.appInfo: invalid request/);
  });

  it('validates results', () => {
    expect(parseInvokeResult('beginSave', null)).toBeNull();
    expect(() => parseInvokeResult('appInfo', { version: '1', platform: 'mobile' })).toThrow(
      /instantLab\.appInfo: invalid response — platform/,
    );
  });

  it('recognises plain JSON values only', () => {
    expect(isJsonValue({ a: [1, 'x', null, { b: false }] })).toBe(true);
    expect(isJsonValue([undefined])).toBe(false);
    expect(isJsonValue(new Date())).toBe(false);
    expect(isJsonValue(new Map())).toBe(false);
    expect(isJsonValue(Infinity)).toBe(false);
    expect(isJsonValue(10n)).toBe(false);
    const shared = { x: 1 };
    expect(isJsonValue({ a: shared, b: shared })).toBe(true); // shared, not cyclic
  });
});
