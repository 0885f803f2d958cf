import { describe, expect, it } from 'vitest';
import { i18n, setLocale } from '../../i18n';
import { presentableRule } from './presentable-rule';

describe('presentableRule', () => {
  it("cites the rule of the game shown: M4 for Mine d'or, G1 for Les 3 Gongs", () => {
    expect(presentableRule('mine-d-or')).toBe('M4');
    expect(presentableRule('les-3-gongs')).toBe('G1');
  });

  it('the scenario lines cite one rule, in French and in English', () => {
    // the app's messages, typed loosely as the app's i18n types them
    const { t } = i18n.global as unknown as { t: (key: string, values: Record<string, unknown>) => string };
    for (const locale of ['fr', 'en'] as const) {
      setLocale(locale);
      const line = t('simulation.official.scenarioSource', {
        game: 'Mine d’or',
        stake: '0,50 €',
        source: 'Essai',
        rule: presentableRule('mine-d-or'),
      });
      expect(line).toContain('M4');
      expect(line).not.toContain('G1');
      const recall = t('replay.recall.scenario', { name: 'Essai', rule: presentableRule('les-3-gongs') });
      expect(recall).toContain('G1');
      expect(recall).not.toContain('M4');
    }
    setLocale('fr');
  });
});
