/**
 * User settings kept through the bridge (settings file on the desktop, localStorage in a browser):
 * the interface language for now.
 */
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';
import { getBridge, SETTINGS_RECOVERED_KEY } from '../../bridge';
import type { SettingsRecovered } from '../../bridge';
import { setLocale } from '../../i18n';
import type { Locale } from '../../i18n';

export const useSettingsStore = defineStore('useSettingsStore', () => {
  const locale = ref<Locale>('fr');
  const loaded = ref(false);
  /** The settings file was unreadable and kept aside (desktop): the user is told, until dismissed. */
  const recovered = ref<SettingsRecovered | null>(null);

  async function load(): Promise<void> {
    try {
      const saved = await getBridge().storeGet('locale');
      if (saved === 'fr' || saved === 'en') locale.value = saved;
    } catch {
      // an unreadable setting falls back to French, the default; nothing else depends on it
    }
    try {
      const r = await getBridge().storeGet(SETTINGS_RECOVERED_KEY);
      if (isRecovered(r)) recovered.value = r;
    } catch {
      // a build without the key (the browser's) has nothing to tell
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

  return { locale, load, recovered };
});

function isRecovered(v: unknown): v is SettingsRecovered {
  if (v === null || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (typeof r.keptAs === 'string' || r.keptAs === null) && typeof r.reason === 'string';
}
