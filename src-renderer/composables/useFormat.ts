/**
 * Every number, amount, percentage, chart tick and date of the screens, in the current language:
 * « 7 500,00 € » and « 1 sur 5,03 » in French, « €7,500.00 » and « 1 in 5.03 » in English. The
 * pure formatters live in the engine (one source, also used by reports); this composable only
 * binds them to the language the user chose.
 *
 * @see ../../src-engine/format/numbers.ts
 * @see ../../src-engine/money/format.ts
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import {
  formatCount,
  formatDateTime,
  formatDecimal,
  formatEuros,
  formatOneIn,
  formatPercent,
  formatPointsDelta,
  formatSignedCount,
  formatSignificant,
  formatTick,
  formatLogTick,
} from '@engine';
import type { Lang } from '@engine';

/** Formatters bound to the current language (reactive: they follow the language switch). */
export function useFormat() {
  const { locale, t } = useI18n();
  const lang = computed<Lang>(() => (locale.value === 'en' ? 'en' : 'fr'));
  const euros = (cents: number): string => (Number.isSafeInteger(cents) ? formatEuros(cents, lang.value) : '—');
  const decimal = (x: number, digits: number): string => formatDecimal(x, lang.value, digits);
  return {
    lang,
    euros,
    percent: (ratio: number, digits = 3): string => formatPercent(ratio, lang.value, digits),
    count: (n: number): string => formatCount(n, lang.value),
    decimal,
    significant: (x: number, digits = 3): string => formatSignificant(x, lang.value, digits),
    oneIn: (p: number): string => formatOneIn(p, lang.value),
    signed: (n: number): string => formatSignedCount(n, lang.value),
    pointsDelta: (ratioDelta: number, digits = 1): string => formatPointsDelta(ratioDelta, lang.value, digits),
    /** A Chart.js tick callback's text for a numeric axis. */
    tick: (value: number | string): string => formatTick(Number(value), lang.value),
    /** A Chart.js tick callback's text for a logarithmic axis: powers of ten only, the rest unlabelled. */
    logTick: (value: number | string): string => formatLogTick(Number(value), lang.value),
    dateTime: (iso: string | Date, seconds = false): string => formatDateTime(iso, lang.value, seconds),
    /** A prize level's label: its amount, or « Perdant » / « Losing » for the losing units (prize 0). */
    level: (prizeCents: number): string => (prizeCents > 0 ? euros(prizeCents) : t('common.losing')),
    /** A duration: « 850 ms », « 1,24 s », « 2 min 05 s ». */
    duration: (ms: number): string => {
      if (ms < 1000) return t('simulation.unit.ms', { n: Math.round(ms) });
      if (ms < 60_000) return t('simulation.unit.s', { n: decimal(ms / 1000, 2) });
      const s = Math.round(ms / 1000);
      return t('simulation.unit.min', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
    },
  };
}
