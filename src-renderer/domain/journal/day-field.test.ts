import { describe, expect, it } from 'vitest';
import { readDay, showDay } from './day-field';

describe('the journal’s date filters', () => {
  it('read French « jj/mm/aaaa » and English « yyyy-mm-dd » as the same day', () => {
    expect(readDay('02/03/2026', 'fr')).toEqual({ ok: true, day: '2026-03-02' });
    expect(readDay(' 2026-03-02 ', 'en')).toEqual({ ok: true, day: '2026-03-02' });
    expect(readDay('29/02/2028', 'fr')).toEqual({ ok: true, day: '2028-02-29' });
    expect(readDay('', 'fr')).toEqual({ ok: true, day: '' });
  });

  it('refuse a day that does not exist, another pattern, letters, and the other language’s pattern', () => {
    for (const t of ['31/02/2026', '29/02/2026', '31/04/2026', '00/01/2026', '01/13/2026', '2/3/2026', 'aa/bb/cccc'])
      expect(readDay(t, 'fr'), t).toEqual({ ok: false });
    expect(readDay('2026-03-02', 'fr')).toEqual({ ok: false });
    expect(readDay('02/03/2026', 'en')).toEqual({ ok: false });
    expect(readDay('03/02/2026', 'en')).toEqual({ ok: false });
    expect(readDay('2026-02-30', 'en')).toEqual({ ok: false });
    expect(readDay('0000-01-01', 'en')).toEqual({ ok: false });
  });

  it('write a day back in each language’s pattern, read back to the same day', () => {
    expect(showDay('2026-03-02', 'fr')).toBe('02/03/2026');
    expect(showDay('2026-03-02', 'en')).toBe('2026-03-02');
    expect(showDay('', 'fr')).toBe('');
    for (const lang of ['fr', 'en'] as const)
      expect(readDay(showDay('1999-12-31', lang), lang)).toEqual({ ok: true, day: '1999-12-31' });
  });
});
