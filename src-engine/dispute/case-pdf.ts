/**
 * The PDF of a dispute case, drawn with pdf-lib so that the command line and the replay screen's
 * worker make the same pages: who and what (the unit's reference, game, stake, seed, index,
 * generator, block digest and Merkle root, R1, R3), the player's claim, the tester's conclusion,
 * every frame of the replay as the player saw it (art. 4.2: a unit can be checked after the fact),
 * the lot with the evaluator's verdict (R4), the screen's PNG when there is one, and the articles
 * cited, quoted as published. Every page is marked REJEU / REPLAY.
 */
import type { Font } from 'fontkit';
import { sha256 } from '@noble/hashes/sha2.js';
import type { Color, Degrees, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { generatorId } from '../block/spec';
import type { OpenedUnit } from '../block/open-unit';
import { formatCount } from '../format/numbers';
import type { Lang } from '../format/numbers';
import { formatEuros } from '../money/format';
import type { UnitRef } from '../ref/unit-ref';
import { gainLabel, gridLabel, symbolLabel } from '../replay/describe';
import { buildSteps } from '../replay/steps';
import type { ReplayStep, StepKind } from '../replay/steps';
import type { ResolvedCitations } from '../rules/articles/citations';
import { citedQuoteLines, ruleDateText } from '../rules/articles/quote';
import { getRules } from '../rules/load';
import type { CaseProof, CaseRecord } from './case-files';
import { fontOf, namedChar, pdfFontkit, printedText, unprintableChars } from './case-fonts';
import type { CaseFontSet } from './case-fonts';
import { wrapText } from './pdf-text';

export interface CasePdfInput {
  readonly record: CaseRecord;
  readonly unitRef: UnitRef;
  readonly unit: OpenedUnit;
  readonly proof: CaseProof;
  readonly cited: ResolvedCitations;
  /** The screen's PNG of the final state, when the case was opened on screen. */
  readonly png: Uint8Array | null;
  readonly signerFingerprint: string | null;
  /** The faces the pages are drawn with, embedded as subsets. */
  readonly fonts: CaseFontSet;
}

/** A face embedded in the PDF and its fontkit reading, which says what it can print. */
interface Face {
  readonly pdf: PDFFont;
  readonly font: Font;
}

const WORDS = {
  fr: {
    title: 'Dossier de litige',
    mark: 'REJEU',
    claim: 'Réclamation du joueur',
    conclusion: 'Conclusion du testeur',
    identity: 'Unité en cause',
    frames: 'Le rejeu, image par image (art. 4.2)',
    png: "L'état final tel que l'écran de rejeu l'a dessiné (PNG du dossier)",
    opened: 'Dossier ouvert le',
    signed: (f: string) => `Signé (Ed25519), empreinte de la clé ${f}`,
    unsigned: 'Non signé',
    page: (n: number, of: number) => `page ${n} / ${of}`,
    steps: {
      cover: 'Couvert',
      reveal: 'Jouer : tout est découvert',
      extra: 'EXTRA : étape découverte',
      gain: 'Gain',
      bonus: 'Bonus ouvert',
      'bonus-reveal': 'Yin yang découvert',
      lot: 'Lot',
    } satisfies Record<StepKind, string>,
    running: 'cumul',
    agrees: 'Évaluateur : le lot re-dérivé de ce qui est affiché égale le lot attribué (R4)',
    disagrees: 'Évaluateur : ÉCART entre le lot re-dérivé et le lot attribué (R4)',
    lot: 'Lot',
  },
  en: {
    title: 'Dispute case',
    mark: 'REPLAY',
    claim: "Player's claim",
    conclusion: "Tester's conclusion",
    identity: 'Unit in question',
    frames: 'The replay, frame by frame (art. 4.2)',
    png: 'The final state as the replay screen drew it (the PNG of the case)',
    opened: 'Case opened on',
    signed: (f: string) => `Signed (Ed25519), key fingerprint ${f}`,
    unsigned: 'Not signed',
    page: (n: number, of: number) => `page ${n} of ${of}`,
    steps: {
      cover: 'Covered',
      reveal: 'Play: everything uncovered',
      extra: 'EXTRA: stage uncovered',
      gain: 'Gain',
      bonus: 'Bonus opened',
      'bonus-reveal': 'Yin yang uncovered',
      lot: 'Lot',
    } satisfies Record<StepKind, string>,
    running: 'running total',
    agrees: 'Evaluator: the lot re-derived from what is shown equals the assigned lot (R4)',
    disagrees: 'Evaluator: the lot re-derived DIFFERS from the assigned lot (R4)',
    lot: 'Lot',
  },
} as const;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - 2 * MARGIN;
// pdf-lib's rgb() and degrees() make these plain values; made here, pdf-lib loads only when a case's
// PDF is drawn (most processes draw none, and loading it cost each about 0.06 s of CPU at its start)
const rgb = (red: number, green: number, blue: number): Color => ({ type: 'RGB', red, green, blue }) as Color;
const degrees = (angle: number): Degrees => ({ type: 'degrees', angle }) as Degrees;
const INK = rgb(0.11, 0.12, 0.14);
const MUTED = rgb(0.35, 0.39, 0.44);
const RED = rgb(0.71, 0.14, 0.09);
const GOLD = rgb(0.94, 0.77, 0.1);
const COVER = rgb(0.85, 0.87, 0.9);

/** A cursor down the pages: text and boxes, a new page when the next thing does not fit. */
class Pages {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: Face,
    readonly boldFace: Face,
    readonly mark: string,
  ) {
    this.newPage();
  }
  get font(): PDFFont {
    return this.regular.pdf;
  }
  get bold(): PDFFont {
    return this.boldFace.pdf;
  }
  /**
   * `t` as drawn with the face: the claim and conclusion were refused before if they held a
   * character it cannot print, so one here is in the app's own words, a mistake said at once.
   */
  printed(t: string, bold = false): string {
    const face = bold ? this.boldFace : this.regular;
    const out = printedText(t, face.font);
    const bad = unprintableChars(out, [face.font]);
    if (bad.length > 0)
      throw new Error(`the case's PDF font has no glyph for ${bad.map((c) => namedChar(c).en).join(', ')} in « ${t} »`);
    return out;
  }
  newPage(): void {
    this.page = this.doc.addPage(A4);
    // the replay mark on every page, so that a printed page is never taken for live play
    this.page.drawText(this.mark, {
      x: 150,
      y: 300,
      size: 110,
      font: this.bold,
      color: RED,
      opacity: 0.07,
      rotate: degrees(30),
    });
    this.y = A4[1] - MARGIN;
  }
  need(h: number): void {
    if (this.y - h < MARGIN + 20) this.newPage();
  }
  text(t: string, o: { size?: number; bold?: boolean; color?: typeof INK; indent?: number } = {}): void {
    const size = o.size ?? 10;
    const font = o.bold ? this.bold : this.font;
    const indent = o.indent ?? 0;
    const widthOf = (s: string): number => font.widthOfTextAtSize(s, size);
    for (const line of wrapText(this.printed(t, o.bold), widthOf, WIDTH - indent)) {
      this.need(size * 1.35);
      this.y -= size * 1.35;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: o.color ?? INK });
    }
  }
  gap(h = 6): void {
    this.y -= h;
  }
}

