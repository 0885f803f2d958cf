import { describe, expect, it } from 'vitest';
import { findingText, findingsOverSet } from './placement-finding';

describe('a placement finding in words', () => {
  const [calm] = findingsOverSet([{ tests: [{ name: 'runs', p: 0.9 }] }, { tests: [{ name: 'runs', p: 0.5 }] }]);

  it('an adjusted p-value of 1 says why: Holm’s adjustment caps at 1, so it is no hint at all', () => {
    expect(calm!.adjustedP).toBe(1);
    expect(findingText(calm!, 'fr')).toBe(
      'placement : aucun constat (p du bloc 0,9, ajustée 1 (l’ajustement de Holm plafonne à 1 : 1 après ajustement, aucun indice) ; Holm sur les 2 blocs vérifiés ensemble, erreur d’ensemble ≤ 1 %)',
    );
    expect(findingText(calm!, 'en')).toBe(
      'placement: no finding (block p 0.9, adjusted 1 (Holm’s adjustment caps at 1: 1 after adjustment, no hint at all); Holm over the 2 blocks verified together, family-wise error ≤ 1%)',
    );
  });

  it('an adjusted p-value below 1 is shown alone', () => {
    const [low] = findingsOverSet([{ tests: [{ name: 'runs', p: 0.2 }] }]);
    expect(low!.adjustedP).toBeLessThan(1);
    expect(findingText(low!, 'fr')).not.toContain('plafonne');
    expect(findingText(low!, 'en')).not.toContain('caps at 1');
  });
});
