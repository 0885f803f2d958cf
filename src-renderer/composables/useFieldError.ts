/**
 * The text of a field's problem ({@link FieldError}) in the current language: what was typed is
 * wrong, and what is expected. One wording for every screen that asks for a seed or blocks.
 */
import { useI18n } from 'vue-i18n';
import type { FieldError } from '../domain/block-fields';
import { useFormat } from './useFormat';

export function useFieldError() {
  const { t } = useI18n();
  const fmt = useFormat();
  return {
    /** « Graine « abc » refusée : attendu un nombre entier (chiffres uniquement) de 0 à 4 294 967 295. » */
    fieldMessage: (e: FieldError): string =>
      t(`fields.${e.key}`, {
        ...e.params,
        ...(typeof e.params.max === 'number' ? { max: fmt.count(e.params.max) } : {}),
      }),
  };
}
