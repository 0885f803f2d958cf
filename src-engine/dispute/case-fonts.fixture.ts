/** The case PDF's fonts for the engine's tests, read from node_modules as the command line reads them. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CASE_FONT_FILES } from './case-fonts';
import type { CaseFontSet } from './case-fonts';

const require = createRequire(import.meta.url);
const read = (file: string): Uint8Array => new Uint8Array(readFileSync(require.resolve(file)));

export const caseFonts: CaseFontSet = { regular: read(CASE_FONT_FILES.regular), bold: read(CASE_FONT_FILES.bold) };
