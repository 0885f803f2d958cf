/**
 * A dedicated Web Worker that runs engine jobs off the UI thread, the same in the desktop app and
 * in the browser build.
 */
import { InputError } from '../../src-engine/index';
import { handlers } from './handlers';
import { LocalizedError } from './localized-error';
import type { Handler, JobKind, JobReply, JobRequest } from './jobs';

const post = (reply: JobReply, transfer: Transferable[] = []): void => self.postMessage(reply, { transfer });

/** ArrayBuffers inside a result, moved rather than copied back to the UI. */
function transferables(value: unknown): Transferable[] {
  const out = new Set<ArrayBuffer>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 3 || v === null || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      if (v.buffer instanceof ArrayBuffer && v.byteLength === v.buffer.byteLength && v.byteLength > 4096)
        out.add(v.buffer);
      return;
    }
    for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return [...out];
}

self.onmessage = async (e: MessageEvent<JobRequest>) => {
  const { id, kind, input } = e.data;
  try {
    const handler = handlers[kind as JobKind] as Handler<JobKind> | undefined;
    if (!handler) throw new Error(`unknown job kind "${kind}"`);
    const output = await handler(input, (progress) => post({ id, type: 'progress', progress }));
    post({ id, type: 'done', output }, transferables(output));
  } catch (err) {
    const text = err instanceof InputError || err instanceof LocalizedError ? err.text : undefined;
    post({
      id,
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      // a plain object: the InputError's getter would not survive the structured clone
      ...(text ? { text: { en: text.en, fr: text.fr } } : {}),
    });
  }
};
