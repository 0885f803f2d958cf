/**
 * A dispute case: the files of its zip, the case record (`case.json`: the unit reference, the
 * player's claim, the tester's conclusion) and the Merkle proof of the unit's segment (R1), with
 * the bounds on what a tester may type and how each file is read back, one way only.
 */
import type { Font } from 'fontkit';
import { InputError } from '../block/input-error';
import { parseStrictJson } from '../format/strict-json';
import type { Lang } from '../format/numbers';
import { plural } from '../format/plural';
import { CASE_FONT_NAME, namedChar, unprintableChars } from './case-fonts';

export const CASE_FILE = 'case.json';
export const CASE_REPLAY_JSON = 'evidence/replay.json';
export const CASE_REPLAY_PNG = 'evidence/replay.png';
export const CASE_PDF = 'evidence/case.pdf';
export const CASE_RULES = 'rules/cited.json';
export const CASE_PROOF = 'proof/merkle-proof.json';
export const CASE_README = 'README.md';
export const CASE_FORMAT = 'instant-lab-dispute-case/1';

/** A claim or a conclusion holds at most this many characters (about three printed pages). */
export const MAX_CASE_TEXT_CHARS = 10_000;
/** A case file read back for checking is at most this large once inflated (the PNG included). */
export const MAX_CASE_FILE_BYTES = 16 * 1024 * 1024;

/** What the tester records about one unit. */
export interface CaseRecord {
  readonly format: typeof CASE_FORMAT;
  /** The unit reference as printed (R3). */
  readonly ref: string;
  /** What the player says happened, in the player's words. */
  readonly claim: string;
  /** What the tester found by replaying the unit. */
  readonly conclusion: string;
  /** ISO date and time the case was opened, by the maker's clock. */
  readonly opened: string;
  /** The language of the PDF and README. */
  readonly lang: Lang;
}

/** The Merkle proof of the unit's segment, as the case holds it (R1). */
export interface CaseProof {
  readonly segment: number;
  readonly segment_units: number;
  readonly leaf: string;
  readonly path: readonly { readonly sibling: string; readonly left: boolean }[];
  readonly merkle_root: string;
  readonly block_digest: string;
}

/** A refused claim or conclusion: the message, and which of the two fields it is about (the screen marks that one). */
export class CaseTextError extends InputError {
  constructor(
    readonly field: 'claim' | 'conclusion',
    en: string,
    fr: string,
  ) {
    super(en, fr);
    this.name = 'CaseTextError';
  }
}

/** At most this many unprintable characters are named in a message; the others are counted. */
const NAMED_AT_MOST = 8;

/**
 * A claim or conclusion as typed, checked: text, not empty, bounded, and printable as written by
 * the case's PDF font (`fonts`, see case-fonts.ts): a character it has no glyph for (an emoji, a
 * control character, half of a surrogate pair) is refused by its code and shape, never replaced.
 */