/** One frame: the grids (or gongs) as the board shows them after the step, gains in gold. */
function drawFrame(p: Pages, input: CasePdfInput, step: ReplayStep, n: number, lang: Lang): void {
  const { unit, unitRef } = input;
  const w = WORDS[lang];
  const f = step.frame;
  const shown = new Set(
    f.gainsShown.map((i) => unit.explanation.gains[i]!).flatMap((g) => g.cells.map((c) => `${g.grid}:${c}`)),
  );
  const caption = `${n}. ${w.steps[step.kind]} (${step.article}) · ${w.running} ${formatEuros(f.runningCents, lang)}`;
  const cellW = 40;
  const cellH = 20;
  const rows = unit.view.game === 'mine-d-or' ? 3 : 1;
  p.need(16 + rows * cellH + 26);
  p.text(caption, { size: 9, bold: true });
  p.gap(4);
  const top = p.y;
  const grids: (readonly string[])[] =
    unit.view.game === 'mine-d-or' ? [unit.view.main, ...unit.view.extras] : [unit.view.gongs];
  grids.forEach((cells, g) => {
    const x0 = MARGIN + g * (3 * cellW + 12);
    const open = unit.view.game === 'mine-d-or' ? f.revealed > g : f.revealed >= 3;
    p.page.drawText(p.printed(gridLabel(unitRef.game, g)[lang]), {
      x: x0,
      y: top - 8,
      size: 7,
      font: p.font,
      color: MUTED,
    });
    cells.forEach((id, c) => {
      const x = x0 + (c % 3) * cellW;
      const y = top - 12 - (Math.floor(c / 3) + 1) * cellH;
      const gain = open && shown.has(`${g}:${c}`);
      p.page.drawRectangle({
        x,
        y,
        width: cellW - 2,
        height: cellH - 2,
        color: open ? (gain ? GOLD : rgb(1, 1, 1)) : COVER,
        borderColor: MUTED,
        borderWidth: 0.5,
      });
      const label = open ? p.printed(symbolLabel(unitRef.game, id)[lang], gain) : '?';
      const size = Math.min(7, (6.6 * (cellW - 6)) / Math.max(1, p.font.widthOfTextAtSize(label, 6.6)));
      p.page.drawText(label, { x: x + 3, y: y + 6, size, font: gain ? p.bold : p.font, color: INK });
    });
  });
  let bottom = top - 12 - rows * cellH;
  if (unit.view.game === 'les-3-gongs' && unit.view.bonusCents && f.bonusOpen) {
    const amounts = unit.view.bonusCents.map((c, pos) => (f.bonusRevealed.includes(pos) ? formatEuros(c, lang) : '?'));
    p.page.drawText(p.printed(`Bonus (art. 4.4) : ${amounts.join(' · ')}`), {
      x: MARGIN + 3 * cellW + 16,
      y: top - 12 - cellH + 6,
      size: 8,
      font: p.font,
      color: INK,
    });
  }
  bottom -= 8;
  p.y = bottom;
}

