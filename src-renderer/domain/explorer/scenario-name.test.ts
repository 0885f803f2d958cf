import { describe, expect, it } from 'vitest';
import { defaultScenarioName, modifiedNumber, scenarioName, shownScenarioName } from './scenario-name';

const NBSP = '\u00a0';
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const first = `Scénario — Mine d'or 1,00${NBSP}€ (modifié)`;
const second = `Scénario — Mine d'or 1,00${NBSP}€ (modifié 2)`;

describe('default names of modified tables', () => {
  it('the first modified table is « (modifié) », the n-th « (modifié n) », in both languages', () => {
    expect(defaultScenarioName('mine-d-or', 100, false)).toEqual({
      fr: first,
      en: "Scenario — Mine d'or €1.00 (modified)",
    });
    expect(defaultScenarioName('mine-d-or', 100, false, 2)).toEqual({
      fr: second,
      en: "Scenario — Mine d'or €1.00 (modified 2)",
    });
    // the official name has no number
    expect(defaultScenarioName('les-3-gongs', 50, true, 3).fr).toBe(`Les 3 Gongs 0,50${NBSP}€ — tableau officiel`);
  });

  it('a table no name names yet is the first', () => {
    expect(modifiedNumber('mine-d-or', 100, A, [])).toBe(1);
    expect(modifiedNumber('mine-d-or', 100, A, [{ name: 'RTP 68', digest: B }])).toBe(1);
  });

  it('a new table never takes the default name of another table: collision → the next free number', () => {
    expect(modifiedNumber('mine-d-or', 100, B, [{ name: first, digest: A }])).toBe(2);
    expect(
      modifiedNumber('mine-d-or', 100, C, [
        { name: second, digest: B },
        { name: first, digest: A },
      ]),
    ).toBe(3);
    // a free number below the others is taken first
    expect(modifiedNumber('mine-d-or', 100, C, [{ name: second, digest: B }])).toBe(1);
    // names in English count too (a run made on an English screen)
    expect(modifiedNumber('mine-d-or', 100, B, [{ name: "Scenario — Mine d'or €1.00 (modified)", digest: A }])).toBe(2);
    // another game or stake's names do not
    expect(modifiedNumber('les-3-gongs', 100, B, [{ name: first, digest: A }])).toBe(1);
  });

  it('the same table keeps the name it already goes by', () => {
    const known = [
      { name: first, digest: A },
      { name: second, digest: B },
    ];
    expect(modifiedNumber('mine-d-or', 100, B, known)).toBe(2);
    expect(modifiedNumber('mine-d-or', 100, A, known)).toBe(1);
    // unless another table goes by it as well (names given before they were unique): then a free one
    expect(modifiedNumber('mine-d-or', 100, B, [...known, { name: second, digest: C }])).toBe(3);
  });

  it('a table not valid yet (no digest) avoids every known name', () => {
    expect(modifiedNumber('mine-d-or', 100, null, [{ name: first, digest: A }])).toBe(2);
  });

  it('the name a scenario goes by carries the number, unless the user typed one', () => {
    expect(scenarioName('', 'mine-d-or', 100, false, 'fr', 2)).toBe(second);
    expect(scenarioName('  ', 'mine-d-or', 100, false, 'en', 3)).toBe("Scenario — Mine d'or €1.00 (modified 3)");
    expect(scenarioName('Mon essai', 'mine-d-or', 100, false, 'fr', 2)).toBe('Mon essai');
    // an official name typed on a modified table is replaced by the numbered default
    expect(scenarioName(`Mine d'or 1,00${NBSP}€ — tableau officiel`, 'mine-d-or', 100, false, 'fr', 2)).toBe(second);
  });
});

describe('the name a screen shows', () => {
  it('a default name written in one language is shown in the screen’s, with its number', () => {
    const en = scenarioName('', 'mine-d-or', 50, false, 'en');
    expect(en).toBe("Scenario — Mine d'or €0.50 (modified)");
    expect(shownScenarioName(en, 'fr')).toBe(defaultScenarioName('mine-d-or', 50, false).fr);
    expect(shownScenarioName(en, 'en')).toBe(en);
    const fr2 = defaultScenarioName('les-3-gongs', 200, false, 2).fr;
    expect(shownScenarioName(fr2, 'en')).toBe(defaultScenarioName('les-3-gongs', 200, false, 2).en);
    const official = defaultScenarioName('les-3-gongs', 100, true);
    expect(shownScenarioName(official.fr, 'en')).toBe(official.en);
  });

  it('a typed name is shown as typed, in either language', () => {
    expect(shownScenarioName('RTP 68', 'en')).toBe('RTP 68');
    expect(shownScenarioName('Scenario — mine (modified)', 'fr')).toBe('Scenario — mine (modified)');
  });
});
