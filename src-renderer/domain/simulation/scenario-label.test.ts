import { describe, expect, it } from 'vitest';
import { namesItsKind } from './scenario-label';

describe('namesItsKind', () => {
  it('is true for a name that starts with « Scénario » or « Scenario », in any case', () => {
    expect(namesItsKind("Scénario — Mine d'or 0,50 € (modifié)")).toBe(true);
    expect(namesItsKind('Scenario — Mine d’or €0.50 (modified)')).toBe(true);
    expect(namesItsKind('scénario 2')).toBe(true);
  });
  it('is false for any other name, even one that holds the word later', () => {
    expect(namesItsKind('RTP 68')).toBe(false);
    expect(namesItsKind('Essai scénario')).toBe(false);
    expect(namesItsKind('Scénarios')).toBe(false);
  });
});
