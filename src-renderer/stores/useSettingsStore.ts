/**
 * User settings kept through the bridge (settings file on the desktop, localStorage in a browser):
 * the interface language for now.
 */
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { getBridge } from '../bridge';
import { setLocale } from '../i18n';
import type { Locale } from '../i18n';

export const useSettingsStore = defineStore('settings', () => {
  const locale = ref<Locale>('fr');
  const loaded = ref(false);

  async function load(): Promise<void> {
    try {
      const saved = await getBridge().storeGet('locale');
      if (saved === 'fr' || saved === 'en') locale.value = saved;
    } catch {
      // an unreadable setting falls back to French, the default; nothing else depends on it
    }
    loaded.value = true;
  }

  // synchronous, so that the value restored by load() is applied but never written back as a choice
  watch(
    locale,
    (l) => {
      setLocale(l);
      document.documentElement.lang = l;
      if (loaded.value)
        void getBridge()
          .storeSet('locale', l)
          .catch(() => undefined);
    },
    { flush: 'sync' },
  );

  return { locale, load };
});
