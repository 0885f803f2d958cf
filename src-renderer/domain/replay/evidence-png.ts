/**
 * The PNG evidence of a replayed unit: the final state of the board drawn on a canvas from the same
 * SVG artwork (loaded as images, then `drawImage`), with the reference, the recall fields, each gain
 * with its article, the reasoning over every grid (the engine's `reasonUnit`, as the screen shows
 * it), the lot, the evaluator's verdict (R4) and the REJEU mark across the board. Cells are marked
 * as on screen: gains in gold, near misses dashed, symbols spread over grids dotted.
 */
import { gainLabel, generatorId, getRules, gridLabel, reasonUnit } from '@engine';
import type { Lang } from '@engine';
import type { ReplayedUnit } from './replayed-unit';
import { artworkUrl } from './artwork';
import { MINE_LINES } from '@engine';

/** The translation function of vue-i18n, as far as the PNG needs it. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The formatters the PNG needs (from `useFormat`, bound to the interface language). */
export interface PngFormat {
  readonly lang: Lang;
  readonly euros: (cents: number) => string;
  readonly count: (n: number) => string;
}

/** Colours of the marks, the same as the screen's (MineGrid.vue). */
const NEAR = '#7a4fb0';
const SPREAD = '#1f6feb';

const W = 1100;
const INK = '#1b1f24';
const MUTED = '#5a6470';
const GOLD = '#f0c419';
const RED = '#b42318';

const TEXT_FONT = '15px system-ui, sans-serif';

/** `text` cut at spaces into lines no wider than `width` in the context's font. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = `   ${word}`;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** {@link wrap} in the bold text font, the context's font restored after. */
function wrapBold(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const font = ctx.font;
  ctx.font = `bold ${TEXT_FONT}`;
  const lines = wrap(ctx, text, width);
  ctx.font = font;
  return lines;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`artwork ${url} could not be loaded`));
    img.src = url;
  });
}

/** Cells of a grid marked beyond its gains: near misses (M5) and symbols spread over grids (art. 4.4, 4.6). */
interface Marks {
  readonly near: readonly number[];
  readonly spread: readonly number[];
}

/** Draws one 3 × 3 grid at (x, y) with its winning triples, aligned lines (art. 4.4, 4.5) and marks. */
function drawGrid(
  ctx: CanvasRenderingContext2D,
  images: Map<string, HTMLImageElement>,
  cells: readonly string[],
  gains: readonly { cells: readonly number[]; line: number }[],
  marks: Marks,
  x: number,
  y: number,
  size: number,
): void {
  const gap = 6;
  const at = (c: number): [number, number] => [x + (c % 3) * (size + gap), y + Math.floor(c / 3) * (size + gap)];
  const won = new Set(gains.flatMap((g) => g.cells));
  cells.forEach((id, c) => {
    const [cx, cy] = at(c);
    ctx.fillStyle = won.has(c) ? '#fff6d6' : '#fbf7ee';
    ctx.fillRect(cx, cy, size, size);
    const spread = marks.spread.includes(c);
    const near = marks.near.includes(c);
    ctx.lineWidth = won.has(c) ? 4 : spread || near ? 3 : 2;
    ctx.strokeStyle = won.has(c) ? GOLD : spread ? SPREAD : near ? NEAR : '#c9b98f';
    ctx.setLineDash(!won.has(c) && spread ? [2, 3] : !won.has(c) && near ? [7, 4] : []);
    ctx.strokeRect(cx, cy, size, size);
    ctx.setLineDash([]);
    const img = images.get(id);
    if (img) ctx.drawImage(img, cx + size * 0.08, cy + size * 0.08, size * 0.84, size * 0.84);
  });
  ctx.strokeStyle = 'rgba(192, 57, 43, 0.85)';
  ctx.lineWidth = Math.max(4, size / 14);
  ctx.lineCap = 'round';
  for (const g of gains) {
    if (g.line < 0) continue;
    const [a, , b] = MINE_LINES[g.line]!;
    const [ax, ay] = at(a);
    const [bx, by] = at(b);
    ctx.beginPath();
    ctx.moveTo(ax + size / 2 - (bx - ax) * 0.12, ay + size / 2 - (by - ay) * 0.12);
    ctx.lineTo(bx + size / 2 + (bx - ax) * 0.12, by + size / 2 + (by - ay) * 0.12);
    ctx.stroke();
  }
}

