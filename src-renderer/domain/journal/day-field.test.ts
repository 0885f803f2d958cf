import { describe, expect, it } from 'vitest';
import { DAY_PATTERN, readDay, showDay } from './day-field';

describe('the journal’s date filters', () => {
  it('are written day first, as the screen’s table writes its dates, in both languages', () => {
    expect(DAY_PATTERN).toEqual({ fr: 'jj/mm/aaaa', en: 'dd/mm/yyyy' });
    expect(showDay('2026-03-02')).toBe('02/03/2026');
    expect(showDay('')).toBe('');
    expect(readDay(showDay('1999-12-31'))).toEqual({ ok: true, day: '1999-12-31' });
  });

  it('read « 02/03/2026 » and ISO « 2026-03-02 » as the same day (the French filter accepts ISO too)', () => {
    expect(readDay('02/03/2026')).toEqual({ ok: true, day: '2026-03-02' });
    expect(readDay(' 2026-03-02 ')).toEqual({ ok: true, day: '2026-03-02' });
    expect(readDay('29/02/2028')).toEqual({ ok: true, day: '2028-02-29' });
    expect(readDay('')).toEqual({ ok: true, day: '' });
  });

  it('refuse a day that does not exist, another pattern, letters', () => {
    for (const t of [
      '31/02/2026',
      '29/02/2026',
      '31/04/2026',
      '00/01/2026',
      '01/13/2026',
      '2/3/2026',
      'aa/bb/cccc',
      '2026-02-30',
      '0000-01-01',
      '2026/03/02',
    ])
      expect(readDay(t), t).toEqual({ ok: false });
  });
});
