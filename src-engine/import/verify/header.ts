/**
 * Reads the first line of an export: a JSONL header (ours or a foreign block's) or a CSV header
 * row, or says why it is neither.
 */
import { parseStrictJson } from '../../format/strict-json';
import { csvColumns } from '../../export/unit-lines';
import { GAME_IDS } from '../../rules/types';
import { csvFields } from './csv-unit';
import { readForeignHeader } from './foreign-header';
import type { HeaderReading } from './header-reading';
import { refusedField } from './header-reading';
import { ourGeneratorVersion, readOurHeader } from './our-header';
import { show, showFr } from './wording';

export function readHeader(t: string): HeaderReading {
  // the file's decoder dropped its one byte-order mark (TextBytesDecoder): another is data
  if (t.startsWith('\ufeff'))
    return {
      kind: 'refused',
      format: null,
      message:
        'header: starts with a second byte-order mark (U+FEFF): a file starts with one at most, as every reader of an export reads it',
      fr: "en-tête : commence par une deuxième marque d'ordre des octets (U+FEFF) : un fichier en a une au plus au début, comme le lit tout lecteur d'un export",
    };
  if (t.trimStart().startsWith('{')) return readJsonHeader(t);
  const fields = csvFields(t);
  const game = GAME_IDS.find((g) => csvColumns(g).join(',') === fields?.join(','));
  if (!fields || !game)
    return {
      kind: 'refused',
      format: null,
      message: `header: expected a JSONL header {"game":…} or a CSV header "${csvColumns('les-3-gongs').join(',')}" (or the Mine d'or one), got ${show(t)}`,
      fr: `en-tête : attendu un en-tête JSONL {"game":…} ou un en-tête CSV "${csvColumns('les-3-gongs').join(',')}" (ou celui de Mine d'or), reçu ${showFr(t)}`,
    };
  return { kind: 'csv', game };
}

function readJsonHeader(t: string): HeaderReading {
  // a header's numbers are whole, in one spelling; presentation weights may be fractions (M4, G2)
  const parsed = parseStrictJson(t, { wholeNumbers: (path) => !path.startsWith('presentation_weights') });
  if (!parsed.ok && parsed.spelling)
    return refusedField(
      parsed.key ?? 'game',
      `header: field "${parsed.key ?? ''}": ${parsed.message}`,
      `en-tête : champ "${parsed.key ?? ''}" : ${parsed.fr}`,
    );
  if (!parsed.ok && parsed.key !== undefined)
    return refusedField(
      parsed.key,
      `header: JSON whose meaning depends on the reader: ${parsed.message}`,
      `en-tête : JSON dont le sens dépend du lecteur : ${parsed.fr}`,
    );
  if (!parsed.ok)
    return {
      kind: 'refused',
      format: 'jsonl',
      message:
        'the first line is not a JSON object on one line: an export starts with its header {"game":…} on one line, then one line per unit (a JSON file spread over several lines is not an export)',
      fr: 'la première ligne n\'est pas un objet JSON sur une ligne : un export commence par son en-tête {"game":…} sur une ligne, puis une ligne par unité (un fichier JSON sur plusieurs lignes n\'est pas un export)',
    };
  const h = parsed.value;
  if (typeof h !== 'object' || h === null || Array.isArray(h))
    return {
      kind: 'refused',
      format: 'jsonl',
      message: 'header: expected a JSON object with game, stake_cents, seed, generator, units',
      fr: 'en-tête : attendu un objet JSON avec game, stake_cents, seed, generator, units',
    };
  const o = h as Record<string, unknown>;
  if ('index' in o)
    return refusedField(
      'game',
      'header: field "game": missing: the first line is a unit, not the header {"game":…,"stake_cents":…}',
      'en-tête : champ "game" : absent : la première ligne est une unité, pas l\'en-tête {"game":…,"stake_cents":…}',
    );
  if ('table' in o)
    return refusedField(
      'table',
      'header: field "table": the export is of a scenario table (`--table`): only blocks of the official tables can be verified (references name official blocks only, R3)',
      'en-tête : champ "table" : l\'export est celui d\'un tableau de scénario (`--table`) : seuls les blocs des tableaux officiels peuvent être vérifiés (les références ne désignent que des blocs officiels, R3)',
    );
  if (ourGeneratorVersion(o.generator) === null || !('seed' in o)) return readForeignHeader(o);
  return readOurHeader(o);
}
