/**
 * What every printed page of the audit report repeats, sized for the room a page margin has: a
 * header line (title, game, stake, seeds, date) and a footer that identifies the report's blocks
 * by their SHA-256 digests. Up to {@link FOOTER_MAX_BLOCKS} blocks, the footer lists every digest;
 * past that it lists the first ones and says where the list continues (the « Empreintes des
 * blocs » table, right after the report's identity), so that no page ever shows a list cut short.
 */
import { formatDateTime } from '../format/numbers';
import type { Lang } from '../format/numbers';
import { formatEuros } from '../money/format';
import type { AuditReport } from './audit-report';
import type { PrintFrame, ViewSection } from './report-view-types';
import { COLON, TEXT, fill } from './report-text';

/** The most blocks whose digests the footer lists in full (the room of its margin, measured in print). */
export const FOOTER_MAX_BLOCKS = 10;
/** Past {@link FOOTER_MAX_BLOCKS}, the digests listed before the footer says where the others are. */
export const FOOTER_LISTED_WHEN_MORE = 8;
/** The most seed groups (« 1 à 100 » is one) the header writes before it points to the identity. */
const HEADER_MAX_SEED_GROUPS = 6;

/** Seeds as runs: « 1 à 100, 205 », « 1 to 100, 205 ». */
export function seedRuns(seeds: readonly number[], lang: Lang): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < seeds.length) {
    let j = i;
    while (j + 1 < seeds.length && seeds[j + 1] === seeds[j]! + 1) j++;
    const from = seeds[i]!;
    const to = seeds[j]!;
    if (j - i >= 2) out.push(fill(TEXT[lang].seedRange, { from, to }));
    else for (let k = i; k <= j; k++) out.push(String(seeds[k]!));
    i = j + 1;
  }
  return out;
}

/** « Graines 1 à 100 », or the count and where the seeds are listed when they are too many for a line. */
function seedsHeader(seeds: readonly number[], lang: Lang): string {
  const t = TEXT[lang];
  const runs = seedRuns(seeds, lang);
  if (runs.length > HEADER_MAX_SEED_GROUPS) return fill(t.seedsMany, { n: seeds.length });
  return `${seeds.length > 1 ? t.seeds : t.seed} ${runs.join(', ')}`;
}

/** « Bloc — graine 3 : <digest> ». */
function blockDigest(b: AuditReport['blocks'][number], lang: Lang): string {
  return `${fill(TEXT[lang].block, { seed: b.seed })}${COLON[lang]}${b.integrity.digest}`;
}

/** The running header and footer of the printed report, in `lang`. */
export function printFrame(r: AuditReport, lang: Lang): PrintFrame {
  const t = TEXT[lang];
  const id = r.identity;
  const all = r.blocks;
  const listed = all.length <= FOOTER_MAX_BLOCKS ? all : all.slice(0, FOOTER_LISTED_WHEN_MORE);
  const more = all.length - listed.length;
  return {
    header: [
      `${t.title} — ${id.gameName}`,
      `${t.stake} ${formatEuros(id.stakeCents, lang)}`,
      seedsHeader(id.seeds, lang),
      formatDateTime(id.runAt, lang),
    ].join(' · '),
    footer: [...listed.map((b) => blockDigest(b, lang)), ...(more > 0 ? [fill(t.footerMore, { n: more })] : [])].join(
      ' · ',
    ),
    page: t.page,
    of: t.of,
  };
}

/** The table the footer points to: every block's seed and digest, in the report's order. */
export function digestsSection(r: AuditReport, lang: Lang): ViewSection {
  const t = TEXT[lang];
  return {
    title: t.digests,
    table: {
      testId: 'report-digests',
      head: [t.digestsBlock, t.digestsDigest],
      rows: r.blocks.map((b) => ({
        key: String(b.seed),
        cells: [{ text: fill(t.block, { seed: b.seed }) }, { text: b.integrity.digest, code: true }],
      })),
    },
  };
}
