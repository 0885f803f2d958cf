import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseStrictJson } from './strict-json';

const value = (t: string): unknown => {
  const r = parseStrictJson(t);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('JSON read one way only', () => {
  it('reads what JSON.parse reads, for well-formed texts', () => {
    for (const t of [
      '{"index":3,"ref":"MINE-100-3KX9P2A-0ZF4-V1-7Q","prize_cents":0,"main":["a","b"],"extras":[[]]}',
      '[1,-2.5e3,0,true,false,null,"\\u00e9\\n\\"\\\\\\/",{}]',
      ' { "a" : { "b" : [ 1 , 2 ] } } ',
      '"\\ud83d\\ude00 😀"',
      '{"index":1,"x":{"index":2}}',
    ])
      expect(value(t)).toEqual(JSON.parse(t));
  });

  it('names a byte-order mark, and any character that does not print, instead of writing it raw', () => {
    const bom = parseStrictJson('\uFEFF{}');
    expect(!bom.ok && bom.message).toBe(
      'unexpected byte-order mark (U+FEFF): a file starts with one at most, and this one is data (at character 1)',
    );
    expect(!bom.ok && bom.fr).toMatch(/^marque d'ordre des octets \(U\+FEFF\) inattendue/);
    const nbsp = parseStrictJson('{"a":\u00a01}');
    expect(!nbsp.ok && nbsp.message).toBe('unexpected U+00A0 (at character 6)');
    const x = parseStrictJson('{"a":x}');
    expect(!x.ok && x.message).toBe('unexpected "x" (at character 6)');
  });

  it('refuses a key twice in one object, naming it, at any depth', () => {
    const r = parseStrictJson('{"index":7,"prize_cents":600000,"prize_cents":100}');
    expect(r).toMatchObject({ ok: false, key: 'prize_cents' });
    expect(!r.ok && r.message).toMatch(/the key "prize_cents" appears twice in one object/);
    expect(!r.ok && r.fr).toMatch(/la clé "prize_cents" figure deux fois/);
    expect(parseStrictJson('{"a":{"b":1,"c":{"d":1,"d":2}}}')).toMatchObject({ ok: false, key: 'a.c.d' });
    expect(parseStrictJson('[{"a":1},{"b":[{"z":1,"z":1}]}]')).toMatchObject({ ok: false, key: '[1].b[0].z' });
    // the same key in two objects is no duplicate; an escaped spelling of the same key is one
    expect(parseStrictJson('[{"a":1},{"a":2}]').ok).toBe(true);
    expect(parseStrictJson('{"ab":1,"\\u0061b":2}')).toMatchObject({ ok: false, key: 'ab' });
  });

  it('refuses __proto__, half surrogate pairs and whole numbers beyond 2^53', () => {
    expect(parseStrictJson('{"__proto__":{"x":1}}')).toMatchObject({ ok: false, key: '__proto__' });
    expect(parseStrictJson('{"ref":"\\ud800"}')).toMatchObject({ ok: false, key: 'ref' });
    expect(parseStrictJson('{"ref":"\\udc00\\ud800"}').ok).toBe(false);
    expect(parseStrictJson(`{"ref":"${String.fromCharCode(0xd800)}"}`).ok).toBe(false);
    expect(parseStrictJson('{"prize_cents":9007199254740993}')).toMatchObject({ ok: false, key: 'prize_cents' });
    expect(parseStrictJson('{"prize_cents":9007199254740991}').ok).toBe(true);
    expect(parseStrictJson('1e400').ok).toBe(false);
  });

  it('refuses what RFC 8259 does not allow, and nesting past its bound without overflowing the stack', () => {
    for (const t of ['', '{', '{"a":1,}', '[1,]', "{'a':1}", '{"a":01}', 'NaN', '{"a":1} x', '"\t"', '"\\x"', '{a:1}'])
      expect(parseStrictJson(t).ok, t).toBe(false);
    expect(parseStrictJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseStrictJson('['.repeat(100_000)).ok).toBe(false);
  });
});
