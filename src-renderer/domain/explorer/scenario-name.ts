/**
 * Names of a scenario: the official table keeps its official name; any change makes it a
 * « Scénario — … (modifié) », so that files, replay labels and the simulation screen never pass a
 * modified table off as the official one. Two different modified tables never share that default
 * name: the second is « (modifié 2) », and so on (see {@link modifiedNumber}).
 */
import { GAME_IDS, STAKES, formatEuros, getRules, officialScenario } from '@engine';
import type { GameId, Lang, LocalizedText, StakeCents } from '@engine';

/**
 * The default name of a table of `game` at `stakeCents`: official, or the `n`-th modified scenario
 * (« (modifié) » for the first, « (modifié 2) » for the second…).
 */
export function defaultScenarioName(game: GameId, stakeCents: StakeCents, official: boolean, n = 1): LocalizedText {
  const g = getRules(game).name;
  const fr = formatEuros(stakeCents, 'fr');
  const en = formatEuros(stakeCents, 'en');
  const k = n > 1 ? ` ${n}` : '';
  return official
    ? { fr: `${g} ${fr} — tableau officiel`, en: `${g} ${en} — official table` }
    : { fr: `Scénario — ${g} ${fr} (modifié${k})`, en: `Scenario — ${g} ${en} (modified${k})` };
}

/**
 * How a screen shows the name a table goes by: a default name ({@link defaultScenarioName}, of any
 * game, stake and number, written in either language) in `lang`, any other name as it was typed.
 * The name kept with the scenario, its runs and files stays as written (it is no part of the
 * table's digest): only what a screen shows follows the screen's language.
 */
export function shownScenarioName(name: string, lang: Lang): string {
  const n = Number(/ (\d+)\)$/.exec(name)?.[1] ?? 1);
  for (const g of GAME_IDS)
    for (const s of STAKES)
      for (const official of [false, true]) {
        const d = defaultScenarioName(g, s, official, n);
        if (name === d.fr || name === d.en) return d[lang];
      }
  return name;
}

/** A table already known by name somewhere (the scenario in use, a run of the history): its name and digest. */
export interface NamedTable {
  readonly name: string;
  readonly digest: string;
}

/**
 * Which « (modifié n) » a modified table of `game` at `stakeCents` goes by, so that its default name
 * never names another table in `known`: the number a table of the same `digest` already goes by
 * (the same table keeps its name) unless another table goes by it too, else the smallest one no
 * other table goes by, in either language. `digest` null (a table not valid yet): every known name
 * is avoided.
 */
export function modifiedNumber(
  game: GameId,
  stakeCents: StakeCents,
  digest: string | null,
  known: readonly NamedTable[],
): number {
  const names = (n: number): LocalizedText => defaultScenarioName(game, stakeCents, false, n);
  const has = (n: number, t: NamedTable): boolean => t.name === names(n).fr || t.name === names(n).en;
  // every number up to known.length + 1 is tried: one of them is always free
  const range = Array.from({ length: known.length + 1 }, (_, i) => i + 1);
  const free = (n: number): boolean => !known.some((t) => t.digest !== digest && has(n, t));
  const own = range.find((n) => free(n) && known.some((t) => t.digest === digest && has(n, t)));
  return own ?? range.find(free)!;
}

/** Whether `name` is one of the names an official table goes by (so a modified table must not keep it). */
export function isOfficialName(name: string, game: GameId, stakeCents: StakeCents): boolean {
  const n = name.trim();
  const o = defaultScenarioName(game, stakeCents, true);
  return n === o.fr || n === o.en || n === officialScenario(game, stakeCents).name;
}

/**
 * The name a scenario goes by: the one the user typed, unless it is empty or an official table's
 * name while the table is not official; then the default name in `lang` (the `n`-th modified one).
 */
export function scenarioName(
  typed: string,
  game: GameId,
  stakeCents: StakeCents,
  official: boolean,
  lang: Lang,
  n = 1,
): string {
  const t = typed.trim();
  if (t === '' || (!official && isOfficialName(t, game, stakeCents)))
    return defaultScenarioName(game, stakeCents, official, n)[lang];
  return t;
}

/**
 * A file name for a scenario: its name in plain ASCII (« Scénario — Mine d'or 1,00 € (modifié) » →
 * « scenario-mine-d-or-1-00-eur-modifie.scenario.json »); a table that is not official always
 * starts with « scenario- ».
 */
export function scenarioFileName(name: string, official: boolean): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/€/g, ' eur ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const base = official || slug.startsWith('scenario') ? slug || 'scenario' : `scenario-${slug}`.replace(/-$/, '');
  return `${base}.scenario.json`;
}
