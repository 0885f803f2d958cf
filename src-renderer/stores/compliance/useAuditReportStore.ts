/**
 * The audit report of the compliance screen: built from whole blocks in the Web Workers (R4, R1,
 * placement tests), then saved as HTML or JSON or printed to PDF. The report carries the identity
 * of its blocks (game, stake, seeds) and, when the app's journal can be signed, its checkpoint; it
 * is replaced only by a report that completed.
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { assembleReport, auditReportHtml, auditReportView, auditReportWork, journalFile } from '@engine';
import type { AuditReport, BlockSpec, Lang } from '@engine';
import { version } from '../../../package.json';
import { getBridge } from '../../bridge';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';
import { useJournalStore } from '../journal/useJournalStore';

/** The base of a report's file names: « audit-les-3-gongs-50-7x3 ». */
export function reportBaseName(r: AuditReport): string {
  const id = r.identity;
  return `audit-${id.game}-${id.stakeCents}-${id.seeds[0]}${id.blocks > 1 ? `x${id.blocks}` : ''}`;
}

/** The report as its JSON file holds it. */
export const reportJson = (r: AuditReport): string => `${JSON.stringify(r, null, 2)}
`;

/**
 * The report with the app journal's checkpoint signed by the app's key with the time it is taken
 * (main's clock, when the journal is read): the journal's first N entries, as read before this
 * report, whose own entry (holding the report's SHA-256) is appended later, maybe after others, as
 * the command line's `audit --journal --sign`; the report as it was when the journal cannot be signed (no key, a journal that does not
 * verify): it then says nothing of a checkpoint rather than something false.
 */
async function withJournalCheckpoint(r: AuditReport): Promise<AuditReport> {
  try {
    const { checkpoint } = await getBridge().journalCheckpoint();
    return { ...r, journalCheckpoint: checkpoint };
  } catch {
    return r;
  }
}

export const useAuditReportStore = defineStore('useAuditReportStore', () => {
  const job = useCancellableJob();
  const report = shallowRef<AuditReport | null>(null);
  /** Each block's segment digests (hex, R1) of {@link report}, replaced with it: what an evidence bundle holds. */
  const segmentDigests = shallowRef<readonly (readonly string[])[]>([]);

  /** Builds the report of `specs` (blocks of one table); the previous report stays until this one completes. */
  async function build(specs: readonly BlockSpec[]): Promise<void> {
    const first = specs[0];
    if (!first) return;
    const units = first.table.blockUnits;
    const done = new Array<number>(specs.length).fill(0);
    const built = await job.run(async (signal) => {
      const outs = await Promise.all(
        specs.map((spec, k) =>
          enginePool().run(
            'auditBlock',
            { game: spec.game, stakeCents: spec.stakeCents, seed: spec.seed },
            (p) => {
              done[k] = p;
              job.progress.value = done.reduce((a, b) => a + b, 0) / (units * specs.length);
            },
            signal,
          ),
        ),
      );
      const r = assembleReport(
        first.table,
        { game: first.game, stakeCents: first.stakeCents, generator: outs[0]!.generator },
        outs.map((o) => o.section),
        { appVersion: version, runAt: new Date() },
      );
      return { report: await withJournalCheckpoint(r), segmentDigests: outs.map((o) => o.segmentDigests) };
    });
    if (built) {
      segmentDigests.value = built.segmentDigests;
      report.value = built.report;
      // the report built, journaled with the SHA-256 of its JSON (the file « JSON » saves, byte for byte)
      void useJournalStore().record(
        auditReportWork(built.report, version, journalFile(null, reportJson(built.report))),
      );
    }
  }

  /** Saves the report as HTML (the printable page, in `lang`) or JSON; false when the user closed the dialog. */
  async function save(kind: 'html' | 'json', lang: Lang): Promise<boolean> {
    const r = report.value;
    if (!r) return false;
    const data = kind === 'html' ? auditReportHtml(r, lang) : reportJson(r);
    const res = await getBridge().saveFile({
      suggestedName: `${reportBaseName(r)}.${kind}`,
      filters: [{ name: kind.toUpperCase(), extensions: [kind] }],
      data,
    });
    return res.saved;
  }

  /** Prints the report; every page gets the view's header and footer. */
  async function print(lang: Lang = 'fr'): Promise<void> {
    const r = report.value;
    if (r)
      await getBridge().printToPdf({
        suggestedName: `${reportBaseName(r)}.pdf`,
        frame: auditReportView(r, lang).print,
      });
  }

  return {
    phase: job.phase,
    progress: job.progress,
    error: job.error,
    report,
    segmentDigests,
    build,
    cancel: job.cancel,
    save,
    print,
  };
});
