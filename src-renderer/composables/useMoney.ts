/**
 * Money and percentages in the current language: « 7 500,00 € » in French, « €7,500.00 » in English.
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import { formatEuros, formatPercent } from '../../src-engine/index';

export function useMoney() {
  const { locale } = useI18n();
  const lang = computed<'fr' | 'en'>(() => (locale.value === 'en' ? 'en' : 'fr'));
  return {
    lang,
    euros: (cents: number): string => formatEuros(cents, lang.value),
    percent: (ratio: number, digits = 3): string => formatPercent(ratio, lang.value, digits),
    count: (n: number): string => n.toLocaleString(lang.value === 'fr' ? 'fr-FR' : 'en-GB'),
  };
}
