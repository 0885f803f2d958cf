/**
 * « Vérifier une émission »: a supplier's files (and, optionally, its manifest) verified as one, with
 * the engine code of `instant-lab verify DIR/`. Each file is read as a stream by a worker of the
 * emission's pool (its verdict, SHA-256 and where its winners sit), the emission judged in a worker
 * (the checks across blocks lay every pair's winners on one another), then saved as the command
 * line's report (HTML, JSON, CSV) or printed, and journaled as one entry.
 */
import { defineStore } from 'pinia';
import { computed, nextTick, ref, shallowRef } from 'vue';
import {
  MAX_MANIFEST_BYTES,
  emissionBlock,
  emissionReport,
  emissionVerifiedWork,
  filesEmissionName,
  journalFile,
  matchManifest,
  parseEmissionManifest,
  verdictLines,
} from '@engine';
import type {
  DeclaredFile,
  EmissionBlockIn,
  EmissionManifest,
  EmissionReportKind,
  JudgedEmission,
  Lang,
  LocalizedText,
  Said,
} from '@engine';
import { CancelledError } from '@shared/jobs/pool';
import { textOf } from '@shared/jobs/localized-error';
import { version } from '../../../package.json';
import { getBridge } from '../../bridge';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';
import { useJournalStore } from '../journal/useJournalStore';

/** A judged emission and when it was judged: what its report and journal entry say. */
export interface EmissionResult {
  readonly emission: JudgedEmission;
  readonly at: Date;
}

/** Where a running verification is: units read, their rate and the time left (null until known). */
export interface EmissionProgress {
  readonly units: number;
  readonly unitsPerSecond: number;
  readonly etaMs: number | null;
}

/** A manifest is a `.json` file; every other file is taken as an export. */
const isManifest = (f: File): boolean => /\.json$/i.test(f.name);

/** The report's file name, from the emission's name: « emission-3-files.html ». */
export function emissionFileName(e: JudgedEmission, kind: EmissionReportKind | 'pdf'): string {
  const slug =
    e.name
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'emission';
  return `emission-${slug}.${kind}`;
}

