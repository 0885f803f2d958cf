/**
 * The evidence bundle of the report on screen: the same files as `npm run evidence`,
 * built in a worker with progress and cancel, then saved through the bridge (desktop: save dialog
 * and atomic write; browser: a download). On the desktop the main process prints the report's
 * HTML to PDF first, and the PDF goes inside; the browser build cannot, and the bundle's README
 * and the screen say so. The result belongs to the report it was made from and is dropped with it.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import { auditReportHtml, auditReportView, evidenceBundleWork } from '@engine';
import type { AuditReport, BundlePdf, Lang } from '@engine';
import { version } from '../../../package.json';
import { getBridge } from '../../bridge';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';
import { reportBaseName, useAuditReportStore } from './useAuditReportStore';
import { useJournalStore } from '../journal/useJournalStore';
import { appJournalExcerpt } from '../../composables/useAppJournalExcerpt';

/** Why a bundle made in the browser holds no PDF (written in its README, in the bundle's language like the rest of it). */
export const BROWSER_NO_PDF = {
  en: 'it was made in the browser build, which cannot print a page to PDF without the print dialog. The report is in HTML (`report/audit-report.html`, printable with its running header and footer) and JSON; the desktop app puts a PDF in the bundles it makes.',
  fr: "il a été fait dans la version navigateur, qui ne peut pas imprimer une page en PDF sans la boîte de dialogue d'impression. Le rapport y est en HTML (`report/audit-report.html`, imprimable avec son en-tête et son pied de page) et en JSON ; l'application de bureau met un PDF dans les paquets qu'elle fait.",
} as const;

export interface BundleDone {
  /** The report the bundle was made from (its identity). */
  readonly report: AuditReport;
  /** Where it was saved (desktop), or its file name (browser download). */
  readonly path: string;
  readonly files: number;
  readonly bytes: number;
  readonly fingerprint: string | null;
  readonly pdf: boolean;
}

export const useEvidenceBundleStore = defineStore('useEvidenceBundleStore', () => {
  const job = useCancellableJob();
  const reports = useAuditReportStore();
  const last = shallowRef<BundleDone | null>(null);
  /** The last bundle, while the report it was made from is still the one on screen. */
  const done = computed(() => (last.value && last.value.report === reports.report ? last.value : null));
  watch(
    () => reports.report,
    () => {
      last.value = null;
    },
  );

  /**
   * Builds and saves the bundle of the report on screen, signed with `keyFile` when given (a file
   * written by `npm run keygen`; only the worker reads it). False when nothing was saved.
   */
  async function build(lang: Lang, keyFile: File | null): Promise<boolean> {
    const report = reports.report;
    if (!report || job.phase.value === 'running') return false;
    const segmentDigests = reports.segmentDigests;
    const bridge = getBridge();
    const out = await job.run(async (signal) => {
      // the printed report first (desktop), so that the manifest covers it
      const html = auditReportHtml(report, lang);
      const bytes = await bridge.printHtmlToPdf({ html, frame: auditReportView(report, lang).print });
      const pdf: BundlePdf = bytes ? { bytes } : { absentBecause: BROWSER_NO_PDF };
      // the app journal's entries on these blocks go inside, signed with the rest (checked first, in
      // a worker), with the journal's checkpoint signed now by the app's key and each entry's proof
      const id = report.identity;
      const blocks = { game: id.game, stakeCents: id.stakeCents, seeds: id.seeds };
      const journalEntries = await appJournalExcerpt(blocks, signal);
      const built = await enginePool().run(
        'evidenceBundle',
        {
          report,
          segmentDigests,
          lang,
          appVersion: version,
          keyFile,
          keyName: keyFile?.name ?? '',
          pdf,
          journalEntries,
        },
        (p) => {
          job.progress.value = p;
        },
        signal,
      );
      const name = `evidence-${reportBaseName(report).replace(/^audit-/, '')}.zip`;
      const saved = await bridge.saveFile({
        suggestedName: name,
        filters: [{ name: 'ZIP', extensions: ['zip'] }],
        data: built.zip,
      });
      return saved.saved ? { ...built, path: saved.path ?? name, blocks } : null;
    });
    if (!out) return false;
    await useJournalStore().record(
      evidenceBundleWork(
        out.blocks,
        report.identity.generator,
        version,
        new Date(),
        { file: out.path, bytes: out.zip.byteLength, sha256: out.sha256 },
        out.files,
        out.fingerprint,
      ),
    );
    last.value = {
      report,
      path: out.path,
      files: out.files,
      bytes: out.zip.byteLength,
      fingerprint: out.fingerprint,
      pdf: out.pdf,
    };
    return true;
  }

  return { phase: job.phase, progress: job.progress, error: job.error, done, build, cancel: job.cancel };
});
