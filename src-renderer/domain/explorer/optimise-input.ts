/**
 * The optimiser's form as the user types it (percentages « 70 », points « 0,01 », amounts in euros
 * « 15 000,00 », counts), read into an engine {@link OptimiseRequest}; every field that cannot be
 * read is named in French and English, then the engine's own checks (legal band, M4/G1, bounds)
 * follow.
 */
import { MAX_BLOCK_UNITS, formatEuros, officialTable, requestProblems } from '@engine';
import type { GameId, Lang, LevelBound, LocalizedText, OptimiseRequest, Scenario, StakeCents } from '@engine';
import { readCount } from './count-input';
import { readAmount } from './table-input';

/** Bounds of one amount as typed (empty: no bound). */
export interface BoundInput {
  min: string;
  max: string;
}

/** The optimiser's fields, as typed. */
export interface OptimiseInput {
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly rtpMode: 'target' | 'range';
  /** Percent (« 70 »). */
  readonly rtp: string;
  /** Points of percentage (« 0,01 »). */
  readonly rtpTolerance: string;
  readonly rtpMin: string;
  readonly rtpMax: string;
  /** Percent; empty: no hit-rate target. */
  readonly hitRate: string;
  readonly hitTolerance: string;
  /** Euros; empty: the official top prize. */
  readonly topPrize: string;
  /** Empty: the official count. */
  readonly topCount: string;
  /** Empty: the official block. */
  readonly blockUnits: string;
  /** Amounts added to the official ones, separated by « ; ». */
  readonly extraAmounts: string;
  /** Official or added amounts left out, in cents. */
  readonly excluded: readonly number[];
  /** Bounds typed per amount (cents → text). */
  readonly bounds: Readonly<Record<number, BoundInput>>;
  /**
   * The table the counts stay closest to: the edited one (`table`, null while it has problems)
   * or the official one.
   */
  readonly startFrom: { readonly kind: 'edited'; readonly table: Scenario | null } | { readonly kind: 'official' };
  /** Levels of the edited table whose count differs from the official one are kept as they are. */
  readonly keepEdits: boolean;
  readonly lang: Lang;
}

export type OptimiseRead =
  | { readonly ok: true; readonly request: OptimiseRequest }
  | { readonly ok: false; readonly problems: readonly LocalizedText[] };

const shown = (t: string): LocalizedText =>
  t.trim() === '' ? { fr: 'vide', en: 'empty' } : { fr: `« ${t.trim()} »`, en: `“${t.trim()}”` };

/** The text of a decimal typed with « , » or « . », optionally followed by « % », with a dot. */
const decimalText = (text: string): string => text.trim().replace(/\s*%$/, '').replace(',', '.');

/** A decimal number typed with « , » or « . », optionally followed by « % »; NaN when unreadable. */
export function readDecimal(text: string): number {
  const t = decimalText(text);
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/** The added amounts typed in `lang` (« 25,00 ; 1 000,00 », « €25.00; €1,000.00 »), in cents (NaN for one that cannot be read). */
export function readExtraAmounts(text: string, lang: Lang): number[] {
  return text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => readAmount(s, lang));
}

/**
 * Every amount the form offers: the official ones of the game and stake, then those of the table
 * started from and the added ones (readable, new), largest first.
 */
export function offeredAmounts(
  game: GameId,
  stakeCents: StakeCents,
  extraAmounts: string,
  startFrom: Scenario | null,
  lang: Lang,
): number[] {
  const official = officialTable(game, stakeCents).levels.map((l) => l.prizeCents);
  const extra = [...(startFrom?.levels.map((l) => l.prizeCents) ?? []), ...readExtraAmounts(extraAmounts, lang)].filter(
    (c) => Number.isSafeInteger(c) && c > 0 && !official.includes(c),
  );
  return [...official, ...[...new Set(extra)].sort((a, b) => b - a)];
}

/** The levels of `table` whose count is not the official one (an amount the official table lacks included). */
export function editedLevels(table: Scenario): { prizeCents: number; lots: number }[] {
  const official = new Map(officialTable(table.game, table.stakeCents).levels.map((l) => [l.prizeCents, l.lots]));
  const scale = table.blockUnits / officialTable(table.game, table.stakeCents).blockUnits;
  return table.levels.filter(
    (l) => official.get(l.prizeCents) === undefined || Math.round(official.get(l.prizeCents)! * scale) !== l.lots,
  );
}

