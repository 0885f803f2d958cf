/**
 * Worker handlers of the compliance screen: a block's audit section (R4, R1, placement tests,
 * first screen), export chunks (docs/reference/file-formats.md), the verification of an imported export
 * and an emission judged as one (docs/reference/emissions.md).
 */
import {
  TextBytesDecoder,
  ExportVerifier,
  blockAudit,
  csvColumns,
  csvRow,
  csvText,
  iterateUnits,
  jsonlHeader,
  judgeEmission,
  jsonlUnit,
  mergeBlock,
  officialBlock,
  refOf,
  runRange,
  winnerSketch,
} from '@engine';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Handler } from '@shared/jobs/protocol';
import { wholeSha256 } from './hash-blob';

export const auditBlock: Handler<'auditBlock'> = async (input, progress) => {
  const spec = officialBlock(input.game, input.stakeCents, input.seed);
  const tally = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true, onProgress: progress });
  const result = mergeBlock(spec, [tally]);
  return {
    section: blockAudit(result, spec.table, tally.levels),
    generator: result.generator,
    segmentDigests: result.segmentDigests,
  };
};

export const exportChunk: Handler<'exportChunk'> = (input, progress) => {
  const spec = officialBlock(input.game, input.stakeCents, input.seed);
  const lines: string[] = [];
  const rows: (string | number)[][] = [];
  iterateUnits(spec, input.from, input.to, (i, prize, view) => {
    if (input.format === 'csv') rows.push(csvRow(i, refOf(spec, i), prize, view));
    else lines.push(jsonlUnit(i, refOf(spec, i), prize, view));
  });
  progress(input.to - input.from);
  const text =
    input.format === 'csv'
      ? csvText(rows, input.from === 0 ? csvColumns(spec.game) : null)
      : `${input.from === 0 ? `${jsonlHeader(spec)}\n` : ''}${lines.join('\n')}\n`;
  // encoded here, not on the UI thread, for the file's SHA-256 (the buffer is moved, not copied)
  return { text, bytes: new TextEncoder().encode(text) };
};

export const verifyImport: Handler<'verifyImport'> = async (input, progress) => {
  const v = new ExportVerifier({ regenerate: input.regenerate });
  // The SHA-256 of the bytes checked ties the verdict to the file.
  const hash = sha256.create();
  let whole: Promise<string> | null = null;
  if (input.file) {
    // The platform's SHA-256 of the whole file beside the reading (Web Crypto hashes on a thread
    // of its own); a file too big for it is hashed here as it is read.
    whole = wholeSha256(input.file);
    // Streamed and decoded piece by piece: a file of any size in bounded memory.
    const reader = input.file.stream().getReader();
    // the command line's decoder: one byte-order mark dropped, UTF-16 read, other bytes refused by name
    const decoder = new TextBytesDecoder();
    let last = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!whole) hash.update(value);
      v.feed(decoder.write(value));
      if (v.charsRead - last > 1_000_000) {
        last = v.charsRead;
        progress({ chars: v.charsRead, lines: v.linesRead });
      }
    }
    v.feed(decoder.end());
  } else {
    const text = input.text ?? '';
    for (let i = 0; i < text.length; i += 1_000_000) {
      const piece = text.slice(i, i + 1_000_000);
      hash.update(utf8ToBytes(piece));
      v.feed(piece);
      progress({ chars: v.charsRead, lines: v.linesRead });
    }
  }
  const r = v.finish();
  progress({ chars: v.charsRead, lines: v.linesRead });
  // the levels (1 byte a unit) stay here: an emission keeps its blocks' sketches only, as the command line does
  const levels = input.sketch ? v.placedLevels : null;
  return {
    ...r,
    sha256: whole ? await whole : bytesToHex(hash.digest()),
    ...(input.sketch ? { sketch: levels ? winnerSketch(levels) : null } : {}),
  };
};

export const judgeEmissionHandler: Handler<'judgeEmission'> = (input) => judgeEmission(input);
