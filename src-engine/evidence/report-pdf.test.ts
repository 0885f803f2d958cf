import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Manifest } from './manifest';
import { MANIFEST_KIND } from './manifest';
import { readReportPdfTag, reportPdfCheck, tagReportPdf } from './report-pdf';

const SHA = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);
const tag = { sha256: SHA, game: 'les-3-gongs', stakeCents: 50, seeds: [42, 43] };

/** A one-page PDF, as a printer would hand it over (its own title kept through the tagging). */
async function onePage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('Rapport d’audit');
  doc.addPage([595, 842]).drawText('Instant Lab', { x: 50, y: 800 });
  return doc.save();
}

const manifest = (reportSha: string): Manifest => ({
  kind: MANIFEST_KIND,
  version: 1,
  created: '2026-01-01T00:00:00.000Z',
  game: 'les-3-gongs',
  stakeCents: 50,
  seeds: [42, 43],
  generator: 'instant-lab-gen/2',
  appVersion: 'test',
  blocks: [],
  signer: null,
  files: [{ path: 'report/audit-report.json', sha256: reportSha, bytes: 10 }],
});

describe('a printed report tagged with the report it prints', () => {
  it('the tag is read back as written, the PDF keeps its pages and title, and the same input gives the same bytes', async () => {
    const pdf = await onePage();
    const tagged = await tagReportPdf(pdf, tag);
    expect(await readReportPdfTag(tagged)).toEqual({ ok: true, tag });
    const doc = await PDFDocument.load(tagged, { updateMetadata: false });
    expect([doc.getPageCount(), doc.getTitle(), doc.getProducer()]).toEqual([1, 'Rapport d’audit', undefined]);
    expect(await tagReportPdf(pdf, tag)).toEqual(tagged);
  });

  it('against the bundle: its own report passes, another report fails naming both, no tag is a note', async () => {
    const pdf = await onePage();
    expect(await reportPdfCheck(await tagReportPdf(pdf, tag), manifest(SHA))).toEqual({ failures: [], notes: [] });
    expect((await reportPdfCheck(await tagReportPdf(pdf, { ...tag, seeds: [44] }), manifest(SHA))).failures).toEqual([
      `report/audit-report.pdf: prints the report of les-3-gongs, 50 cents, seeds 44 (sha256 ${SHA}), while report/audit-report.json is of les-3-gongs, 50 cents, seeds 42, 43 (sha256 ${SHA}): the PDF is not the printed report of this bundle`,
    ]);
    expect((await reportPdfCheck(await tagReportPdf(pdf, tag), manifest(OTHER))).failures[0]).toContain(
      `(sha256 ${SHA}), while report/audit-report.json is of les-3-gongs, 50 cents, seeds 42, 43 (sha256 ${OTHER})`,
    );
    const untagged = await reportPdfCheck(pdf, manifest(SHA));
    expect(untagged.failures).toEqual([]);
    expect(untagged.notes.map((n) => n.en)).toEqual([
      'report/audit-report.pdf: the PDF carries no tag of its report (a bundle made before the tag was written): only its hash and signature tie it',
    ]);
  });

  it('bytes that are no PDF, or a tag that is not one, fail with one message', async () => {
    const garbage = await reportPdfCheck(new TextEncoder().encode('%PDF-1.7\nnot really'), manifest(SHA));
    expect(garbage.failures).toHaveLength(1);
    expect(garbage.failures[0]).toMatch(
      /^report\/audit-report\.pdf: not a PDF that can be read \(.+\): it cannot be tied to the report it prints$/,
    );
    const bad = await tagReportPdf(await onePage(), { ...tag, sha256: 'not hex' });
    expect((await reportPdfCheck(bad, manifest(SHA))).failures).toEqual([
      'report/audit-report.pdf: its /InstantLabReport does not give sha256, game, stakeCents and seeds: it cannot be tied to the report it prints',
    ]);
  });
});
