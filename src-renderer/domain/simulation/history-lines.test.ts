import { describe, expect, it } from 'vitest';
import { distinctDates } from './history-lines';

describe('history lines never repeat', () => {
  it('keeps the minute where a line is alone, and gives the second where two lines would read the same', () => {
    expect(
      distinctDates([
        { name: 'Mine d’or, 1,00 €, graine 1, 1 bloc', minute: '01/12/2026 20:10', second: '01/12/2026 20:10:05' },
        { name: 'Mine d’or, 1,00 €, graine 1, 1 bloc', minute: '01/12/2026 20:10', second: '01/12/2026 20:10:41' },
        { name: 'Mine d’or, 1,00 €, graine 2, 1 bloc', minute: '01/12/2026 20:10', second: '01/12/2026 20:10:50' },
      ]),
    ).toEqual(['01/12/2026 20:10:05', '01/12/2026 20:10:41', '01/12/2026 20:10']);
  });

  it('numbers lines alike to the second', () => {
    const l = { name: 'x', minute: 'm', second: 's' };
    expect(distinctDates([l, l, { ...l, name: 'y' }])).toEqual(['s (1)', 's (2)', 'm']);
  });
});
