/**
 * The printed report of an evidence bundle tied to the report it prints. Chromium's PDF cannot be
 * rebuilt byte for byte, so the bundle builder writes into its document information, under the
 * custom key `/InstantLabReport`, the identity of the report it prints: the SHA-256 of
 * `report/audit-report.json` as it goes into the bundle (the manifest lists it, so `verify-bundle`
 * compares without rebuilding anything), the game, the stake and the seeds. Another report's PDF,
 * re-listed and re-signed, names another report and is refused, naming the PDF.
 */
import type { PDFDict, PDFDocument } from 'pdf-lib';

/**
 * pdf-lib, loaded when a PDF is first read or written: most processes (verify, export, every block
 * worker) touch none, and loading it cost each of them about 0.06 s of CPU at its start.
 */
const pdfLib = () => import('pdf-lib');
type PdfLib = Awaited<ReturnType<typeof pdfLib>>;
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import type { Manifest } from './manifest';
import { PDF_PATH } from './readme';
import { REPORT_JSON } from './report-content';

/** The document information key that holds the tag (a text string holding one JSON object). */
export const REPORT_PDF_TAG_KEY = 'InstantLabReport';

/** A printed report is a few pages a block; a PDF declared larger is refused without being inflated. */
export const MAX_REPORT_PDF_BYTES = 64 * 1024 * 1024;

/** The report a PDF prints. */
export interface ReportPdfTag {
  /** SHA-256 (hex) of `report/audit-report.json` as the bundle holds it. */
  readonly sha256: string;
  readonly game: string;
  readonly stakeCents: number;
  readonly seeds: readonly number[];
}

/** The document information dictionary, made when the PDF has none (as pdf-lib's own setters do). */
function infoDict(lib: PdfLib, doc: PDFDocument, create: boolean): PDFDict | null {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof lib.PDFDict) return info;
  if (!create) return null;
  const made = doc.context.obj({});
  doc.context.trailerInfo.Info = doc.context.register(made);
  return made;
}

/**
 * `pdf` with `tag` written into its document information. Deterministic: pdf-lib's own Producer and
 * ModDate are left out (`updateMetadata: false`), so the same PDF and report give the same bytes.
 */
export async function tagReportPdf(pdf: Uint8Array, tag: ReportPdfTag): Promise<Uint8Array> {
  const lib = await pdfLib();
  const doc = await lib.PDFDocument.load(pdf, { updateMetadata: false });
  const text = JSON.stringify({ sha256: tag.sha256, game: tag.game, stakeCents: tag.stakeCents, seeds: tag.seeds });
  infoDict(lib, doc, true)!.set(lib.PDFName.of(REPORT_PDF_TAG_KEY), lib.PDFHexString.fromText(text));
  return doc.save({ updateFieldAppearances: false });
}

/** What a PDF's document information says of its report: its tag, none, or why it could not be read. */
export type ReportPdfReading =
  | { readonly ok: true; readonly tag: ReportPdfTag | null }
  | { readonly ok: false; readonly why: string };

const isTag = (v: unknown): v is ReportPdfTag => {
  const t = v as Partial<ReportPdfTag> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(t.sha256) &&
    typeof t.game === 'string' &&
    Number.isSafeInteger(t.stakeCents) &&
    Array.isArray(t.seeds) &&
    t.seeds.every((s) => Number.isSafeInteger(s))
  );
};

/** Reads the tag of a PDF (its size is bounded by the caller). */
export async function readReportPdfTag(pdf: Uint8Array): Promise<ReportPdfReading> {
  const lib = await pdfLib();
  let doc: PDFDocument;
  try {
    doc = await lib.PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: true });
    // pdf-lib reads most bytes as some document: a printed report has pages
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch (e) {
    return {
      ok: false,
      why: `not a PDF that can be read (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
    };
  }
  const v = infoDict(lib, doc, false)?.lookup(lib.PDFName.of(REPORT_PDF_TAG_KEY));
  if (v === undefined) return { ok: true, tag: null };
  if (!(v instanceof lib.PDFHexString || v instanceof lib.PDFString))
    return { ok: false, why: `its /${REPORT_PDF_TAG_KEY} is not a text string` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(v.decodeText());
  } catch {
    return { ok: false, why: `its /${REPORT_PDF_TAG_KEY} is not JSON` };
  }
  if (!isTag(parsed))
    return { ok: false, why: `its /${REPORT_PDF_TAG_KEY} does not give sha256, game, stakeCents and seeds` };
  return { ok: true, tag: parsed };
}

const describe = (t: ReportPdfTag): string =>
  `${t.game}, ${t.stakeCents} cents, seeds ${t.seeds.join(', ')} (sha256 ${t.sha256})`;

/**
 * The PDF's tag against the bundle: the report it names is `report/audit-report.json` as the
 * manifest lists it (whose bytes are checked against that hash) on the manifest's blocks. A PDF
 * with no tag (made before the tag was written) is a note, not a failure: only its hash and the
 * signature tie it.
 */
export async function reportPdfCheck(
  pdf: Uint8Array,
  m: Manifest,
): Promise<{ failures: string[]; notes: LocalizedText[] }> {
  const r = await readReportPdfTag(pdf);
  if (!r.ok) return { failures: [`${PDF_PATH}: ${r.why}: it cannot be tied to the report it prints`], notes: [] };
  if (!r.tag)
    return {
      failures: [],
      notes: [
        localized(
          `${PDF_PATH}: the PDF carries no tag of its report (a bundle made before the tag was written): only its hash and signature tie it`,
          `${PDF_PATH} : le PDF ne porte pas l'identité de son rapport (un paquet fait avant qu'elle y soit écrite) : seules son empreinte et la signature l'y lient`,
        ),
      ],
    };
  const json = m.files.find((f) => f.path === REPORT_JSON);
  const own: ReportPdfTag = {
    sha256: json?.sha256 ?? 'missing',
    game: m.game,
    stakeCents: m.stakeCents,
    seeds: m.seeds,
  };
  const t = r.tag;
  if (
    t.sha256 === own.sha256 &&
    t.game === own.game &&
    t.stakeCents === own.stakeCents &&
    t.seeds.join(',') === own.seeds.join(',')
  )
    return { failures: [], notes: [] };
  return {
    failures: [
      `${PDF_PATH}: prints the report of ${describe(r.tag)}, while ${REPORT_JSON} is of ${describe(own)}: the PDF is not the printed report of this bundle`,
    ],
    notes: [],
  };
}
