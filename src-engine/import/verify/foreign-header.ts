/**
 * The header of a foreign block (README « Foreign blocks »): a JSONL header naming no generator of
 * ours, or no seed. `game`, `stake_cents` and `units` are required; any other field is ignored.
 */
import { z } from 'zod';
import { officialBlock } from '../../block/spec';
import { enInt, frInt } from '../../i18n/localized-text';
import type { HeaderReading } from './header-reading';
import { refusedField } from './header-reading';
import { show, showFr } from './wording';

/** What is required; any other field (a generator's name, a seed…) is kept as it is. */
const FOREIGN_HEADER = z.looseObject({
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  stake_cents: z.union([z.literal(50), z.literal(100), z.literal(200)]),
  units: z.number().int().positive(),
  generator: z.string().nullish(),
});

const FOREIGN_HEADER_EXPECTED: Readonly<Record<string, { en: string; fr: string }>> = {
  game: { en: '"mine-d-or" or "les-3-gongs"', fr: '"mine-d-or" ou "les-3-gongs"' },
  stake_cents: { en: '50, 100 or 200 (art. 2)', fr: '50, 100 ou 200 (art. 2)' },
  units: { en: 'the number of units of the block (art. 2)', fr: "le nombre d'unités du bloc (art. 2)" },
  generator: { en: 'the name of the generator (text), or nothing', fr: 'le nom du générateur (texte), ou rien' },
};

/** Reads a foreign block's header object: the official table of its game and stake, or why not. */
export function readForeignHeader(o: Record<string, unknown>): HeaderReading {
  const fail = (field: string, msg: string, fr: string): HeaderReading =>
    refusedField(
      field,
      `header of a foreign block (no generator of ours, or no seed): field "${field}": ${msg}`,
      `en-tête d'un bloc étranger (aucun générateur de cette application, ou pas de graine) : champ "${field}" : ${fr}`,
    );
  const h = FOREIGN_HEADER.safeParse(o);
  if (!h.success) {
    const field = String(h.error.issues[0]!.path[0] ?? 'game');
    const v = o[field];
    const what = FOREIGN_HEADER_EXPECTED[field] ?? { en: 'a valid value', fr: 'une valeur valide' };
    return fail(field, `expected ${what.en}, got ${show(v)}`, `attendu ${what.fr}, reçu ${showFr(v)}`);
  }
  const { game, stake_cents: stake, units, generator } = h.data;
  const spec = officialBlock(game, stake, 0);
  if (units !== spec.table.blockUnits)
    return fail(
      'units',
      `expected ${enInt(spec.table.blockUnits)} (a ${game} block, art. 2), got ${enInt(units)}`,
      `attendu ${frInt(spec.table.blockUnits)} (un bloc ${game}, art. 2), reçu ${frInt(units)}`,
    );
  // the official table of that game and stake; the seed of this spec is never used (nothing is regenerated)
  return { kind: 'jsonl', spec, generator: typeof generator === 'string' ? generator : null, foreign: true };
}
