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
import emission from './locales/emission';
import explorer from './locales/explorer';
import presentation from './locales/presentation';
import rules from './locales/rules';
import dispute from './locales/dispute';
import journal from './locales/journal';
import journalKey from './locales/journal-key';
import journalAgainst from './locales/journal-against';
import handoff from './locales/handoff';
import { frenchPlural } from './plural';

export type Locale = 'fr' | 'en';
export const LOCALES: readonly Locale[] = ['fr', 'en'];

/** An English message tree with exactly the keys of the French one (the French file is the schema). */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };
/** Checks at compile time that a screen's English messages have the French keys (tested at run time too). */
const bilingual = <T>(m: { readonly fr: T; readonly en: SameKeys<T> }): { fr: T; en: SameKeys<T> } => m;

export const MESSAGE_PARTS = [
  bilingual(common),
  bilingual(simulation),
  bilingual(replay),
  bilingual(compliance),
  bilingual(emission),
  bilingual(explorer),
  bilingual(presentation),
  bilingual(rules),
  bilingual(dispute),
  bilingual(journal),
  bilingual(journalKey),
  bilingual(journalAgainst),
  bilingual(handoff),
];
const parts = MESSAGE_PARTS;
const merge = (l: Locale): Record<string, unknown> => Object.assign({}, ...parts.map((p) => p[l]));

// Messages are typed loosely here: each locales/<screen>.ts file is the schema of its own keys.
type Messages = Record<string, never>;

const options = {
  legacy: false as const,
  locale: 'fr' as Locale,
  fallbackLocale: 'fr' as Locale,
  messages: { fr: merge('fr') as Messages, en: merge('en') as Messages },
  pluralRules: { fr: frenchPlural },
};

export const i18n = createI18n<false, typeof options>(options);

/** Switches the interface language. */
export function setLocale(l: Locale): void {
  (i18n.global.locale as unknown as { value: Locale }).value = l;
}

/** The interface language now, for code outside components (stores formatting files and names in it). */
export function currentLocale(): Locale {
  return (i18n.global.locale as unknown as { value: string }).value === 'en' ? 'en' : 'fr';
}
