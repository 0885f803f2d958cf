import { describe, expect, it, vi } from 'vitest';
import type { InstantLabApi } from '../../src-main/bridge/contract';
import { verifyExportText, ExportVerifier, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '@engine';
import { openAsFile } from './open-as-file';

const HANDLE = '00000000-0000-0000-0000-000000000000';

describe('openAsFile', () => {
  it('a block export streamed through the bridge becomes a File the verifier reads as a stream', async () => {
    const spec = officialBlock('les-3-gongs', 50, 42);
    const lines = [jsonlHeader(spec)];
    iterateUnits(spec, 0, 2000, (i, p, v) => lines.push(jsonlUnit(i, refOf(spec, i), p, v)));
    const text = `${lines.join('\n')}\n`;
    const chunks = text.match(/[^]{1,4096}/g)!;
    const api = {
      beginOpen: vi.fn(async () => ({ handle: HANDLE, name: 'b.jsonl', size: text.length })),
      readOpenBytes: vi.fn(async () => {
        const c = chunks.shift();
        return c === undefined ? null : new TextEncoder().encode(c);
      }),
      closeOpen: vi.fn(async () => undefined),
    };
    const file = await openAsFile(api as unknown as InstantLabApi, []);
    expect(file!.name).toBe('b.jsonl');
    expect(file!.size).toBe(Buffer.byteLength(text));
    const v = new ExportVerifier({ regenerate: true });
    const reader = file!.stream().pipeThrough(new TextDecoderStream()).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) v.feed(r.value);
    const streamed = v.finish();
    expect(streamed.unitsVerified).toBe(2000);
    expect(streamed.discrepancyCount).toBe(verifyExportText(text).discrepancyCount); // truncated block: same verdict
  });

  it('null on cancel; a failed read closes the file', async () => {
    await expect(openAsFile({ beginOpen: async () => null } as unknown as InstantLabApi, [])).resolves.toBeNull();
    const closeOpen = vi.fn(async () => undefined);
    const api = {
      beginOpen: async () => ({ handle: HANDLE, name: 'x', size: 1 }),
      readOpenBytes: async () => {
        throw new Error('EIO');
      },
      closeOpen,
    };
    await expect(openAsFile(api as unknown as InstantLabApi, [])).rejects.toThrow('EIO');
    expect(closeOpen).toHaveBeenCalledWith(HANDLE);
  });
});
