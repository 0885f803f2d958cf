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
});
