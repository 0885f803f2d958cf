/**
 * Engine messages ({@link LocalizedText}) in the current language of the screen.
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import type { LocalizedText } from '@engine';

export function useLocalizedText() {
  const { locale } = useI18n();
  const lang = computed<'fr' | 'en'>(() => (locale.value === 'en' ? 'en' : 'fr'));
  return {
    lang,
    /** The text in the current language; a plain string as it is; '' for none. */
    lt: (text: LocalizedText | string | null | undefined): string =>
      typeof text === 'string' ? text : text ? text[lang.value] : '',
  };
}
