/**
 * What a result was computed on, as far as the prize table goes: the official table (art. 3.1–3.3)
 * or a what-if scenario, by name, and the SHA-256 of the table's canonical text ({@link tableKey}:
 * game, stake, block size and every level), so that two results of different tables can never be
 * taken for one another, in a screen, a file or a report.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { PrizeTable } from '../rules/types';
import { isOfficialTable, tableKey } from './table-spec';

export interface TableIdentity {
  /** `official` only for a table equal to the official one of its game and stake. */
  readonly kind: 'official' | 'scenario';
  /** The article of an official table (« art. 3.2 »), or the scenario's name. */
  readonly name: string;
  /** SHA-256 (hex) of the table's canonical text. */
  readonly digest: string;
}

/** Digits of the digest shown on screens and in file names (the files carry it whole). */
export const SHORT_DIGEST = 12;

/** SHA-256 (hex) of `table`'s canonical text, `tableKey` (game|stake|units|prize×lots,…). */
export function tableDigest(table: PrizeTable): string {
  return bytesToHex(sha256(utf8ToBytes(tableKey(table))));
}

/** The identity of `table`: official only when it equals the official table, else the scenario named by its source. */
export function tableIdentity(table: PrizeTable): TableIdentity {
  const official = isOfficialTable(table);
  return { kind: official ? 'official' : 'scenario', name: table.source, digest: tableDigest(table) };
}

/**
 * One line naming a table, as files and reports print it: « official art. 3.2 sha256:… » or
 * « scenario "RTP 68" sha256:… »; English by default, as file contents are (like their column names),
 * French on a French report's screen (« officiel art. 3.2 », « scénario « RTP 68 » »).
 */
export function tableLine(id: TableIdentity, lang: 'fr' | 'en' = 'en'): string {
  const kind =
    id.kind === 'official' ? (lang === 'fr' ? 'officiel' : 'official') : lang === 'fr' ? 'scénario' : 'scenario';
  const name = lang === 'fr' ? `«\u00a0${id.name}\u00a0»` : `"${id.name}"`;
  return id.kind === 'official' ? `${kind} ${id.name} sha256:${id.digest}` : `${kind} ${name} sha256:${id.digest}`;
}
