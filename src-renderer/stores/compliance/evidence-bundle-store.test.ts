/**
 * The compliance screen's evidence bundle, with the real job handlers run in-process:
 * the same files as `npm run evidence`, the desktop's PDF inside (tagged with its report) and listed in the manifest, the
 * signature made in the worker from the key file chosen, and in the browser build no PDF with the
 * reason in the README.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { createPinia, setActivePinia } from 'pinia';
import { unzipSync } from 'fflate';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  JOURNAL_EXCERPT_PATH,
  MANIFEST,
  PDF_PATH,
  SIGNATURE,
  fingerprint,
  keyFiles,
  newKeyPair,
  officialBlock,
  parseManifest,
  verifyJournal,
  verifySignature,
} from '@engine';
import type { JournalWork } from '@engine';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { journalOver } from '../../bridge/journal-idb';
import { memoryJournalLines } from '../../bridge/journal-lines.fixture';
import { journalKeyOver } from '../../bridge/journal-key-idb';
import { headInThread, memoryKeySlot } from '../../bridge/journal-key.fixture';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { useAuditReportStore } from './useAuditReportStore';
import { BROWSER_NO_PDF, useEvidenceBundleStore } from './useEvidenceBundleStore';
import { readReportPdfTag } from '../../../src-engine/evidence/report-pdf';

/** What main's print to PDF hands over: a real PDF, one page. */
let PDF: Uint8Array = new Uint8Array(0);
beforeAll(async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]).drawText('Rapport', { x: 50, y: 800 });
  PDF = await doc.save();
});

/** A bridge that records saves and prints (desktop) or cannot print (browser). */
function bridge(platform: 'desktop' | 'web') {
  const saved: { name: string; data: Uint8Array }[] = [];
  const printed: { html: string; header: string }[] = [];
  const lines = memoryJournalLines();
  const journal = journalOver(lines);
  const key = journalKeyOver(memoryKeySlot(), crypto.subtle, headInThread);
  const api = {
    journalRead: () => journal.read(),
    journalKey: () => key.publicKey(),
    journalCheckpoint: () => key.checkpoint(journal),
    journalAppend: (w: JournalWork) => journal.append(w),
    appInfo: async () => ({ version: '1', platform }),
    printHtmlToPdf: async (req: { html: string; frame: { header: string } }) => {
      printed.push({ html: req.html, header: req.frame.header });
      return platform === 'desktop' ? PDF : null;
    },
    saveFile: async (req: { suggestedName: string; data: Uint8Array }) => {
      saved.push({ name: req.suggestedName, data: req.data });
      return { saved: true, path: `/tmp/${req.suggestedName}` };
    },
  };
  setBridge(api as unknown as InstantLabApi);
  return { saved, printed, lines, key };
}

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2));
});
afterEach(() => {
  setEnginePool(undefined);
  setBridge(undefined);
});

