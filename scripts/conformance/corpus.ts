/**
 * The conformance corpus: small export files of both games, JSON Lines and CSV, each written one
 * way off the schema of docs/reference/file-formats.md (a number in another spelling, a reference
 * misspelt, byte-order marks, line ends, lines swapped, missing or added…) with the one verdict
 * every reader of an export must give it: `verify`, the compliance screen's reader and check.py.
 * Generated from the engine's own export lines, so the corpus follows the format wherever it goes.
 */
import {
  csvColumns,
  csvRow,
  csvText,
  formatUnitRef,
  iterateUnits,
  jsonlHeader,
  jsonlUnit,
  officialBlock,
  refOf,
} from '@engine';
import type { BlockSpec, GameId } from '@engine';

/**
 * What a reader says of a file: refused as no export, a unit line wrong, a line that is no unit
 * (an empty line, no line end at the end) with every unit right, or every unit line right.
 */
export type Verdict = 'refused' | 'a unit wrong' | 'a line wrong' | 'units right';

/** One file of the corpus and the verdict all readers give it. */
export interface ConformanceCase {
  /** File name: game, format and what was done to it. */
  readonly file: string;
  readonly bytes: Uint8Array;
  readonly verdict: Verdict;
}

/** Units of each file: enough for winners of several lots, far fewer than a block. */
const UNITS = 120;

