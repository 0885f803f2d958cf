/**
 * Formatting shared by the simulation screen's components, in the current language: money and
 * percentages through {@link useMoney}, plus durations, level labels and ratios "1 in n".
 */
import { useI18n } from 'vue-i18n';
import { useMoney } from '../../composables/useMoney';

/** Formatters for the simulation screen. */
export function useSimulationFormat() {
  const { t } = useI18n();
  const money = useMoney();
  const numberLocale = (): string => (money.lang.value === 'fr' ? 'fr-FR' : 'en-GB');
  const decimal = (x: number, digits: number): string =>
    x.toLocaleString(numberLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return {
    ...money,
    decimal,
    /** A prize level's label: its amount, or « Perdant » for the losing units (prize 0). */
    level: (prizeCents: number): string => (prizeCents > 0 ? money.euros(prizeCents) : t('common.losing')),
    /** A duration: « 850 ms », « 1,24 s », « 2 min 05 s ». */
    duration: (ms: number): string => {
      if (ms < 1000) return t('simulation.unit.ms', { n: Math.round(ms) });
      if (ms < 60_000) return t('simulation.unit.s', { n: decimal(ms / 1000, 2) });
      const s = Math.round(ms / 1000);
      return t('simulation.unit.min', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
    },
    /** A signed count: « +3 », « −2 », « 0 ». */
    signed: (n: number): string => (n > 0 ? `+${money.count(n)}` : n < 0 ? `−${money.count(-n)}` : '0'),
  };
}
