/**
 * The replay screen's dispute case and player's history, in a worker: the case with the engine's
 * case builder — the very code of `npm run replay -- REF --case` — signed here with the key file
 * the user chose (the secret key never reaches the page); the history's units opened here (R2).
 * The case PDF's two faces are bundled assets (`?url`), fetched once per worker.
 */
import regularUrl from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import { CaseTextError, MAX_CASE_FONT_BYTES, disputeCaseBytes, parseSecretKey, readHistory } from '@engine';
import type { CaseFontSet } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

let fonts: Promise<CaseFontSet> | null = null;

async function fetchFace(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the font of the case's PDF could not be loaded (${url}: HTTP ${res.status})`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_CASE_FONT_BYTES)
    throw new Error(
      `the font of the case's PDF (${url}) holds ${bytes.byteLength} bytes, more than ${MAX_CASE_FONT_BYTES}`,
    );
  return bytes;
}

/** The case PDF's faces, fetched on the first case; fetched again after a failure. */
function caseFonts(): Promise<CaseFontSet> {
  fonts ??= Promise.all([fetchFace(regularUrl), fetchFace(boldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (e: unknown) => {
      fonts = null;
      throw e;
    },
  );
  return fonts;
}

export const disputeCase: Handler<'disputeCase'> = async (input) => {
  const key = input.keyFile ? parseSecretKey(await input.keyFile.text(), input.keyName) : null;
  try {
    const { zip, sha256, summary } = await disputeCaseBytes({
      ref: input.ref,
      claim: input.claim,
      conclusion: input.conclusion,
      lang: input.lang,
      appVersion: input.appVersion,
      opened: new Date(),
      key,
      segmentDigests: input.segmentDigests,
      png: input.png,
      fonts: await caseFonts(),
      ...(input.journalEntries !== undefined ? { journalEntries: input.journalEntries } : {}),
    });
    return {
      refused: null,
      zip,
      sha256,
      files: summary.files,
      fingerprint: summary.signer?.fingerprint ?? null,
      merkleRoot: summary.manifest.blocks[0]!.merkleRoot,
      caseSha256: summary.manifest.files.find((f) => f.path === 'case.json')!.sha256,
    };
  } catch (e) {
    if (e instanceof CaseTextError) return { refused: { field: e.field, text: e.text } };
    throw e;
  }
};

export const historyUnits: Handler<'historyUnits'> = (input) => Promise.resolve(readHistory(input.text));