export const useEmissionStore = defineStore('useEmissionStore', () => {
  const job = useCancellableJob();
  /** The exports chosen, in the order given (the same file may be given twice: that is a finding). */
  const files = shallowRef<readonly File[]>([]);
  const manifest = shallowRef<{ readonly name: string; readonly manifest: EmissionManifest } | null>(null);
  /** Why the manifest given was refused; the files chosen stay. */
  const manifestError = ref<LocalizedText | null>(null);
  const result = shallowRef<EmissionResult | null>(null);
  const stats = ref<EmissionProgress>({ units: 0, unitsPerSecond: 0, etaMs: null });
  /** While the report is printed: the screen shows the emission's report alone. */
  const printing = ref(false);
  const canVerify = computed(() => files.value.length > 0 && job.phase.value !== 'running');

  /** Reads a manifest, bounded; a bad one is refused with why, and no manifest is kept. */
  async function readManifest(f: File): Promise<void> {
    manifestError.value = null;
    const read =
      f.size > MAX_MANIFEST_BYTES
        ? {
            ok: false as const,
            message: `the file is ${f.size} bytes: an emission manifest is at most ${MAX_MANIFEST_BYTES} bytes`,
            fr: `le fichier fait ${f.size} octets : un manifeste d’émission fait au plus ${MAX_MANIFEST_BYTES} octets`,
          }
        : parseEmissionManifest(await f.text());
    if (read.ok) manifest.value = { name: f.name, manifest: read.manifest };
    else {
      manifest.value = null;
      manifestError.value = {
        en: `manifest "${f.name}" is refused: ${read.message}`,
        fr: `manifeste « ${f.name} » refusé : ${read.fr}`,
      };
    }
  }

  /** Adds files dropped or chosen: a `.json` is the manifest (it replaces the previous one), the others exports. */
  async function add(chosen: readonly File[]): Promise<void> {
    if (job.phase.value === 'running') return;
    const exports = chosen.filter((f) => !isManifest(f));
    if (exports.length > 0) files.value = [...files.value, ...exports];
    const m = chosen.find(isManifest);
    if (m) await readManifest(m);
  }

  function remove(i: number): void {
    if (job.phase.value !== 'running') files.value = files.value.filter((_, k) => k !== i);
  }

  function clear(): void {
    if (job.phase.value === 'running') return;
    files.value = [];
    manifest.value = null;
    manifestError.value = null;
  }

  /** What is verified: every file chosen, or the files the manifest names (the others skipped, said so). */
  function plan(): {
    name: string;
    files: { declared: DeclaredFile; file: File }[];
    missing: readonly { file: string; why: Said }[];
    skipped: readonly { file: string; why: Said }[];
  } {
    const chosen = files.value;
    const m = manifest.value;
    if (!m)
      return {
        name: filesEmissionName(chosen.length),
        files: chosen.map((file) => ({ declared: { file: file.name, sha256: null, seed: null }, file })),
        missing: [],
        skipped: [],
      };
    const matched = matchManifest(
      m.manifest,
      chosen.map((f) => f.name),
    );
    return {
      name: m.manifest.emission,
      files: matched.files.map((f) => ({ declared: f.declared, file: chosen[f.chosen]! })),
      missing: matched.missing,
      skipped: matched.skipped,
    };
  }

  /** Verifies the emission: every file in the emission's pool, then judged in a worker; a newer run replaces this one. */
  async function verify(): Promise<void> {
    if (files.value.length === 0) return;
    const p = plan();
    const m = manifest.value;
    result.value = null;
    stats.value = { units: 0, unitsPerSecond: 0, etaMs: null };
    const at = new Date();
    const totalBytes = p.files.reduce((a, f) => a + f.file.size, 0);
    const chars = new Array<number>(p.files.length).fill(0);
    const units = new Array<number>(p.files.length).fill(0);
    const started = performance.now();
    const onProgress = (k: number, c: number, lines: number): void => {
      chars[k] = c;
      units[k] = Math.max(0, lines - 1);
      const done = chars.reduce((a, b) => a + b, 0);
      const secs = (performance.now() - started) / 1000;
      const u = units.reduce((a, b) => a + b, 0);
      job.progress.value = totalBytes > 0 ? Math.min(1, done / totalBytes) : 0;
      stats.value = {
        units: u,
        unitsPerSecond: secs > 0 ? u / secs : 0,
        etaMs: secs > 0 && done > 0 ? Math.max(0, ((totalBytes - done) / (done / secs)) * 1000) : null,
      };
    };
    const pool = enginePool('emission');
    const judged = await job.run(async (signal) => {
      const read = await Promise.all(
        p.files.map(async ({ declared, file }, k) => {
          try {
            const { sha256, sketch, ...verdict } = await pool.run(
              'verifyImport',
              { file, regenerate: true, sketch: true },
              (pr) => onProgress(k, pr.chars, pr.lines),
              signal,
            );
            return emissionBlock(declared, { sha256, bytes: file.size, result: verdict, sketch: sketch ?? null });
          } catch (e) {
            if (e instanceof CancelledError || signal.aborted) throw e;
            // a file that cannot be read is named with why, and the others are still judged
            const why = textOf(e);
            return { file: declared.file, why: { message: `cannot be read: ${why.en}`, fr: `illisible : ${why.fr}` } };
          }
        }),
      );
      const blocks = read.filter((b): b is EmissionBlockIn => 'result' in b);
      const unreadable = read.filter((b): b is { file: string; why: Said } => !('result' in b));
      return pool.run(
        'judgeEmission',
        {
          name: p.name,
          source: m ? 'manifest' : 'files',
          path: m ? m.name : null,
          blocks,
          missing: [...p.missing, ...unreadable],
          skipped: p.skipped,
        },
        undefined,
        signal,
      );
    });
    if (!judged) return;
    result.value = { emission: judged, at };
    // one entry for the emission, with the SHA-256 of its JSON report (the file « JSON » saves, byte for byte)
    const json = journalFile(null, emissionReport('json', judged, 'en', version, at));
    void useJournalStore().record(
      emissionVerifiedWork(judged, version, at, { report_json: { bytes: json.bytes, sha256: json.sha256 } }),
    );
  }

  /** Saves the report as the command line's `--report` writes it; false when the user closed the dialog. */
  async function save(kind: EmissionReportKind, lang: Lang): Promise<boolean> {
    const r = result.value;
    if (!r) return false;
    const res = await getBridge().saveFile({
      suggestedName: emissionFileName(r.emission, kind),
      filters: [{ name: kind.toUpperCase(), extensions: [kind] }],
      data: emissionReport(kind, r.emission, lang, version, r.at),
    });
    return res.saved;
  }

  /** Prints the emission's report alone, each page headed by the emission and footed by its verdict. */
  async function print(lang: Lang): Promise<void> {
    const r = result.value;
    if (!r) return;
    const fr = lang === 'fr';
    printing.value = true;
    try {
      await nextTick();
      await getBridge().printToPdf({
        suggestedName: emissionFileName(r.emission, 'pdf'),
        frame: {
          header: fr ? `Vérification d’émission « ${r.emission.name} »` : `Emission verification "${r.emission.name}"`,
          footer: verdictLines(r.emission, lang).at(-1)!.slice(0, 20_000),
          page: 'Page',
          of: fr ? 'sur' : 'of',
        },
      });
    } finally {
      printing.value = false;
    }
  }

  return {
    phase: job.phase,
    progress: job.progress,
    error: job.error,
    stats,
    files,
    manifest,
    manifestError,
    result,
    printing,
    canVerify,
    add,
    remove,
    clear,
    verify,
    cancel: job.cancel,
    save,
    print,
  };
});
