/**
 * The PNG evidence of a replayed unit: the final state of the board drawn on a canvas from the same
 * SVG artwork (loaded as images, then `drawImage`), with the reference, the recall fields, each gain
 * with its article, the lot, the evaluator's verdict (R4) and the REJEU mark across the board.
 */
import { generatorId, getRules } from '../../../src-engine/index';
import type { ReplayedUnit } from '../../domain/replay/replayed-unit';
import { artworkUrl } from './artwork';
import { gainWhat, gainWhere, nearMissText } from './describe';
import type { DescribeFormat, Translate } from './describe';
import { MINE_LINES, nearMisses } from '../../../src-engine/index';

const W = 1100;
const INK = '#1b1f24';
const MUTED = '#5a6470';
const GOLD = '#f0c419';
const RED = '#b42318';

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`artwork ${url} could not be loaded`));
    img.src = url;
  });
}

/** Draws one 3 × 3 grid at (x, y) with its winning triples and aligned lines (art. 4.4, 4.5). */
function drawGrid(
  ctx: CanvasRenderingContext2D,
  images: Map<string, HTMLImageElement>,
  cells: readonly string[],
  gains: readonly { cells: readonly number[]; line: number }[],
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
    ctx.lineWidth = won.has(c) ? 4 : 2;
    ctx.strokeStyle = won.has(c) ? GOLD : '#c9b98f';
    ctx.strokeRect(cx, cy, size, size);
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
  f: DescribeFormat & { readonly count: (n: number) => string },
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

  const boardH = u.view.game === 'mine-d-or' ? 14 + 3 * 120 + 12 : u.view.bonusCents ? 330 : 180;
  const textLines = u.explanation.gains.length + (u.assignedCents === 0 ? nearMisses(u).length : 0) + 1;
  const H = 150 + boardH + 60 + textLines * 24 + 120;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
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
    `${t('replay.recall.stake')} ${f.euros(r.parsed.stakeCents)} · ${t('replay.recall.seed')} ${f.count(r.parsed.seed)} · ${t('replay.recall.index')} ${f.count(r.parsed.index)} · ${generatorId(r.parsed.generatorVersion)}`,
    20,
    116,
  );
  if (digest) ctx.fillText(`${t('replay.recall.digest')} ${digest}`, 20, 136);

  const top = 160;
  if (u.view.game === 'mine-d-or') {
    const view = u.view;
    const gainsOf = (g: number): { cells: readonly number[]; line: number }[] =>
      u.explanation.gains.filter((x) => x.grid === g);
    ctx.fillStyle = INK;
    ctx.font = 'bold 14px system-ui, sans-serif';
    ctx.fillText(t('replay.board.main'), 20, top);
    drawGrid(ctx, images, view.main, gainsOf(0), 20, top + 14, 120);
    view.extras.forEach((grid, k) => {
      const x = 430 + k * 230;
      ctx.fillStyle = INK;
      ctx.font = 'bold 14px system-ui, sans-serif';
      ctx.fillText(`${t('replay.board.extra', { k: k + 1 })} (art. 4.6)`, x, top);
      drawGrid(ctx, images, grid, gainsOf(k + 1), x, top + 14, 64);
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
  ctx.font = '15px system-ui, sans-serif';
  for (const g of u.explanation.gains) {
    ctx.fillStyle = INK;
    ctx.fillText(
      `${gainWhere(t, game, g.grid)} — ${gainWhat(t, game, g, f)} → ${f.euros(g.amountCents)}   (${g.article})`,
      20,
      y,
    );
    y += 24;
  }
  if (u.assignedCents === 0) {
    for (const n of nearMisses(u)) {
      ctx.fillStyle = '#5b3d86';
      ctx.fillText(nearMissText(t, game, n, f), 20, y);
      y += 24;
    }
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
