import { describe, expect, it } from 'vitest';
import { parseJsonText } from './json-text';

describe('parseJsonText', () => {
  it('parses JSON, a leading byte-order mark dropped', () => {
    expect(parseJsonText('\uFEFF{"a":1}', 100)).toEqual({ ok: true, value: { a: 1 } });
  });
  it('refuses a text over the bound before parsing it, and says why malformed JSON is refused', () => {
    expect(parseJsonText('{"a":1}', 6)).toEqual({ ok: false, tooLarge: true });
    const bad = parseJsonText('{"a":', 100);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && !bad.tooLarge && bad.notJson.length > 0).toBe(true);
  });
  it('reads one way only: a key twice is refused naming it, and only one byte-order mark is dropped', () => {
    expect(parseJsonText('{"a":1,"a":2}', 100)).toEqual({
      ok: false,
      tooLarge: false,
      notJson: 'the key "a" appears twice in one object: readers disagree on which value counts (at character 11)',
      notJsonFr:
        'la clé "a" figure deux fois dans un même objet : les lecteurs ne s\'accordent pas sur la valeur qui compte (au caractère 11)',
    });
    expect(parseJsonText('\uFEFF\uFEFF{"a":1}', 100).ok).toBe(false);
  });
});
