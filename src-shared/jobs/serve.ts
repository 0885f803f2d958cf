/**
 * The worker side of the job protocol, the same in a Node worker thread and in a Web Worker: each
 * request is checked ({@link jobRequestSchema}, then its input's schema), run by its handler, and
 * answered with progress, the output (large buffers moved) or the error in both languages. Jobs run
 * one after another in the order they came: a pool may post a second job while the first runs, and
 * two jobs interleaved at their awaits would both finish late.
 */
import { InputError } from '@engine';
import { LocalizedError } from './localized-error';
import { transferables } from './pool';
import { inputSchemas, jobRequestSchema } from './protocol';
import type { Handler, Handlers, JobCost, JobKind, JobReply, WorkerReady } from './protocol';

/** Where a worker posts its messages (`postMessage` of the thread's port). */
export type PostReply = (message: JobReply | WorkerReady, transfer: ArrayBuffer[]) => void;

/** Measures one job: call at its start, call the result at its end. */
export type CostMeter = () => () => JobCost;

/** Runs one request and posts its replies; never throws. */
export async function dispatchJob(
  handlers: Handlers,
  request: unknown,
  post: PostReply,
  meter?: CostMeter,
): Promise<void> {
  const envelope = jobRequestSchema.safeParse(request);
  const id = envelope.success ? envelope.data.id : Number((request as { id?: unknown } | null)?.id) || 0;
  try {
    if (!envelope.success) throw new Error(`a request outside the job protocol: ${envelope.error.message}`);
    const kind = envelope.data.kind as JobKind;
    const handler = handlers[kind] as Handler<JobKind> | undefined;
    if (!handler) throw new Error(`this worker does not run "${kind}" jobs`);
    const input = (request as { input: unknown }).input;
    const checked = inputSchemas[kind]?.safeParse(input);
    if (checked && !checked.success)
      throw new Error(`the input of a "${kind}" job is malformed: ${checked.error.message}`);
    const end = meter?.();
    // the input as it came (the schema only checks it: typed arrays and engine records stay whole)
    const output = await handler(input as never, (progress) => post({ id, type: 'progress', progress }, []));
    post({ id, type: 'done', output, ...(end ? { cost: end() } : {}) }, transferables(output));
  } catch (err) {
    const text = err instanceof InputError || err instanceof LocalizedError ? err.text : undefined;
    post(
      {
        id,
        type: 'error',
        message: err instanceof Error ? err.message : String(err),
        // a plain object: the InputError's getter would not survive the structured clone
        ...(text ? { text: { en: text.en, fr: text.fr } } : {}),
      },
      [],
    );
  }
}

/**
 * Serves `handlers` on a worker's port: says it is ready, then runs requests in order. Returns the
 * function to call with each incoming message.
 */
export function serveJobs(handlers: Handlers, post: PostReply, meter?: CostMeter): (request: unknown) => void {
  let chain: Promise<void> = Promise.resolve();
  post({ type: 'ready' }, []);
  return (request) => {
    chain = chain.then(() => dispatchJob(handlers, request, post, meter));
  };
}
