/**
 * The two official rule documents as data, split into their articles (`resources/rules/articles/`):
 * each passage's French text exactly as published (a test re-joins them into the copy of the
 * document kept in `docs/official/`), an English rendering written for the product and marked as a
 * translation, and the document's title, place, date and provenance. Validated with zod at load,
 * like the prize tables.
 */
import { z } from 'zod';
import mineDorArticles from '../../../resources/rules/articles/mine-d-or.json';
import lesTroisGongsArticles from '../../../resources/rules/articles/les-3-gongs.json';
import type { GameId } from '../types';

/** One passage of a rule document: an article's heading, a sub-article, a closing paragraph. */
export interface RulePassage {
  /** Unique in its document: « 4.3.1 », « 3-closing », « signature ». */
  readonly id: string;
  /** The article it belongs to (« 3 » for « 3-closing »); null for the signature. */
  readonly article: string | null;
  /** The French text exactly as published, tables in the document's own pipe layout. */
  readonly fr: string;
  /** The product's English rendering: a translation, never the authority. */
  readonly en: string;
}

/** One official rule document and its provenance. */
export interface RuleDocument {
  readonly game: GameId;
  /** The document's title, in French (its name). */
  readonly title: string;
  readonly titleEn: string;
  readonly place: string;
  /** ISO date of signature (« Fait à Paris, le 4 octobre 2011 »). */
  readonly date: string;
  /** The published text kept in the repository, byte for byte. */
  readonly file: string;
  /** SHA-256 of that file, hex. */
  readonly sha256: string;
  /** Where the text comes from. */
  readonly source: string;
  /** What the English rendering is (a translation by the product, not an official text). */
  readonly translationNote: string;
  readonly passages: readonly RulePassage[];
}

const articlesFileSchema = z
  .object({
    format: z.literal('instant-lab-articles/1'),
    game: z.enum(['mine-d-or', 'les-3-gongs']),
    document: z
      .object({
        title: z.string().min(1),
        title_en: z.string().min(1),
        place: z.string().min(1),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        file: z.string().min(1),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        source: z.string().min(1),
      })
      .strict(),
    translation: z.object({ lang: z.literal('en'), by: z.string(), note: z.string().min(1) }).strict(),
    passages: z
      .array(
        z
          .object({
            id: z.string().min(1),
            article: z
              .string()
              .regex(/^\d+(\.\d+)*$/)
              .nullable(),
            fr: z.string().min(1),
            en: z.string().min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    for (const p of f.passages) {
      if (seen.has(p.id)) ctx.addIssue({ code: 'custom', message: `passage ${p.id} appears twice` });
      seen.add(p.id);
    }
  });

function toDocument(raw: unknown): RuleDocument {
  const f = articlesFileSchema.parse(raw);
  return {
    game: f.game,
    title: f.document.title,
    titleEn: f.document.title_en,
    place: f.document.place,
    date: f.document.date,
    file: f.document.file,
    sha256: f.document.sha256,
    source: f.document.source,
    translationNote: f.translation.note,
    passages: f.passages,
  };
}

const DOCUMENTS: Readonly<Record<GameId, RuleDocument>> = {
  'mine-d-or': toDocument(mineDorArticles),
  'les-3-gongs': toDocument(lesTroisGongsArticles),
};

/** A game's official rule document, split into passages. */
export function ruleDocument(game: GameId): RuleDocument {
  return DOCUMENTS[game];
}

/** Whether `id` (« 4.4 ») is, or contains, a passage of `doc`. */
const within = (p: RulePassage, id: string): boolean =>
  p.article !== null && (p.article === id || p.article.startsWith(`${id}.`));

/**
 * The passages of article `id` in `doc` (the article's heading and everything under it, « 3 »
 * giving 3, 3.1–3.3 and its closing paragraph), in published order; empty when the document has
 * no such article.
 */
export function articlePassages(doc: RuleDocument, id: string): RulePassage[] {
  return doc.passages.filter((p) => within(p, id));
}

/**
 * The passages from article `from` to article `to` inclusive (« 4.4–4.6 »), in published order;
 * empty when either end is missing or `to` comes before `from`.
 */
export function articleRangePassages(doc: RuleDocument, from: string, to: string): RulePassage[] {
  const first = doc.passages.findIndex((p) => within(p, from));
  let last = -1;
  doc.passages.forEach((p, i) => {
    if (within(p, to)) last = i;
  });
  return first < 0 || last < first ? [] : doc.passages.slice(first, last + 1);
}
