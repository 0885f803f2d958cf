/**
 * State of the compliance screen: the audit report being built in Web Workers, the streamed full
 * export of a block (beginSave/appendSave/commitSave, abortSave on cancel or error: no
 * complete-looking file is ever left), and the verification of an imported export.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { MAX_SEED, assembleReport, auditReportHtml, officialBlock } from '../../src-engine/index';
import type { AuditReport, BlockAudit, GameId, LocalizedText, StakeCents, VerifyResult } from '../../src-engine/index';
import { version } from '../../package.json';
import { getBridge } from '../bridge';
import { CancelledError, enginePool } from '../workers/engine-pool';
import { textOf } from '../workers/localized-error';

/** Units per export job: big enough to keep workers busy, small enough for IPC chunks (16 MB). */
const EXPORT_CHUNK_UNITS = 25_000;

export type Phase = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

export const useComplianceStore = defineStore('compliance', () => {
  const game = ref<GameId>('les-3-gongs');
  const stakeCents = ref<StakeCents>(50);
  const seed = ref('1');
  const blocks = ref(1);

  const reportPhase = ref<Phase>('idle');
  const reportProgress = ref(0);
  /** '', 'badInput', or the engine's message in both languages. */
  const reportError = ref<string | LocalizedText>('');
  const report = shallowRef<AuditReport | null>(null);

  const exportPhase = ref<Phase>('idle');
  const exportProgress = ref(0);
  /** '', 'badInput', the path saved, or the engine's message in both languages. */
  const exportMessage = ref<string | LocalizedText>('');
  let exportCancelled = false;

  const importPhase = ref<Phase>('idle');
  const importProgress = ref(0);
  const importName = ref('');
  const importError = ref<string | LocalizedText>('');
  const importResult = shallowRef<VerifyResult | null>(null);

  /** Checks the seed field; returns the seed or an error text key with values. */
  function parsedSeed(): number | null {
    const t = seed.value.trim();
    if (!/^\d+$/.test(t)) return null;
    const n = Number(t);
    return n + blocks.value - 1 <= MAX_SEED ? n : null;
  }

  async function buildReport(): Promise<void> {
    const s = parsedSeed();
    if (s === null || !(blocks.value >= 1 && blocks.value <= 10)) {
      reportPhase.value = 'error';
      reportError.value = 'badInput';
      return;
    }
    reportPhase.value = 'running';
    reportProgress.value = 0;
    reportError.value = '';
    const spec = officialBlock(game.value, stakeCents.value, s);
    const units = spec.table.blockUnits;
    const done = new Array<number>(blocks.value).fill(0);
    try {
      const outs = await Promise.all(
        Array.from({ length: blocks.value }, (_, k) =>
          enginePool().run('auditBlock', { game: game.value, stakeCents: stakeCents.value, seed: s + k }, (p) => {
            done[k] = p;
            reportProgress.value = done.reduce((a, b) => a + b, 0) / (units * blocks.value);
          }),
        ),
      );
      const sections: BlockAudit[] = outs.map((o) => o.section);
      report.value = assembleReport(
        spec.table,
        { game: spec.game, stakeCents: spec.stakeCents, generator: outs[0]!.generator },
        sections,
        { appVersion: version, runAt: new Date() },
      );
      reportPhase.value = 'done';
    } catch (e) {
      if (e instanceof CancelledError) reportPhase.value = 'cancelled';
      else {
        reportPhase.value = 'error';
        reportError.value = textOf(e);
      }
    }
  }

  function cancelAll(): void {
    exportCancelled = true;
    enginePool().cancelAll();
  }

  function baseName(r: AuditReport): string {
    return `audit-${r.identity.game}-${r.identity.stakeCents}-${r.identity.seeds[0]}${r.identity.blocks > 1 ? `x${r.identity.blocks}` : ''}`;
  }

  async function saveReport(kind: 'html' | 'json', lang: 'fr' | 'en'): Promise<boolean> {
    const r = report.value;
    if (!r) return false;
    const data = kind === 'html' ? auditReportHtml(r, lang) : `${JSON.stringify(r, null, 2)}\n`;
    const res = await getBridge().saveFile({
      suggestedName: `${baseName(r)}.${kind}`,
      filters: [{ name: kind.toUpperCase(), extensions: [kind] }],
      data,
    });
    return res.saved;
  }

  async function printReport(): Promise<void> {
    const r = report.value;
    if (!r) return;
    await getBridge().printToPdf({ suggestedName: `${baseName(r)}.pdf` });
  }

  /**
   * Streams the whole block to a file: chunks built in workers (several in flight), appended in
   * index order; abortSave on cancel or error so no complete-looking file is left (atomic save).
   */
  async function exportBlock(format: 'jsonl' | 'csv'): Promise<void> {
    const s = parsedSeed();
    if (s === null) {
      exportPhase.value = 'error';
      exportMessage.value = 'badInput';
      return;
    }
    const spec = officialBlock(game.value, stakeCents.value, s);
    const bridge = getBridge();
    const begun = await bridge.beginSave({
      suggestedName: `${spec.game}-${spec.stakeCents}-${s}.${format}`,
      filters: [{ name: format.toUpperCase(), extensions: [format] }],
    });
    if (!begun) return; // the user closed the dialog
    const handle = begun.handle;
    exportCancelled = false;
    exportPhase.value = 'running';
    exportProgress.value = 0;
    exportMessage.value = '';
    const units = spec.table.blockUnits;
    const starts: number[] = [];
    for (let f = 0; f < units; f += EXPORT_CHUNK_UNITS) starts.push(f);
    const job = (from: number): Promise<string> =>
      enginePool().run('exportChunk', {
        game: spec.game,
        stakeCents: spec.stakeCents,
        seed: s,
        format,
        from,
        to: Math.min(units, from + EXPORT_CHUNK_UNITS),
      });
    try {
      const window = Math.max(2, enginePool().size);
      const inFlight = new Map<number, Promise<string>>();
      for (let k = 0; k < starts.length; k++) {
        for (let j = k; j < Math.min(starts.length, k + window); j++)
          if (!inFlight.has(j)) inFlight.set(j, job(starts[j]!));
        const text = await inFlight.get(k)!;
        inFlight.delete(k);
        if (exportCancelled) throw new CancelledError();
        await bridge.appendSave(handle, text);
        exportProgress.value = Math.min(units, starts[k]! + EXPORT_CHUNK_UNITS) / units;
      }
      const res = await bridge.commitSave(handle);
      exportPhase.value = 'done';
      exportMessage.value = res.path;
    } catch (e) {
      await bridge.abortSave(handle).catch(() => undefined);
      if (e instanceof CancelledError) exportPhase.value = 'cancelled';
      else {
        exportPhase.value = 'error';
        exportMessage.value = textOf(e);
      }
    }
  }

  async function verify(input: { file?: Blob; text?: string; name: string }): Promise<void> {
    importPhase.value = 'running';
    importProgress.value = 0;
    importName.value = input.name;
    importError.value = '';
    importResult.value = null;
    const total = input.file?.size ?? input.text?.length ?? 0;
    try {
      importResult.value = await enginePool().run(
        'verifyImport',
        {
          ...(input.file ? { file: input.file } : {}),
          ...(input.text !== undefined ? { text: input.text } : {}),
          regenerate: true,
        },
        (p) => (importProgress.value = total > 0 ? Math.min(1, p.chars / total) : 0),
      );
      importPhase.value = 'done';
    } catch (e) {
      if (e instanceof CancelledError) importPhase.value = 'cancelled';
      else {
        importPhase.value = 'error';
        importError.value = textOf(e);
      }
    }
  }

  async function openAndVerify(): Promise<void> {
    const f = await getBridge().openFile({ filters: [{ name: 'Export', extensions: ['jsonl', 'csv'] }] });
    if (f) await verify({ text: f.text, name: f.name });
  }

  return {
    game,
    stakeCents,
    seed,
    blocks,
    reportPhase,
    reportProgress,
    reportError,
    report,
    exportPhase,
    exportProgress,
    exportMessage,
    importPhase,
    importProgress,
    importName,
    importError,
    importResult,
    buildReport,
    cancelAll,
    saveReport,
    printReport,
    exportBlock,
    verify,
    openAndVerify,
  };
});
