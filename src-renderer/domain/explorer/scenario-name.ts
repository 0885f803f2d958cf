/**
 * Names of a scenario: the official table keeps its official name; any change makes it a
 * « Scénario — … (modifié) », so that files, replay labels and the simulation screen never pass a
 * modified table off as the official one.
 */
import { formatEuros, getRules, officialScenario } from '@engine';
import type { GameId, Lang, LocalizedText, StakeCents } from '@engine';

/** The default name of a table of `game` at `stakeCents`: official, or a modified scenario. */
export function defaultScenarioName(game: GameId, stakeCents: StakeCents, official: boolean): LocalizedText {
  const g = getRules(game).name;
  const fr = formatEuros(stakeCents, 'fr');
  const en = formatEuros(stakeCents, 'en');
  return official
    ? { fr: `${g} ${fr} — tableau officiel`, en: `${g} ${en} — official table` }
    : { fr: `Scénario — ${g} ${fr} (modifié)`, en: `Scenario — ${g} ${en} (modified)` };
}

/** Whether `name` is one of the names an official table goes by (so a modified table must not keep it). */
export function isOfficialName(name: string, game: GameId, stakeCents: StakeCents): boolean {
  const n = name.trim();
  const o = defaultScenarioName(game, stakeCents, true);
  return n === o.fr || n === o.en || n === officialScenario(game, stakeCents).name;
}

/**
 * The name a scenario goes by: the one the user typed, unless it is empty or an official table's
 * name while the table is not official; then the default name in `lang`.
 */
export function scenarioName(
  typed: string,
  game: GameId,
  stakeCents: StakeCents,
  official: boolean,
  lang: Lang,
): string {
  const t = typed.trim();
  if (t === '' || (!official && isOfficialName(t, game, stakeCents)))
    return defaultScenarioName(game, stakeCents, official)[lang];
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
