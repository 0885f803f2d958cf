/**
 * The articles and decisions an audit report cites, resolved from the report's own words (titles,
 * labels, cells, paragraphs), so that its appendix quotes exactly what it cites, and the printable
 * HTML of that appendix.
 */
import type { Lang } from '../format/numbers';
import { citedIn } from '../rules/articles/citations';
import type { ResolvedCitations } from '../rules/articles/citations';
import { ruleTextBlocks } from '../rules/articles/rule-text';
import { documentLine } from '../rules/articles/quote';
import type { ReportView, ViewSection } from './report-view';

/** Every piece of text a section shows. */
export function sectionTexts(s: ViewSection): string[] {
  return [
    s.title,
    ...(s.pairs ?? []).flatMap((p) => [p.label, p.value.text]),
    ...(s.table ? [...s.table.head, ...s.table.rows.flatMap((r) => r.cells.map((c) => c.text))] : []),
    ...(s.table?.foot ? s.table.foot.cells.map((c) => c.text) : []),
    ...(s.paragraphs ?? []).map((p) => p.text),
  ];
}

/** What a report view cites, against the rules of its game: what its appendix quotes. */
export function reportCitations(v: ReportView): ResolvedCitations {
  const sections = [v.identity, v.summary, ...v.blocks.flatMap((b) => b.sections), v.legal];
  return citedIn(v.game, [v.title, v.subtitle, ...v.blocks.map((b) => b.title), ...sections.flatMap(sectionTexts)]);
}

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WORDS = {
  fr: {
    title: 'Annexe : articles cités',
    note: 'Texte des articles cités dans ce rapport, tel que publié.',
    decisions: 'Décisions du produit citées (énoncées en entier dans docs/rules.md)',
  },
  en: {
    title: 'Appendix: articles cited',
    note: 'Text of the articles cited in this report: an English translation by the product (not an official text), then the French original, which is the authority.',
    decisions: 'Product decisions cited (stated in full in docs/rules.md)',
    translation: 'English translation (not official)',
    original: 'French original (authoritative)',
  },
} as const;

/** A passage's text as HTML paragraphs and tables. */
export function ruleTextHtml(text: string): string {
  return ruleTextBlocks(text)
    .map((b) =>
      b.kind === 'paragraph'
        ? `<p>${esc(b.text)}</p>`
        : `<table class="rule"><thead><tr>${b.head.map((h) => `<th>${esc(h).replace(/\n/g, '<br>')}</th>`).join('')}</tr></thead><tbody>${b.rows
            .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
            .join('')}</tbody></table>`,
    )
    .join('');
}

/** The appendix of a printed report: each cited passage in `lang` with the French original, and the decisions. */
export function citedArticlesHtml(cited: ResolvedCitations, lang: Lang): string {
  if (cited.documents.length === 0 && cited.decisions.length === 0) return '';
  const w = WORDS[lang];
  const docs = cited.documents
    .map(({ document: doc, passages }) => {
      const body = passages
        .map((p) =>
          lang === 'fr'
            ? `<div class="passage" lang="fr">${ruleTextHtml(p.fr)}</div>`
            : `<div class="passage"><p class="small">${esc(WORDS.en.translation)}</p><div lang="en">${ruleTextHtml(p.en)}</div><p class="small">${esc(WORDS.en.original)}</p><div lang="fr">${ruleTextHtml(p.fr)}</div></div>`,
        )
        .join('\n');
      return `<h3>${esc(documentLine(doc, lang))}</h3>\n<p class="small"><code>${esc(doc.file)}</code> · SHA-256 <code>${doc.sha256}</code></p>\n${body}`;
    })
    .join('\n');
  const decisions =
    cited.decisions.length > 0
      ? `<h3>${esc(w.decisions)}</h3><dl>${cited.decisions.map((d) => `<dt>${d.code}</dt><dd>${esc(d[lang])}</dd>`).join('')}</dl>`
      : '';
  return `<section class="appendix"><h2>${esc(w.title)}</h2>\n<p class="small">${esc(w.note)}</p>\n${docs}\n${decisions}</section>`;
}