/** Two subset tags (six capital letters each, PDF 32000 § 9.6.4) drawn from the SHA-256 of `text`. */
function tagOf(text: string): [string, string] {
  const h = sha256(new TextEncoder().encode(text));
  const tag = (from: number): string =>
    Array.from(h.subarray(from, from + 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return [tag(0), tag(6)];
}

/** The case's PDF, bytes. */
export async function casePdf(input: CasePdfInput): Promise<Uint8Array> {
  const { record, unitRef: r, unit: u, proof } = input;
  const lang = record.lang;
  const w = WORDS[lang];
  const doc = await (await import('pdf-lib')).PDFDocument.create();
  // a fixed date, so the same case gives the same bytes (R1's spirit: evidence is reproducible)
  const when = new Date(record.opened);
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  doc.setTitle(`${w.title} ${record.ref}`);
  doc.setProducer('Instant Lab');
  doc.setCreator('Instant Lab');
  doc.registerFontkit(await pdfFontkit());
  // the subsets' tag (six capitals before the font's name) from what the case says, not at random,
  // so that the same case gives the same bytes
  const tag = tagOf(`${record.ref}\n${record.lang}\n${record.claim}\n${record.conclusion}`);
  const embed = async (bytes: Uint8Array, n: number): Promise<Face> => {
    const font = await fontOf(bytes);
    // proportional widths (pwid): the font's Chinese default sets « ’ » and « “ » an em wide, and
    // French writes « l’unité »
    const pdf = await doc.embedFont(bytes, {
      subset: true,
      customName: `${tag[n]}+${font.postscriptName}`,
      features: { pwid: true },
    });
    return { pdf, font };
  };
  const p = new Pages(doc, await embed(input.fonts.regular, 0), await embed(input.fonts.bold, 1), w.mark);
  const rules = getRules(r.game);
  const colon = lang === 'fr' ? ' : ' : ': ';
  p.text(`${w.title} · ${w.mark} · ${rules.name}`, { size: 18, bold: true });
  p.text(record.ref, { size: 13, bold: true, color: RED });
  p.gap();
  p.text(w.identity, { size: 12, bold: true });
  for (const line of [
    `${rules.document.title}, ${rules.document.place}, ${ruleDateText(rules.document.date, lang)}`,
    `${formatEuros(r.stakeCents, lang)} · ${lang === 'fr' ? 'graine' : 'seed'} ${r.seed} · ${lang === 'fr' ? 'indice' : 'index'} ${formatCount(r.index, lang)} · ${generatorId(r.generatorVersion)}${r.m6Strict === true ? ' · M6 strict' : ''}`,
    `${lang === 'fr' ? 'Empreinte du bloc (R1)' : 'Block digest (R1)'}${colon}${proof.block_digest}`,
    `${lang === 'fr' ? 'Racine de Merkle' : 'Merkle root'}${colon}${proof.merkle_root} · segment ${proof.segment}`,
    `${w.opened} ${record.opened} · ${input.signerFingerprint ? w.signed(input.signerFingerprint) : w.unsigned}`,
  ])
    p.text(line, { size: 9, color: MUTED });
  p.gap(8);
  p.text(w.claim, { size: 12, bold: true });
  p.text(record.claim, { size: 10, indent: 8 });
  p.gap(8);
  p.text(w.conclusion, { size: 12, bold: true });
  p.text(record.conclusion, { size: 10, indent: 8 });
  p.gap(8);
  p.text(w.frames, { size: 12, bold: true });
  p.gap(4);
  buildSteps(u).forEach((s, k) => drawFrame(p, input, s, k + 1, lang));
  for (const g of u.explanation.gains)
    p.text(
      `${gridLabel(r.game, g.grid)[lang]}${colon}${gainLabel(r.game, g)[lang]} → ${formatEuros(g.amountCents, lang)} (${g.article})`,
      {
        size: 9,
      },
    );
  p.text(`${w.lot}${colon}${formatEuros(u.explanation.lotCents, lang)} (${u.explanation.article})`, {
    size: 10,
    bold: true,
  });
  p.text(u.agrees ? w.agrees : w.disagrees, { size: 9, color: u.agrees ? INK : RED });
  if (input.png) {
    const img = await doc.embedPng(input.png);
    const scale = Math.min(WIDTH / img.width, (A4[1] - 2 * MARGIN - 40) / img.height);
    p.newPage();
    p.text(w.png, { size: 12, bold: true });
    p.gap(6);
    p.page.drawImage(img, {
      x: MARGIN,
      y: p.y - img.height * scale,
      width: img.width * scale,
      height: img.height * scale,
    });
    p.newPage();
  } else p.gap(10);
  for (const line of citedQuoteLines(input.cited, lang)) {
    const heading = line !== '' && !line.startsWith(' ') && p.y > 0 && /^[A-ZÉ]/.test(line) && line.length < 60;
    if (line === '') p.gap(4);
    else p.text(line, { size: heading ? 11 : 8.5, bold: heading });
  }
  const pages = doc.getPages();
  pages.forEach((pg, k) =>
    pg.drawText(p.printed(`${record.ref} · ${w.page(k + 1, pages.length)}`), {
      x: MARGIN,
      y: 24,
      size: 8,
      font: p.font,
      color: MUTED,
    }),
  );
  return doc.save({ useObjectStreams: false });
}