describe('evidence bundle of the report on screen', () => {
  it('desktop: the PDF printed by main is inside, every file is in the signed manifest, the key stays in the worker', async () => {
    const { saved, printed, lines, key } = bridge('desktop');
    const reports = useAuditReportStore();
    await reports.build([officialBlock('les-3-gongs', 50, 21)]);
    const k = newKeyPair();
    const keyFile = new File([keyFiles(k).secret], 'operator.key');
    const b = useEvidenceBundleStore();
    expect(await b.build('fr', keyFile)).toBe(true);
    expect(b.phase).toBe('done');
    expect(printed).toHaveLength(1);
    expect(printed[0]!.header).toMatch(/^Rapport d'audit de bloc — Les 3 Gongs · Mise 0,50\s€ · Graine 21/);
    expect(saved[0]!.name).toBe('evidence-les-3-gongs-50-21.zip');
    const files = unzipSync(saved[0]!.data);
    expect(Object.keys(files).sort()).toEqual(
      [
        'report/audit-report.html',
        'report/audit-report.json',
        PDF_PATH,
        'digests/les-3-gongs-50-21.json',
        'exports/les-3-gongs-50-21.jsonl',
        'rules/mine-d-or.json',
        'rules/les-3-gongs.json',
        'rules/legal-bands.json',
        'generator.json',
        'check.py',
        JOURNAL_EXCERPT_PATH,
        'README.md',
        MANIFEST,
        SIGNATURE,
      ].sort(),
    );
    // the app journal's entry on this block (the report built) is inside; the bundle is the next entry
    // (after its first line, which says the file is an excerpt, of which blocks, and carries the
    // journal's checkpoint signed by the app's journal key, with the entry's inclusion proof)
    const excerpt = new TextDecoder().decode(files[JOURNAL_EXCERPT_PATH]).split('\n').filter(Boolean);
    expect(JSON.parse(excerpt[0]!)).toMatchObject({
      excerpt: 'instant-lab-journal-excerpt/2',
      blocks: { game: 'les-3-gongs', seeds: [21], stakeCents: 50 },
      checkpoint: { size: 1, fingerprint: (await key.publicKey()).fingerprint },
      proofs: [[]],
    });
    expect(verifyJournal(excerpt.join('\n') + '\n').inclusion).toMatchObject({ signed: true, included: 1 });
    expect(excerpt.slice(1)).toEqual([lines.lines[0]!.trimEnd()]);
    expect(lines.lines.map((l) => (JSON.parse(l) as { kind: string }).kind)).toEqual([
      'audit-report',
      'evidence-bundle',
    ]);
    expect(JSON.parse(lines.lines[1]!)).toMatchObject({
      outputs: { sha256: bytesToHex(sha256(saved[0]!.data)), signer_fingerprint: fingerprint(k.publicKey) },
    });
    // the printed PDF, tagged in the worker with the report it prints (the bundle's JSON report)
    expect(await readReportPdfTag(files[PDF_PATH]!)).toEqual({
      ok: true,
      tag: {
        sha256: bytesToHex(sha256(files['report/audit-report.json']!)),
        game: 'les-3-gongs',
        stakeCents: 50,
        seeds: [21],
      },
    });
    expect((await PDFDocument.load(files[PDF_PATH]!)).getPageCount()).toBe(1);
    const manifestText = new TextDecoder().decode(files[MANIFEST]);
    const manifest = parseManifest(manifestText)!;
    for (const f of manifest.files) {
      expect(bytesToHex(sha256(files[f.path]!)), f.path).toBe(f.sha256);
      expect(files[f.path]!.length, f.path).toBe(f.bytes);
    }
    expect(manifest.files.map((f) => f.path)).toContain(PDF_PATH);
    const sig = new TextDecoder().decode(files[SIGNATURE]).trim();
    expect(verifySignature(new TextEncoder().encode(manifestText), sig, bytesToHex(k.publicKey))).toBe(true);
    expect(b.done).toMatchObject({ fingerprint: fingerprint(k.publicKey), pdf: true, files: 12 }); // the files verify-bundle checks: all but the manifest and its signature
    // the digests are the report's (R1), and the export holds the whole block
    const report = reports.report!;
    expect(manifest.blocks).toEqual([
      { seed: 21, digest: report.blocks[0]!.integrity.digest, merkleRoot: report.blocks[0]!.integrity.merkleRoot },
    ]);
    const digests = JSON.parse(new TextDecoder().decode(files['digests/les-3-gongs-50-21.json'])) as {
      segmentDigests: string[];
    };
    expect(digests.segmentDigests).toHaveLength(30);
    expect(new TextDecoder().decode(files['exports/les-3-gongs-50-21.jsonl']).split('\n')).toHaveLength(300_002);
    // the README (in the screen's language, French here) names the PDF and the signing key
    const readme = new TextDecoder().decode(files['README.md']);
    expect(readme).toContain(`\`${PDF_PATH}\` : le même rapport imprimé en PDF`);
    expect(readme).toContain(fingerprint(k.publicKey));
    // the result belongs to its report: a new report drops it
    await reports.build([officialBlock('les-3-gongs', 50, 22)]);
    expect(b.done).toBeNull();
  }, 300_000);

  it('browser: no PDF, said in the README; a public key file instead of the private one is refused in both languages', async () => {
    const { saved } = bridge('web');
    const reports = useAuditReportStore();
    await reports.build([officialBlock('les-3-gongs', 100, 4)]);
    const b = useEvidenceBundleStore();
    const pub = new File([keyFiles(newKeyPair()).public], 'operator.key.pub');
    expect(await b.build('en', pub)).toBe(false);
    expect(b.phase).toBe('error');
    expect(b.error).toEqual({
      en: '"operator.key.pub" is not a private key file: expected the file written by `instant-lab keygen --out KEYFILE` (not KEYFILE.pub)',
      fr: "« operator.key.pub » n'est pas un fichier de clé privée : attendu le fichier écrit par `instant-lab keygen --out KEYFILE` (pas KEYFILE.pub)",
    });
    expect(saved).toHaveLength(0);
    expect(await b.build('en', null)).toBe(true);
    const files = unzipSync(saved[0]!.data);
    expect(files[PDF_PATH]).toBeUndefined();
    expect(files[SIGNATURE]).toBeUndefined();
    expect(new TextDecoder().decode(files['README.md'])).toContain(
      `- No PDF of the report in this bundle: ${BROWSER_NO_PDF.en}`,
    );
    expect(b.done).toMatchObject({ fingerprint: null, pdf: false, files: 11 }); // all but the manifest, as verify-bundle counts (the journal entries included)
    // a bundle built from the French screen has a French README, every line of it
    expect(await b.build('fr', null)).toBe(true);
    const fr = new TextDecoder().decode(unzipSync(saved[1]!.data)['README.md']);
    expect(fr).toMatch(
      /^# Paquet de preuves Instant Lab\n\nJeu : Les 3 Gongs \(les-3-gongs\), mise 1,00\u00a0€, graines 4,/,
    );
    expect(fr).toContain(`- Pas de PDF du rapport dans ce paquet : ${BROWSER_NO_PDF.fr}`);
    expect(fr).toContain("Le manifeste n'est pas signé");
    // one language: no English word outside the code spans (file and command names are as typed)
    expect(fr.replace(/`[^`]*`/g, '')).not.toMatch(/\b(the|and|of|seed|stake|bundle)\b/);
  }, 300_000);

  it('a cancelled bundle saves nothing', async () => {
    const { saved } = bridge('web');
    const reports = useAuditReportStore();
    await reports.build([officialBlock('les-3-gongs', 200, 9)]);
    const b = useEvidenceBundleStore();
    const run = b.build('fr', null);
    b.cancel();
    expect(await run).toBe(false);
    expect(b.phase).toBe('cancelled');
    expect(saved).toHaveLength(0);
    expect(b.done).toBeNull();
  }, 300_000);
});
