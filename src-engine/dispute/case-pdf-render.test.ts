/**
 * A case's PDF, drawn: the claim's characters are printed as glyphs with ink, not only as text a
 * reader can copy. A broken font subset keeps the text layer whole and draws nothing (seen once as
 * blank CJK glyphs), so the pages are rendered by Poppler's `pdftoppm` and their ink compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfOf } from './case-pdf.fixture';

const dir = mkdtempSync(join(tmpdir(), 'case-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Dark pixels of every page of `pdf`, rendered in grey at 150 dpi (PGM: header, then one byte a pixel). */
function ink(pdf: Uint8Array, name: string): number {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-gray', '-r', '150', file, join(dir, name)]);
  let dark = 0;
  for (const page of readdirSync(dir))
    if (page.startsWith(`${name}-`) && page.endsWith('.pgm')) {
      const pgm = readFileSync(join(dir, page));
      // P5 <w> <h> <max>\n then the pixels
      const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
      expect(header).not.toBeNull();
      for (let i = header![0].length; i < pgm.length; i++) if (pgm[i]! < 128) dark++;
    }
  return dark;
}

describe("a case's PDF draws what was written", () => {
  it('Chinese, « ≥ » and « → » in the claim add ink to the page, in proportion to the characters', async () => {
    const base = ink(await pdfOf('les-3-gongs', 'x', 'y', 'fr'), 'base');
    const once = ink(await pdfOf('les-3-gongs', '王先生 ≥ →', 'y', 'fr'), 'once');
    const thrice = ink(await pdfOf('les-3-gongs', '王先生 ≥ → 王先生 ≥ → 王先生 ≥ →', 'y', 'fr'), 'thrice');
    expect(base).toBeGreaterThan(0);
    // five glyphs drawn, each with some ink at 150 dpi
    expect(once - base).toBeGreaterThan(5 * 30);
    // and three times as many give about three times the ink: the glyphs themselves, not a box or a line
    expect((thrice - base) / (once - base)).toBeGreaterThan(2.2);
  });
});
