/**
 * The replay screen's dispute case and player's history, in a worker: the case with the engine's
 * case builder — the very code of `npm run replay -- REF --case` — signed here with the key file
 * the user chose (the secret key never reaches the page); the history's units opened here (R2).
 */
import { disputeCaseBytes, parseSecretKey, readHistory } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const disputeCase: Handler<'disputeCase'> = async (input) => {
  const key = input.keyFile ? parseSecretKey(await input.keyFile.text(), input.keyName) : null;
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
  });
  return {
    zip,
    sha256,
    files: summary.files,
    fingerprint: summary.signer?.fingerprint ?? null,
    merkleRoot: summary.manifest.blocks[0]!.merkleRoot,
    caseSha256: summary.manifest.files.find((f) => f.path === 'case.json')!.sha256,
  };
};

export const historyUnits: Handler<'historyUnits'> = (input) => Promise.resolve(readHistory(input.text));
