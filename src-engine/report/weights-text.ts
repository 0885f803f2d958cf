/**
 * Presentation weights (M4, G2) in words, for the audit report's identity: the defaults, or the
 * weights of a run that set others, with the warning that its units cannot be reopened from a
 * reference alone (R2).
 */
import type { Lang } from '../format/numbers';
import { formatEuros } from '../money/format';
import type { GameId } from '../rules/types';
import type {
  GongsWeightsJson,
  MineLevelWeightsJson,
  MineWeightsJson,
  WeightsJson,
} from '../presentation/weights-json';

const TEXT = {
  fr: {
    mineLabel: 'Poids de présentation (M4)',
    gongsLabel: 'Part des lots par le Bonus (G2)',
    mineDefault: 'par défaut (les poids documentés)',
    gongsDefault: 'par défaut : 20\u00a0% de chaque niveau',
    customMine: 'personnalisés',
    customGongs: 'personnalisée',
    list: ' ; ',
    winning: 'unité gagnante par nombre d’EXTRA (0 à 3)',
    losing: 'unité perdante par nombre d’EXTRA',
    additional: 'combinaison supplémentaire',
    aligned: 'combinaison alignée',
    stage: 'étape Extra sans gain',
    share: 'part Bonus',
    notOfficial:
      'Ces blocs ne sont pas les blocs officiels de leurs graines : leurs unités ne se rouvrent pas d’une référence seule (R2).',
    sep: ' : ',
  },
  en: {
    mineLabel: 'Presentation weights (M4)',
    gongsLabel: 'Share of lots through the Bonus (G2)',
    mineDefault: 'default (the documented weights)',
    gongsDefault: 'default: 20% of every level',
    customMine: 'custom',
    customGongs: 'custom',
    list: '; ',
    winning: 'winning unit by EXTRA count (0 to 3)',
    losing: 'losing unit by EXTRA count',
    additional: 'additional combination',
    aligned: 'aligned combination',
    stage: 'Extra stage without a gain',
    share: 'Bonus share',
    notOfficial:
      'These blocks are not the official blocks of their seeds: their units cannot be reopened from a reference alone (R2).',
    sep: ': ',
  },
} as const;

const num = (x: number, lang: Lang): string => (lang === 'fr' ? String(x).replace('.', ',') : String(x));
const pct = (x: number, lang: Lang): string =>
  `${num(Math.round(x * 1e6) / 1e4, lang)}${lang === 'fr' ? '\u00a0%' : '%'}`;

function mineFields(w: MineLevelWeightsJson & Partial<MineWeightsJson>, lang: Lang): string[] {
  const t = TEXT[lang];
  const four = (v: readonly number[]): string => v.map((x) => num(x, lang)).join(' / ');
  return [
    ...(w.winning_extras ? [`${t.winning}${t.sep}${four(w.winning_extras)}`] : []),
    ...(w.losing_extras ? [`${t.losing}${t.sep}${four(w.losing_extras)}`] : []),
    ...(w.additional_combination !== undefined ? [`${t.additional} × ${num(w.additional_combination, lang)}`] : []),
    ...(w.aligned_combination !== undefined ? [`${t.aligned} × ${num(w.aligned_combination, lang)}`] : []),
    ...(w.losing_stage !== undefined ? [`${t.stage} × ${num(w.losing_stage, lang)}`] : []),
  ];
}

/** The label of the weights' line in a report of `game`. */
export function weightsLabel(game: GameId, lang: Lang): string {
  return game === 'mine-d-or' ? TEXT[lang].mineLabel : TEXT[lang].gongsLabel;
}

/** The weights in words (undefined: the documented defaults). */
export function weightsText(game: GameId, w: WeightsJson | undefined, lang: Lang): string {
  const t = TEXT[lang];
  if (!w) return game === 'mine-d-or' ? t.mineDefault : t.gongsDefault;
  let parts: string[];
  if (game === 'mine-d-or') {
    const m = w as MineWeightsJson;
    parts = [
      ...mineFields(m, lang),
      ...Object.entries(m.by_prize ?? {}).map(
        ([k, o]) => `${formatEuros(Number(k), lang)}${t.sep}${mineFields(o, lang).join(', ')}`,
      ),
    ];
  } else {
    const g = w as GongsWeightsJson;
    parts = [
      `${t.share} ${pct(g.bonus_share, lang)}`,
      ...Object.entries(g.bonus_share_by_prize ?? {}).map(
        ([k, s]) => `${formatEuros(Number(k), lang)}${t.sep}${pct(s, lang)}`,
      ),
    ];
  }
  const custom = game === 'mine-d-or' ? t.customMine : t.customGongs;
  return `${custom}${t.sep}${parts.join(t.list)}. ${t.notOfficial}`;
}
