/**
 * A chart's PNG as a document that stands alone once it leaves the app: its title, what it was
 * computed on (game, stake, table, seed…), the date it was exported, the chart, and the chart's
 * numbers drawn as a table below it ("every chart has its numbers in a table"). Drawn on a canvas
 * of its own: the chart on screen is left as it is.
 */

/** What the picture says besides the chart. */
export interface ChartDocument {
  readonly title: string;
  /** What the chart is of: game, stake, table, seed, as the screen words them. */
  readonly context: string;
  /** When it was exported, as the screen formats dates. */
  readonly date: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const PAD = 24;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';
const ROW = 22;

/** The chart `chart` with its title, context, date and table, as a new canvas (in CSS pixels × `scale`). */
export function composeChartCanvas(chart: HTMLCanvasElement, doc: ChartDocument, scale = 2): HTMLCanvasElement {
  const out = document.createElement('canvas');
  const ctx = out.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  const chartW = chart.clientWidth || chart.width;
  const chartH = chart.clientHeight || chart.height;
  // the table's column widths, measured in its own font
  ctx.font = `13px ${FONT}`;
  const widths = doc.columns.map((c, j) => {
    ctx.font = `bold 13px ${FONT}`;
    let w = ctx.measureText(c).width;
    ctx.font = `13px ${FONT}`;
    for (const r of doc.rows) w = Math.max(w, ctx.measureText(r[j] ?? '').width);
    return Math.ceil(w) + 16;
  });
  const tableW = widths.reduce((a, b) => a + b, 0);
  const width = Math.ceil(Math.max(chartW, tableW, 480) + 2 * PAD);
  const headH = 20 + 8 + 16 + 6 + 16 + 16;
  const tableH = (doc.rows.length + 1) * ROW;
  const height = Math.ceil(PAD + headH + chartH + 16 + tableH + PAD);
  out.width = width * scale;
  out.height = height * scale;
  ctx.scale(scale, scale);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#1b1f24';
  let y = PAD;
  ctx.font = `bold 20px ${FONT}`;
  ctx.fillText(doc.title, PAD, y);
  y += 28;
  ctx.font = `14px ${FONT}`;
  ctx.fillText(doc.context, PAD, y);
  y += 22;
  ctx.fillStyle = '#5a6470';
  ctx.fillText(doc.date, PAD, y);
  y += 32;
  ctx.drawImage(chart, PAD, y, chartW, chartH);
  y += chartH + 16;
  // the table: header row in bold over a rule, then one row per line of the screen's table
  let x = PAD;
  ctx.fillStyle = '#1b1f24';
  ctx.font = `bold 13px ${FONT}`;
  doc.columns.forEach((c, j) => {
    ctx.fillText(c, x + 4, y + 4);
    x += widths[j]!;
  });
  ctx.strokeStyle = '#d7dce2';
  ctx.beginPath();
  ctx.moveTo(PAD, y + ROW - 1);
  ctx.lineTo(PAD + tableW, y + ROW - 1);
  ctx.stroke();
  ctx.font = `13px ${FONT}`;
  for (const r of doc.rows) {
    y += ROW;
    x = PAD;
    r.forEach((cell, j) => {
      ctx.fillText(cell, x + 4, y + 4);
      x += widths[j] ?? 0;
    });
  }
  return out;
}

/** The canvas as PNG bytes. */
export function canvasPng(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => {
      if (!b) reject(new Error('the chart could not be encoded as PNG'));
      else void b.arrayBuffer().then((a) => resolve(new Uint8Array(a)), reject);
    }, 'image/png'),
  );
}
