/**
 * Runs one job request with its handler and reports progress, the output or the error as replies:
 * the body of the Web Worker (`engine.worker.ts`), and of the in-process worker tests use.
 */
import { InputError } from '../../src-engine/index';
import { handlers } from './handlers';
import { LocalizedError } from './localized-error';
import type { Handler, JobKind, JobReply, JobRequest } from './jobs';

export async function dispatchJob(request: JobRequest, post: (reply: JobReply) => void): Promise<void> {
  const { id, kind, input } = request;
  try {
    const handler = handlers[kind as JobKind] as Handler<JobKind> | undefined;
    if (!handler) throw new Error(`unknown job kind "${kind}"`);
    const output = await handler(input, (progress) => post({ id, type: 'progress', progress }));
    post({ id, type: 'done', output });
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
}