/**
 * Renders the final state of a replayed unit as PNG bytes.
 * @param r - the unit on screen
 * @param t - vue-i18n's `t`, for the texts in the interface language
 * @param f - `useFormat`'s formatters in the interface language, for amounts, counts and symbol names
 * @param digest - the block digest when known
 */
export async function renderEvidencePng(
  r: ReplayedUnit,
  t: Translate,
  f: PngFormat,
  digest: string | null,
): Promise<Uint8Array> {
  const game = r.parsed.game;
  const u = r.unit;
  const ids =
    u.view.game === 'mine-d-or'
      ? [...new Set([...u.view.main, ...u.view.extras.flat()])]
      : [...new Set([...u.view.gongs, 'yinyang'])];
  const images = new Map<string, HTMLImageElement>();
  await Promise.all(ids.map(async (id) => images.set(id, await loadImage(artworkUrl(game, id)))));

  const why = reasonUnit(u);
  const boardH = u.view.game === 'mine-d-or' ? 14 + 3 * 120 + 12 : u.view.bonusCents ? 330 : 180;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  // the texts below the board, wrapped to the width, measured before the canvas gets its height
  ctx.font = TEXT_FONT;
  const gainLines = u.explanation.gains.map(
    (g) =>
      `${gridLabel(game, g.grid)[f.lang]} — ${gainLabel(game, g)[f.lang]} → ${f.euros(g.amountCents)}   (${g.article})`,
  );
  const texts: { text: string; colour: string; bold?: boolean }[] = [
    ...gainLines.flatMap((l) => wrap(ctx, l, W - 40).map((text) => ({ text, colour: INK }))),
    ...why.grids.flatMap((g) => wrap(ctx, `• ${g.text[f.lang]}`, W - 40).map((text) => ({ text, colour: INK }))),
    // the rule is drawn bold: measured bold, so that its lines fit the width too
    ...(why.acrossGridsRule
      ? wrapBold(ctx, why.acrossGridsRule[f.lang], W - 40).map((text) => ({ text, colour: SPREAD, bold: true }))
      : []),
    ...why.acrossGrids.flatMap((s) =>
      wrap(ctx, `• ${s.text[f.lang]}`, W - 40).map((text) => ({ text, colour: SPREAD })),
    ),
  ];
  const H = 150 + boardH + 60 + texts.length * 22 + 140;
  canvas.height = H;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);

  // The REJEU band: never mistaken for live play
  ctx.fillStyle = RED;
  ctx.fillRect(0, 0, W, 44);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 20px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.fillText(t('replay.png.replay'), 20, 22);
  ctx.textAlign = 'right';
  ctx.font = 'bold 18px ui-monospace, monospace';
  ctx.fillText(r.ref, W - 20, 22);
  ctx.textAlign = 'left';

  const doc = getRules(game).document;
  ctx.fillStyle = INK;
  ctx.font = 'bold 22px system-ui, sans-serif';
  ctx.fillText(getRules(game).name, 20, 72);
  ctx.font = '14px system-ui, sans-serif';
  ctx.fillStyle = MUTED;
  ctx.fillText(`${doc.title}, ${doc.place}, ${doc.date}`, 20, 96);
  ctx.fillText(
    `${t('replay.recall.stake')} ${f.euros(r.parsed.stakeCents)} · ${t('replay.recall.seed')} ${r.parsed.seed} · ${t('replay.recall.index')} ${f.count(r.parsed.index)} · ${generatorId(r.parsed.generatorVersion)}`,
    20,
    116,
  );
  if (digest) ctx.fillText(`${t('replay.recall.digest')} ${digest}`, 20, 136);

  const top = 160;
  if (u.view.game === 'mine-d-or') {
    const view = u.view;
    const gainsOf = (g: number): { cells: readonly number[]; line: number }[] =>
      u.explanation.gains.filter((x) => x.grid === g);
    const marksOf = (g: number): Marks => ({
      near: why.grids[g]!.nearMisses.flatMap((n) => n.cells),
      // as the screen shows it by default: the first symbol spread over grids (the most valuable)
      spread: why.acrossGrids[0]?.grids.find((w) => w.grid === g)?.cells ?? [],
    });
    ctx.fillStyle = INK;
    ctx.font = 'bold 14px system-ui, sans-serif';
    ctx.fillText(gridLabel(game, 0)[f.lang], 20, top);
    drawGrid(ctx, images, view.main, gainsOf(0), marksOf(0), 20, top + 14, 120);
    view.extras.forEach((grid, k) => {
      const x = 430 + k * 230;
      ctx.fillStyle = INK;
      ctx.font = 'bold 14px system-ui, sans-serif';
      ctx.fillText(`${gridLabel(game, k + 1)[f.lang]} (art. 4.6)`, x, top);
      drawGrid(ctx, images, grid, gainsOf(k + 1), marksOf(k + 1), x, top + 14, 64);
    });
  } else {
    const view = u.view;
    view.gongs.forEach((id, g) => {
      const x = 60 + g * 200;
      ctx.fillStyle = u.explanation.gains.length > 0 && !view.bonusCents ? '#fff6d6' : '#fbf7ee';
      ctx.fillRect(x, top, 170, 170);
      ctx.strokeStyle = u.explanation.gains.length > 0 && !view.bonusCents ? GOLD : '#d9c8a0';
      ctx.lineWidth = 3;
      ctx.strokeRect(x, top, 170, 170);
      ctx.drawImage(images.get(id)!, x + 15, top + 15, 140, 140);
    });
    if (view.bonusCents) {
      ctx.fillStyle = INK;
      ctx.font = 'bold 14px system-ui, sans-serif';
      ctx.fillText(`${t('replay.board.bonus')} (art. 4.3.2, 4.4, G4)`, 60, top + 200);
      view.bonusCents.forEach((c, p) => {
        const x = 60 + p * 200;
        ctx.drawImage(images.get('yinyang')!, x + 50, top + 215, 70, 70);
        ctx.font = 'bold 20px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText(f.euros(c), x + 85, top + 312);
        ctx.textAlign = 'left';
      });
    }
  }

  // Watermark across the board
  ctx.save();
  ctx.translate(W / 2, top + boardH / 2);
  ctx.rotate(-0.35);
  ctx.fillStyle = 'rgba(180, 35, 24, 0.14)';
  ctx.font = 'bold 150px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(t('replay.watermark'), 0, 0);
  ctx.restore();

  let y = top + boardH + 40;
  for (const line of texts) {
    ctx.fillStyle = line.colour;
    ctx.font = line.bold ? `bold ${TEXT_FONT}` : TEXT_FONT;
    ctx.fillText(line.text, 20, y);
    y += 22;
  }
  y += 16;
  ctx.fillStyle = INK;
  ctx.font = 'bold 26px system-ui, sans-serif';
  ctx.fillText(`${t('replay.png.lot', { lot: f.euros(u.explanation.lotCents) })}   (${u.explanation.article})`, 20, y);
  y += 34;
  ctx.font = '15px system-ui, sans-serif';
  ctx.fillStyle = u.agrees ? '#1a7f37' : RED;
  ctx.fillText(u.agrees ? t('replay.png.agrees') : t('replay.png.disagrees'), 20, y);

  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be encoded'))), 'image/png'),
  );
  return new Uint8Array(await blob.arrayBuffer());
}
