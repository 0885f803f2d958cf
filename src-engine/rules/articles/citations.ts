/**
 * Finds the citations of the rules in a text (« art. 4.3.2, 4.4, G1 », « art. 4.4–4.6, M4 »,
 * « (R4) ») and resolves them to the passages of the official document and the product's
 * decisions they name: the one reading of a citation that the screens, the printed report, the
 * replay's evidence and the command line share.
 */
import type { GameId } from '../types';
import { GAME_IDS } from '../types';
import { articlePassages, articleRangePassages, ruleDocument } from './articles';
import type { RuleDocument, RulePassage } from './articles';
import { ruleDecision } from './decisions';
import type { RuleDecision } from './decisions';

/** One item of a citation: an article (or a range of articles), or a decision (or a range). */
export type CitedItem =
  | { readonly kind: 'article'; readonly from: string; readonly to: string }
  | { readonly kind: 'decision'; readonly code: string };

/** A citation found in a text, by its position. */
export interface Citation {
  /** Index of its first character in the text. */
  readonly start: number;
  /** Index just after its last character. */
  readonly end: number;
  /** The citation as written (« art. 4.4, 4.5 »). */
  readonly text: string;
  readonly items: readonly CitedItem[];
}

const NUM = String.raw`\d+(?:\.\d+)*`;
const DEC = String.raw`[MGR][1-9]`;
const DASH = String.raw`\s*[–-]\s*`;
const SEP = String.raw`\s*[,/]\s*`;
const ITEM = `(?:${NUM}|${DEC})(?:${DASH}(?:${NUM}|${DEC}))?`;
const DEC_ITEM = `${DEC}(?:${DASH}${DEC})?`;
/**
 * « art. » / « article(s) » / « sous-article » / « sub-article » then a list; or decisions alone, never
 * touching a word or a hyphen (a unit reference's check characters may read « R4 »).
 */
const CITATION = new RegExp(
  String.raw`\b(?:(?:[Aa]rt\.|[Aa]rticles?|[Ss]ous-articles?|[Ss]ub-articles?)\s*(${ITEM}(?:${SEP}${ITEM})*)|(?<![-\w])(${DEC_ITEM}(?:${SEP}${DEC_ITEM})*)(?![-\w]))`,
  'g',
);

/** « M1–M6 » → M1 … M6; a range across letters, or backwards, is kept as its two ends. */
function decisionItems(from: string, to: string): CitedItem[] {
  const a = Number(from.slice(1));
  const b = Number(to.slice(1));
  if (from[0] !== to[0] || b < a) return [from, to].map((code) => ({ kind: 'decision', code }));
  return Array.from({ length: b - a + 1 }, (_, i) => ({ kind: 'decision', code: `${from[0]!}${a + i}` }));
}

function parseItems(list: string): CitedItem[] {
  const items: CitedItem[] = [];
  for (const part of list.split(new RegExp(SEP))) {
    const [from = part, to = from] = part.split(new RegExp(DASH));
    if (/^[MGR]/.test(from)) items.push(...decisionItems(from, to));
    else items.push({ kind: 'article', from, to });
  }
  return items;
}

/** Every citation of the rules in `text`, in order. */
export function findCitations(text: string): Citation[] {
  const out: Citation[] = [];
  for (const m of text.matchAll(CITATION)) {
    const list = (m[1] ?? m[2])!;
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], items: parseItems(list) });
  }
  return out;
}

/** A text cut at its citations: plain runs and citations, in order, joining back to the text. */
export type CitedSegment = { readonly text: string; readonly citation?: Citation };

/** Cuts `text` into plain runs and citations (what a screen renders, a citation as a control). */
export function splitCitations(text: string): CitedSegment[] {
  const out: CitedSegment[] = [];
  let at = 0;
  for (const c of findCitations(text)) {
    if (c.start > at) out.push({ text: text.slice(at, c.start) });
    out.push({ text: c.text, citation: c });
    at = c.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The passages of one document that citations name. */
export interface CitedDocument {
  readonly document: RuleDocument;
  readonly passages: readonly RulePassage[];
}

/** What a set of citations names, resolved. */
export interface ResolvedCitations {
  /** Per document (one game, or both when the game is not known), the passages named, in published order. */
  readonly documents: readonly CitedDocument[];
  readonly decisions: readonly RuleDecision[];
  /** Items that name no article or decision of the rules, as written; a test keeps the code free of them. */
  readonly unknown: readonly string[];
}

/**
 * Resolves citations against the official document of `game`, or of both games when `game` is
 * null (a citation outside any one game, such as a file not yet read). Passages come once each, in
 * published order; decisions in the order first cited, those of the other game left out.
 */
export function resolveCitations(game: GameId | null, citations: readonly Citation[]): ResolvedCitations {
  const games = game === null ? GAME_IDS : [game];
  const picked = new Map<GameId, Set<string>>(games.map((g) => [g, new Set<string>()]));
  const decisions: RuleDecision[] = [];
  const unknown: string[] = [];
  for (const item of citations.flatMap((c) => c.items)) {
    if (item.kind === 'decision') {
      const d = ruleDecision(item.code);
      if (!d) unknown.push(item.code);
      // « M1–M6, G1–G5 » in a text about one game: the other game's decisions do not apply to it
      else if ((game === null || d.game === null || d.game === game) && !decisions.includes(d)) decisions.push(d);
      continue;
    }
    let found = false;
    for (const g of games) {
      const doc = ruleDocument(g);
      const ps =
        item.from === item.to ? articlePassages(doc, item.from) : articleRangePassages(doc, item.from, item.to);
      for (const p of ps) picked.get(g)!.add(p.id);
      found ||= ps.length > 0;
    }
    if (!found) unknown.push(item.from === item.to ? `art. ${item.from}` : `art. ${item.from}–${item.to}`);
  }
  const documents = games
    .map((g) => {
      const doc = ruleDocument(g);
      const ids = picked.get(g)!;
      return { document: doc, passages: doc.passages.filter((p) => ids.has(p.id)) };
    })
    .filter((d) => d.passages.length > 0);
  return { documents, decisions, unknown };
}

/** Resolves every citation found in `texts` (a screen's or a report's words). */
export function citedIn(game: GameId | null, texts: Iterable<string>): ResolvedCitations {
  const all: Citation[] = [];
  for (const t of texts) all.push(...findCitations(t));
  return resolveCitations(game, all);
}
