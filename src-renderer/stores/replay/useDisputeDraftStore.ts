/**
 * What was typed in « Ouvrir un dossier », unit by unit (keyed by `unitKeyOf`): the claim and the
 * conclusion written about a unit stay with it when the screen is left or another unit is opened,
 * and never show in another unit's case. Kept after a case is made, so that it can be made again
 * (signed, or saved elsewhere); in memory only, gone with the window, for the last 100 units written.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';

/** The two texts of a case. */
export type CaseField = 'claim' | 'conclusion';
type Draft = Readonly<Record<CaseField, string>>;

/** Units whose drafts are kept: past it, the one written longest ago is let go. */
export const MAX_DRAFTS = 100;

export const useDisputeDraftStore = defineStore('useDisputeDraftStore', () => {
  const drafts = reactive(new Map<string, Draft>());

  /** What was typed in `field` for the unit `unitKey`; empty when nothing was. */
  function text(unitKey: string, field: CaseField): string {
    return drafts.get(unitKey)?.[field] ?? '';
  }

  /** Keeps `value` as the unit's `field`; a unit whose two fields are empty keeps no draft. */
  function write(unitKey: string, field: CaseField, value: string): void {
    const next: Draft = { claim: text(unitKey, 'claim'), conclusion: text(unitKey, 'conclusion'), [field]: value };
    // deleted then set: the map's order is the order of last writing, oldest first
    drafts.delete(unitKey);
    if (next.claim === '' && next.conclusion === '') return;
    drafts.set(unitKey, next);
    if (drafts.size > MAX_DRAFTS) drafts.delete(drafts.keys().next().value!);
  }

  return { drafts, text, write };
});