/** Reads the form: a request, or every problem in words. */
export function readOptimiseInput(f: OptimiseInput): OptimiseRead {
  const problems: LocalizedText[] = [];
  const percent = (text: string, label: LocalizedText, max = 100): number => {
    const v = readDecimal(text);
    // the decimal typed, shifted two places (« 69,99 » → 0.6999 exactly as written, never 69.99 / 100)
    if (Number.isFinite(v) && v >= 0 && v <= max) return Number(`${decimalText(text)}e-2`);
    const s = shown(text);
    problems.push({
      fr: `${label.fr} : ${s.fr} — un pourcentage de 0 à ${max} est attendu (par exemple 70 ou 70,5)`,
      en: `${label.en}: ${s.en} — a percentage from 0 to ${max} is expected (such as 70 or 70.5)`,
    });
    return NaN;
  };
  const rtp =
    f.rtpMode === 'target'
      ? {
          target: percent(f.rtp, { fr: 'TRJ visé', en: 'Target RTP' }),
          tolerance: percent(f.rtpTolerance, { fr: 'Tolérance du TRJ (points)', en: 'RTP tolerance (points)' }, 10),
        }
      : {
          min: percent(f.rtpMin, { fr: 'TRJ minimum', en: 'Lowest RTP' }),
          max: percent(f.rtpMax, { fr: 'TRJ maximum', en: 'Highest RTP' }),
        };
  const hit =
    f.hitRate.trim() === ''
      ? undefined
      : {
          target: percent(f.hitRate, { fr: 'Taux de gain visé', en: 'Target hit rate' }),
          tolerance: percent(
            f.hitTolerance,
            { fr: 'Tolérance du taux de gain (points)', en: 'Hit-rate tolerance (points)' },
            10,
          ),
        };
  let topPrize: { prizeCents?: number; lots?: number } | undefined;
  if (f.topPrize.trim() !== '') {
    const c = readAmount(f.topPrize, f.lang);
    if (Number.isNaN(c) || c <= 0) {
      const s = shown(f.topPrize);
      problems.push({
        fr: `Gros lot : ${s.fr} — un montant en euros supérieur à 0 est attendu (par exemple 15 000,00)`,
        en: `Top prize: ${s.en} — an amount in euros above 0 is expected (such as 15,000.00)`,
      });
    } else topPrize = { prizeCents: c };
  }
  if (f.topCount.trim() !== '') {
    const r = readCount(f.topCount, 1, MAX_BLOCK_UNITS, { fr: 'Nombre de gros lots', en: 'Top prize count' }, f.lang);
    if (r.ok) topPrize = { ...topPrize, lots: r.value };
    else problems.push(r.problem);
  }
  let blockUnits: number | undefined;
  if (f.blockUnits.trim() !== '') {
    const r = readCount(f.blockUnits, 1, MAX_BLOCK_UNITS, { fr: 'Unités par bloc', en: 'Units per block' }, f.lang);
    if (r.ok) blockUnits = r.value;
    else problems.push(r.problem);
  }
  for (const [i, c] of readExtraAmounts(f.extraAmounts, f.lang).entries()) {
    if (Number.isSafeInteger(c) && c > 0) continue;
    const s = shown(f.extraAmounts.split(';').filter((x) => x.trim() !== '')[i] ?? '');
    problems.push({
      fr: `Montants ajoutés : ${s.fr} — des montants en euros séparés par « ; » sont attendus (par exemple 25,00 ; 12,50)`,
      en: `Added amounts: ${s.en} — amounts in euros separated by “;” are expected (such as 25.00; 12.50)`,
    });
  }
  const start = f.startFrom.kind === 'edited' ? f.startFrom.table : null;
  if (f.startFrom.kind === 'edited' && start === null) {
    problems.push({
      fr: 'Le tableau édité a des problèmes (voir plus haut) : les corriger, ou rester au plus près du tableau officiel',
      en: 'The table being edited has problems (see above): fix them, or stay closest to the official table',
    });
  }
  const amounts = offeredAmounts(f.game, f.stakeCents, f.extraAmounts, start, f.lang).filter(
    (c) => !f.excluded.includes(c),
  );
  // « keep my edits »: each level changed from the official count is held at its count, unless bounds are typed for it
  const kept = new Map(start && f.keepEdits ? editedLevels(start).map((l) => [l.prizeCents, l.lots]) : []);
  const levelBounds: LevelBound[] = [];
  for (const c of amounts) {
    const b = f.bounds[c];
    const typed = b !== undefined && (b.min.trim() !== '' || b.max.trim() !== '');
    const top = Math.max(...amounts) === c;
    if (!typed && kept.has(c) && !top) levelBounds.push({ prizeCents: c, min: kept.get(c)!, max: kept.get(c)! });
    if (!b || !typed) continue;
    const label = (side: LocalizedText): LocalizedText => ({
      fr: `${side.fr} de ${formatEuros(c, 'fr')}`,
      en: `${side.en} of ${formatEuros(c, 'en')}`,
    });
    const min =
      b.min.trim() === ''
        ? undefined
        : readCount(b.min, 0, MAX_BLOCK_UNITS, label({ fr: 'Minimum', en: 'Minimum' }), f.lang);
    const max =
      b.max.trim() === ''
        ? undefined
        : readCount(b.max, 0, MAX_BLOCK_UNITS, label({ fr: 'Maximum', en: 'Maximum' }), f.lang);
    if (min && !min.ok) problems.push(min.problem);
    if (max && !max.ok) problems.push(max.problem);
    levelBounds.push({
      prizeCents: c,
      ...(min?.ok ? { min: min.value } : {}),
      ...(max?.ok ? { max: max.value } : {}),
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const request: OptimiseRequest = {
    game: f.game,
    stakeCents: f.stakeCents,
    rtp,
    ...(hit ? { hitRate: hit } : {}),
    ...(topPrize ? { topPrize } : {}),
    ...(blockUnits !== undefined ? { blockUnits } : {}),
    amountsCents: amounts,
    ...(levelBounds.length > 0 ? { levelBounds } : {}),
    ...(start ? { startFrom: start } : {}),
    lang: f.lang,
  };
  const engine = requestProblems(request);
  return engine.length > 0 ? { ok: false, problems: engine } : { ok: true, request };
}
