/**
 * vue-i18n set-up: French by default, English on the switch. Each screen owns its messages in
 * `locales/<screen>.ts`; they are merged here.
 * @see https://vue-i18n.intlify.dev/guide/essentials/started
 */
import { createI18n } from 'vue-i18n';
import common from './locales/common';
import simulation from './locales/simulation';
import replay from './locales/replay';
import compliance from './locales/compliance';
import explorer from './locales/explorer';

export type Locale = 'fr' | 'en';
export const LOCALES: readonly Locale[] = ['fr', 'en'];

const parts = [common, simulation, replay, compliance, explorer];
const merge = (l: Locale): Record<string, unknown> => Object.assign({}, ...parts.map((p) => p[l]));

export const i18n = createI18n({
  legacy: false,
  locale: 'fr',
  fallbackLocale: 'fr',
  messages: { fr: merge('fr'), en: merge('en') },
  numberFormats: {
    fr: { percent: { style: 'percent', minimumFractionDigits: 3, maximumFractionDigits: 3 } },
    en: { percent: { style: 'percent', minimumFractionDigits: 3, maximumFractionDigits: 3 } },
  },
});