const FORMATS = ['jsonl', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** An export's lines (header first), as the product writes them. */
function exportLines(spec: BlockSpec, format: Format): string[] {
  if (format === 'csv') {
    const rows: (string | number)[][] = [];
    iterateUnits(spec, 0, UNITS, (i, prize, view) => rows.push(csvRow(i, refOf(spec, i), prize, view)));
    return csvText(rows, csvColumns(spec.game)).replace(/\n$/, '').split('\n');
  }
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, UNITS, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return lines;
}

/** A unit line's fields, as both formats place them: index first, then ref, then prize_cents. */
interface Edits {
  /** Rewrites line `at`'s prize (`p` cents) as `spelt(p)`. */
  prize(at: number, spelt: (p: number) => string): string;
  /** Rewrites line `at`'s index (`i`) as `spelt(i)`. */
  index(at: number, spelt: (i: number) => string): string;
  /** Rewrites line `at`'s reference. */
  ref(at: number, f: (ref: string) => string): string;
}

function editsOf(lines: readonly string[], format: Format): Edits {
  if (format === 'csv') {
    const field = (at: number, k: number, f: (v: string) => string): string => {
      const cells = lines[at]!.split(',');
      cells[k] = f(cells[k]!);
      return cells.join(',');
    };
    return {
      prize: (at, spelt) => field(at, 2, (v) => spelt(Number(v))),
      index: (at, spelt) => field(at, 0, (v) => spelt(Number(v))),
      ref: (at, f) => field(at, 1, f),
    };
  }
  const json = (at: number, key: string, f: (v: string) => string): string =>
    lines[at]!.replace(new RegExp(`"${key}":("[^"]*"|[^,]*),`), (_m, v: string) => `"${key}":${f(v)},`);
  return {
    prize: (at, spelt) => json(at, 'prize_cents', (v) => spelt(Number(v))),
    index: (at, spelt) => json(at, 'index', (v) => spelt(Number(v))),
    ref: (at, f) => json(at, 'ref', (v) => `"${f(v.slice(1, -1))}"`),
  };
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The cases of one game in one format. */
function casesOf(game: GameId, format: Format): ConformanceCase[] {
  const spec = officialBlock(game, 100, 7, 2);
  const lines = exportLines(spec, format);
  const ed = editsOf(lines, format);
  const prizeOf = (at: number): number =>
    Number(/^\d+,[^,]*,(\d+),|"prize_cents":(\d+)/.exec(lines[at]!)!.slice(1).find(Boolean));
  /** A line whose lot is a whole number of euros (so 2e2 can write it), and a losing one. */
  const euros = lines.findIndex((_l, i) => i > 0 && prizeOf(i) > 0 && prizeOf(i) % 100 === 0);
  const loser = lines.findIndex((_l, i) => i > 2 && prizeOf(i) === 0);
  const text = (ls: readonly string[], end = '\n'): string => ls.map((l) => `${l}${end}`).join('');
  const put = (at: number, line: string): string[] => lines.map((l, i) => (i === at ? line : l));
  const out: [string, string | Uint8Array, Verdict][] = [
    ['valid', text(lines), 'units right'],
    [
      'lot-2e2',
      text(
        put(
          euros,
          ed.prize(euros, (p) => `${p / 100}e2`),
        ),
      ),
      'a unit wrong',
    ],
    [
      'lot-200.0',
      text(
        put(
          euros,
          ed.prize(euros, (p) => `${p}.0`),
        ),
      ),
      'a unit wrong',
    ],
    [
      'lot-minus-0',
      text(
        put(
          loser,
          ed.prize(loser, () => '-0'),
        ),
      ),
      'a unit wrong',
    ],
    [
      'lot-leading-zero',
      text(
        put(
          euros,
          ed.prize(euros, (p) => `0${p}`),
        ),
      ),
      'a unit wrong',
    ],
    [
      'index-leading-zero',
      text(
        put(
          loser,
          ed.index(loser, (i) => `0${i}`),
        ),
      ),
      'a unit wrong',
    ],
    [
      'index-1e0',
      text(
        put(
          2,
          ed.index(2, (i) => `${i}e0`),
        ),
      ),
      'a unit wrong',
    ],
    [
      'ref-letter-O',
      text(
        put(
          euros,
          ed.ref(euros, (r) => r.replace(/-0/, '-O')),
        ),
      ),
      'a unit wrong',
    ],
    [
      'ref-wrong-check',
      text(
        put(
          euros,
          ed.ref(euros, (r) => r.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))),
        ),
      ),
      'a unit wrong',
    ],
    ['bom', `\ufeff${text(lines)}`, 'units right'],
    ['two-boms', `\ufeff\ufeff${text(lines)}`, 'refused'],
    ['utf-16', new Uint8Array(Buffer.from(`\ufeff${text(lines)}`, 'utf16le')), 'units right'],
    ['crlf', text(lines, '\r\n'), 'units right'],
    ['no-final-newline', lines.join('\n'), 'a line wrong'],
    ['trailing-empty-line', `${text(lines)}\n`, 'a line wrong'],
    ['trailing-empty-crlf-lines', `${text(lines, '\r\n')}\r\n\r\n`, 'a line wrong'],
    ['swapped-lines', text(lines.map((l, i) => (i === 5 ? lines[6]! : i === 6 ? lines[5]! : l))), 'a unit wrong'],
    ['missing-line', text(lines.filter((_l, i) => i !== 5)), 'a unit wrong'],
    ['extra-line', text([...lines.slice(0, 6), lines[5]!, ...lines.slice(6)]), 'a unit wrong'],
  ];
  if (format === 'jsonl') {
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const withHeader = (h: string): string => text([h, ...lines.slice(1)]);
    out.push(
      ['unknown-generator', withHeader(JSON.stringify({ ...header, generator: 'instant-lab-gen/9' })), 'refused'],
      ['stake-100.0', withHeader(lines[0]!.replace('"stake_cents":100,', '"stake_cents":100.0,')), 'refused'],
      ['seed-7e0', withHeader(lines[0]!.replace('"seed":7,', '"seed":7e0,')), 'refused'],
      ['header-duplicate-key', withHeader(lines[0]!.replace('{', '{"stake_cents":200,')), 'refused'],
      ['unit-duplicate-key', text(put(euros, lines[euros]!.replace('{', '{"prize_cents":0,'))), 'a unit wrong'],
      // JSON objects are unordered: the same header and units with their keys in another order
      [
        'reordered-keys',
        text(lines.map((l) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(l) as object).reverse())))),
        'units right',
      ],
    );
  } else {
    const cols = csvColumns(game);
    // a CSV export names its block and generator through its references only
    const version9 = (at: number): string =>
      ed.ref(at, () => formatUnitRef({ game, stakeCents: 100, seed: 7, index: at - 1, generatorVersion: 9 }));
    out.push(
      ['unknown-generator', text(lines.map((l, i) => (i > 0 ? version9(i) : l))), 'a unit wrong'],
      [
        'header-reordered-columns',
        text([[cols[1], cols[0], ...cols.slice(2)].join(','), ...lines.slice(1)]),
        'refused',
      ],
      ['header-duplicate-column', text([[...cols, 'index'].join(','), ...lines.slice(1)]), 'refused'],
      // cells are separated by commas only: a row with semicolons is one cell, never re-read at them
      ['header-semicolons', text([cols.join(';'), ...lines.slice(1)]), 'refused'],
      ['unit-semicolons', text(put(euros, lines[euros]!.replaceAll(',', ';'))), 'a unit wrong'],
      [
        'first-index-0.0',
        text(
          put(
            1,
            ed.index(1, () => '0.0'),
          ),
        ),
        'a unit wrong',
      ],
    );
  }
  return out.map(([what, bytes, verdict]) => ({
    file: `${game}-${what}.${format}`,
    bytes: typeof bytes === 'string' ? utf8(bytes) : bytes,
    verdict,
  }));
}

/** Every case of the corpus: both games, both formats. */
export function conformanceCorpus(): ConformanceCase[] {
  return (['mine-d-or', 'les-3-gongs'] as const).flatMap((g) => FORMATS.flatMap((f) => casesOf(g, f)));
}
