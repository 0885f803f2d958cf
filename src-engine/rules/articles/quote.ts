/**
 * The cited articles as plain text, for the command line (`replay --rules`): each document named
 * with its place, date and digest, each passage in the chosen language, the French original after
 * an English translation, tables one row a line. One language per line.
 */
import type { Lang } from '../../format/numbers';
import type { RuleDocument, RulePassage } from './articles';
import type { ResolvedCitations } from './citations';
import { ruleTextBlocks } from './rule-text';

const MONTHS: Readonly<Record<Lang, readonly string[]>> = {
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** A document's date as its signature writes it: « 4 octobre 2011 » / « 4 October 2011 ». */
export function ruleDateText(isoDate: string, lang: Lang): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${d} ${MONTHS[lang][m! - 1] ?? '?'} ${y}`;
}

/** The document's title (French, its name; with its English rendering on English lines), place and date. */
export function documentLine(doc: RuleDocument, lang: Lang): string {
  const title = lang === 'fr' ? doc.title : `${doc.title} (${doc.titleEn})`;
  return `${title}, ${doc.place}, ${ruleDateText(doc.date, lang)}`;
}

/** A passage's text as lines: paragraphs as they are, table rows as « cell | cell | cell ». */
export function passageLines(text: string): string[] {
  return ruleTextBlocks(text).flatMap((b) =>
    b.kind === 'paragraph'
      ? [b.text]
      : [b.head, ...b.rows].map((r) => r.map((c) => c.replace(/\s*\n\s*/g, ' ')).join(' | ')),
  );
}

const WORDS = {
  fr: { title: 'Articles cités', decisions: 'Décisions du produit (docs/rules.md)', unknown: 'Absent des règlements' },
  en: {
    title: 'Articles cited',
    decisions: 'Product decisions (docs/rules.md)',
    unknown: 'Not in the rules',
    translation: 'English translation, not an official text:',
    original: 'French original (authoritative):',
  },
} as const;

function passageBlock(p: RulePassage, lang: Lang): string[] {
  const indent = (l: string): string => `    ${l}`;
  if (lang === 'fr') return passageLines(p.fr).map(indent);
  return [
    `  ${WORDS.en.translation}`,
    ...passageLines(p.en).map(indent),
    `  ${WORDS.en.original}`,
    ...passageLines(p.fr).map(indent),
  ];
}

/** The cited passages and decisions as lines of text in `lang` (French lines stay French). */
export function citedQuoteLines(cited: ResolvedCitations, lang: Lang): string[] {
  const w = WORDS[lang];
  const out: string[] = [w.title];
  for (const { document: doc, passages } of cited.documents) {
    out.push('', documentLine(doc, lang), `${doc.file} · SHA-256 ${doc.sha256}`);
    for (const p of passages) out.push('', ...passageBlock(p, lang));
  }
  if (cited.decisions.length > 0) {
    out.push('', w.decisions);
    for (const d of cited.decisions) out.push(`  ${d.code} — ${d[lang]}`);
  }
  if (cited.unknown.length > 0) out.push('', `${w.unknown}${lang === 'fr' ? ' : ' : ': '}${cited.unknown.join(', ')}`);
  return out;
}
