import { describe, expect, it } from 'vitest';
import { InputError } from '../block/input-error';
import { TextBytesDecoder, decodeTextBytes, sniffEncoding } from './text-decoding';

const utf16le = (s: string, bom = true): Uint8Array => {
  const out = new Uint8Array((s.length + (bom ? 1 : 0)) * 2);
  const t = bom ? `\uFEFF${s}` : s;
  for (let i = 0; i < t.length; i++) {
    out[2 * i] = t.charCodeAt(i) & 0xff;
    out[2 * i + 1] = t.charCodeAt(i) >> 8;
  }
  return out;
};
const cp1252 = (s: string): Uint8Array => Uint8Array.from([...s].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));
const header = 'Jeu;Mise (€);Unités par bloc\n';

describe('one decoder of a text file the user gives', () => {
  it('reads UTF-8, one byte-order mark dropped and a second one kept as data', () => {
    expect(decodeTextBytes(new TextEncoder().encode(`\uFEFF${header}`))).toEqual({ text: header, encoding: 'UTF-8' });
    expect(decodeTextBytes(new TextEncoder().encode(`\uFEFF\uFEFF${header}`)).text).toBe(`\uFEFF${header}`);
  });

  it('reads UTF-16 by its byte-order mark or by its zero bytes', () => {
    expect(decodeTextBytes(utf16le(header))).toEqual({ text: header, encoding: 'UTF-16LE' });
    expect(sniffEncoding(utf16le(header, false))).toBe('UTF-16LE');
    expect(decodeTextBytes(utf16le(header, false)).text).toBe(header);
  });

  it('a small table in Windows-1252 is read as Windows-1252', () => {
    expect(decodeTextBytes(cp1252(header))).toEqual({ text: header, encoding: 'Windows-1252' });
  });

  it('a stream (an export) that is not UTF-8 is refused naming the encoding, never read with replacement characters', () => {
    const d = new TextBytesDecoder();
    expect(d.write(new TextEncoder().encode('{"a":'))).toBe('{"a":');
    expect(() => d.write(cp1252('"é"}'))).toThrow(InputError);
    expect(() => new TextBytesDecoder().write(cp1252('é;'))).toThrow(/not UTF-8 text .*Windows-1252/);
    // a byte that may start a character waits for the next piece; at the end it is refused
    const cut = new TextBytesDecoder();
    expect(cut.write(cp1252('é'))).toBe('');
    expect(() => cut.end()).toThrow(/not UTF-8 text/);
  });

  it('binary data (bytes that are not UTF-8, with control bytes) is passed on as such, for the reader to call it binary', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xd8]);
    const text = new TextBytesDecoder().write(png);
    expect(text).toMatch(/\ufffd/);
    expect(text).toMatch(/\u001a/);
    // text in Windows-1252 has no control bytes: refused naming the encoding, as above
    expect(() => new TextBytesDecoder().write(cp1252('Unités;\r\n'))).toThrow(/not UTF-8 text/);
  });

  it('UTF-8 text with bytes that are not UTF-8 further on is called damaged, not another encoding', () => {
    const d = new TextBytesDecoder();
    expect(d.write(new TextEncoder().encode('{"a":"é"}\n'))).toBe('{"a":"é"}\n');
    expect(() => d.write(Uint8Array.from([0x7b, 0xc3, 0x28, 0x7d]))).toThrow(
      /^the file is UTF-8 text with bytes that are not UTF-8 at byte 12 \(a damaged file/,
    );
  });

  it('UTF-16 that does not decode is refused naming UTF-16, not UTF-8', () => {
    const bad = Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xdc, 0x41, 0x00]); // a lone low surrogate
    expect(() => {
      const d = new TextBytesDecoder();
      d.write(bad);
      d.end();
    }).toThrow(/^the file is not UTF-16LE text/);
  });

  it('a stream in UTF-16 is decoded across pieces', () => {
    const d = new TextBytesDecoder();
    const bytes = utf16le('ligne 1 €\nligne 2\n');
    const text = d.write(bytes.subarray(0, 7)) + d.write(bytes.subarray(7)) + d.end();
    expect(text).toBe('ligne 1 €\nligne 2\n');
    expect(d.encoding).toBe('UTF-16LE');
  });
});
