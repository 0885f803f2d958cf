/**
 * The name of the table a result was computed on, in the screen's language: « tableau officiel
 * (art. 3.2) » or « scénario « RTP 68 » (hors règlement) », with the start of its digest where a
 * line must tell two tables apart (history, results). A default scenario name is said in the
 * screen's language ({@link shownScenarioName}), whichever language it was handed over in.
 */
import { useI18n } from 'vue-i18n';
import { SHORT_DIGEST } from '@engine';
import type { TableIdentity } from '@engine';
import { namesItsKind } from '../domain/simulation/scenario-label';
import { shownScenarioName } from '../domain/explorer/scenario-name';
import { useLocalizedText } from './useLocalizedText';

export function useTableName() {
  const { t } = useI18n();
  const { lang } = useLocalizedText();
  /** A table's name as the screen shows it: a default name in the screen's language, any other as typed. */
  const shown = (tableName: string): string => shownScenarioName(tableName, lang.value);
  const name = (id: TableIdentity): string =>
    id.kind === 'official'
      ? t('simulation.tableName.official', { source: shown(id.name) })
      : t(namesItsKind(id.name) ? 'simulation.tableName.scenarioBare' : 'simulation.tableName.scenario', {
          name: shown(id.name),
        });
  return {
    shown,
    name,
    /** The name and the digest's first {@link SHORT_DIGEST} digits. */
    withDigest: (id: TableIdentity): string =>
      t('simulation.tableName.withDigest', { name: name(id), digest: id.digest.slice(0, SHORT_DIGEST) }),
    /** The name and the whole digest, on one line. */
    line: (id: TableIdentity): string => t('simulation.tableName.line', { name: name(id), digest: id.digest }),
  };
}
