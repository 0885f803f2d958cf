/**
 * A problem of a scenario (the editor's or an opened file's) in words, in the current language,
 * naming its level: amounts and counts written the language's way (« 0,30 € » / « €0.30 »).
 * Problems the explorer's messages know are translated by code; any other is shown with the
 * engine's own French or English text, so every problem reported is shown.
 */
import { useI18n } from 'vue-i18n';
import type { EditProblem } from '../domain/explorer/table-input';
import { useFormat } from './useFormat';
import { useLocalizedText } from './useLocalizedText';

/** Codes whose text the engine (or the editor) already writes in both languages. */
const OWN_TEXT = new Set(['shape', 'amount-unreadable', 'lots-unreadable', 'block-unreadable']);

export function useProblemText() {
  const { t, te } = useI18n();
  const { euros, count } = useFormat();
  const { lt } = useLocalizedText();

  const localParams = (params: Readonly<Record<string, string | number>>): Record<string, string | number> => {
    const out: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(params))
      out[k] = typeof v === 'number' && Number.isSafeInteger(v) && k !== 'n' && k !== 'first' ? count(v) : v;
    if (typeof params.amountCents === 'number') out.amount = euros(params.amountCents);
    if (typeof params.fifthCents === 'number') out.fifth = euros(params.fifthCents);
    return out;
  };

  return {
    problemText: (p: EditProblem): string =>
      !OWN_TEXT.has(p.code) && te(`explorer.p.${p.code}`)
        ? t(`explorer.p.${p.code}`, localParams(p.params))
        : lt({ en: p.message, fr: p.fr }),
  };
}