export function caseText(what: 'claim' | 'conclusion', text: string, fonts: readonly Font[]): string {
  const t = text.replace(/\r\n?/g, '\n').trim();
  const fr = what === 'claim' ? 'la réclamation du joueur' : 'la conclusion du testeur';
  const Fr = fr.charAt(0).toUpperCase() + fr.slice(1);
  const en = what === 'claim' ? "the player's claim" : "the tester's conclusion";
  if (t === '')
    throw new CaseTextError(
      what,
      `${en} is empty: write it in a few words`,
      `${Fr} est vide : écrivez-la en quelques mots`,
    );
  if ([...t].length > MAX_CASE_TEXT_CHARS)
    throw new CaseTextError(
      what,
      `the ${what} holds ${[...t].length} characters, more than the ${MAX_CASE_TEXT_CHARS} a case records`,
      `${Fr} compte ${[...t].length} caractères, plus que les ${MAX_CASE_TEXT_CHARS} qu'un dossier enregistre`,
    );
  const bad = unprintableChars(t, fonts);
  if (bad.length > 0) {
    const named = bad.slice(0, NAMED_AT_MOST).map(namedChar);
    const more = bad.length - named.length;
    const one = bad.length === 1;
    const enList = named.map((n) => n.en).join(', ') + (more > 0 ? ` and ${more} more` : '');
    const frList =
      named.map((n) => n.fr).join(', ') + (more > 0 ? ` et ${more} ${plural(more, 'fr', 'autre', 'autres')}` : '');
    throw new CaseTextError(
      what,
      `${en} holds ${one ? 'a character' : `${bad.length} characters`} the case's PDF cannot print as written: ${enList}. ` +
        `Its font (${CASE_FONT_NAME}) prints letters (Latin, Greek, Cyrillic), digits, punctuation, arrows, math signs ` +
        `and Chinese characters, not emoji nor control or invisible characters: write ${one ? 'it' : 'them'} in words`,
      `${Fr} contient ${one ? 'un caractère' : `${bad.length} caractères`} que le PDF du dossier ne peut pas imprimer ` +
        `${one ? 'tel quel' : 'tels quels'} : ${frList}. Sa police (${CASE_FONT_NAME}) imprime les lettres (latines, ` +
        `grecques, cyrilliques), les chiffres, la ponctuation, les flèches, les signes mathématiques et les caractères ` +
        `chinois, pas les émojis ni les caractères de contrôle ou invisibles : écrivez-${one ? 'le' : 'les'} en toutes lettres`,
    );
  }
  return t;
}

type Reading<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const HEX64 = /^[0-9a-f]{64}$/;

/** Reads `case.json` one way only: strict JSON, every field present and of its type, nothing else. */
export function readCaseRecord(text: string): Reading<CaseRecord> {
  const j = parseStrictJson(text);
  if (!j.ok) return { ok: false, why: `not JSON read one way only: ${j.message}` };
  const o = j.value;
  if (!isObject(o)) return { ok: false, why: 'not a JSON object' };
  if (o.format !== CASE_FORMAT) return { ok: false, why: `"format" is not "${CASE_FORMAT}"` };
  const keys = ['format', 'ref', 'claim', 'conclusion', 'opened', 'lang'];
  const extra = Object.keys(o).filter((k) => !keys.includes(k));
  if (extra.length > 0)
    return { ok: false, why: `unexpected ${plural(extra.length, 'en', 'field', 'fields')} ${extra.join(', ')}` };
  for (const k of ['ref', 'claim', 'conclusion', 'opened'])
    if (typeof o[k] !== 'string' || o[k] === '') return { ok: false, why: `"${k}" is not a non-empty text` };
  if (o.lang !== 'fr' && o.lang !== 'en') return { ok: false, why: '"lang" is neither "fr" nor "en"' };
  return { ok: true, value: o as unknown as CaseRecord };
}

/** Reads the Merkle proof file one way only: segment, leaf, path, root and digest in hex. */
export function readCaseProof(text: string): Reading<CaseProof> {
  const j = parseStrictJson(text);
  if (!j.ok) return { ok: false, why: `not JSON read one way only: ${j.message}` };
  const o = j.value;
  if (!isObject(o)) return { ok: false, why: 'not a JSON object' };
  if (!Number.isSafeInteger(o.segment) || (o.segment as number) < 0)
    return { ok: false, why: '"segment" is not a whole number' };
  if (!Number.isSafeInteger(o.segment_units)) return { ok: false, why: '"segment_units" is not a whole number' };
  for (const k of ['leaf', 'merkle_root', 'block_digest'])
    if (typeof o[k] !== 'string' || !HEX64.test(o[k])) return { ok: false, why: `"${k}" is not 64 hex digits` };
  if (
    !Array.isArray(o.path) ||
    !o.path.every(
      (s) => isObject(s) && typeof s.sibling === 'string' && HEX64.test(s.sibling) && typeof s.left === 'boolean',
    )
  )
    return { ok: false, why: '"path" is not a list of {"sibling" (64 hex digits), "left" (true or false)}' };
  return { ok: true, value: o as unknown as CaseProof };
}
