/**
 * The case PDF's fonts for the command line: the two faces of CASE_FONT_FILES, found in
 * node_modules from this module (the source or the bundle in out/cli) and read bounded, as every
 * input file is. The engine receives their bytes; it reads no file itself.
 */
import { createRequire } from 'node:module';
import { CASE_FONT_FILES, MAX_CASE_FONT_BYTES } from '@engine';
import type { CaseFontSet } from '@engine';
import { readBoundedBytes } from './bounded-file';
import { UsageError } from './errors';

const require = createRequire(import.meta.url);

async function readFace(file: string): Promise<Uint8Array> {
  let path: string;
  try {
    path = require.resolve(file);
  } catch {
    throw new UsageError(`the font of the case's PDF is missing (${file}): install the dependencies with npm ci`);
  }
  return readBoundedBytes(
    null,
    path,
    MAX_CASE_FONT_BYTES,
    (n) => `${n} bytes, more than the ${MAX_CASE_FONT_BYTES} a font of the case's PDF may hold`,
  );
}

/** The faces of the case's PDF, read once per command. */
export async function readCaseFonts(): Promise<CaseFontSet> {
  const [regular, bold] = await Promise.all([readFace(CASE_FONT_FILES.regular), readFace(CASE_FONT_FILES.bold)]);
  return { regular, bold };
}
