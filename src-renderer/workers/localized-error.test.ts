import { describe, expect, it } from 'vitest';
import { InputError, parseSeed } from '@engine';
import { EnginePool } from './engine-pool';
import type { JobReply, JobRequest } from '@shared/jobs/protocol';
import { LocalizedError, textOf } from '@shared/jobs/localized-error';

/** A stand-in worker that answers every job with the error it is given. */
function failingWorker(reply: Omit<Extract<JobReply, { type: 'error' }>, 'id'>): Worker {
  const w = {
    onmessage: null as ((e: MessageEvent<JobReply>) => void) | null,
    onerror: null,
    postMessage(req: JobRequest) {
      // structuredClone: what crosses a real worker boundary
      queueMicrotask(() =>
        w.onmessage?.({ data: structuredClone({ id: req.id, ...reply }) } as MessageEvent<JobReply>),
      );
    },
    terminate() {},
  };
  return w as unknown as Worker;
}

describe('engine errors across the worker boundary', () => {
  it('textOf gives both languages of an InputError, a LocalizedError, or the plain message', () => {
    let err: unknown;
    try {
      parseSeed('abc');
    } catch (e) {
      err = e;
    }
    expect(textOf(err).fr).toMatch(/^la graine "abc" n'est pas un nombre entier/);
    expect(textOf(new LocalizedError({ en: 'a', fr: 'b' }))).toEqual({ en: 'a', fr: 'b' });
    expect(textOf(new Error('plain'))).toEqual({ en: 'plain', fr: 'plain' });
  });

  it('the pool rejects with a LocalizedError carrying the French text the worker posted', async () => {
    const e = new InputError('seed "x" is not a whole number', 'la graine "x" n\'est pas un nombre entier');
    const pool = new EnginePool(1, () =>
      failingWorker({ type: 'error', message: e.message, text: { en: e.text.en, fr: e.text.fr } }),
    );
    const err = await pool.run('blockDigest', {} as never).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(LocalizedError);
    expect((err as LocalizedError).message).toBe('seed "x" is not a whole number');
    expect(textOf(err).fr).toBe('la graine "x" n\'est pas un nombre entier');
  });

  it('a reply without text still rejects with its message', async () => {
    const pool = new EnginePool(1, () => failingWorker({ type: 'error', message: 'boom' }));
    const err = await pool.run('blockDigest', {} as never).catch((x: unknown) => x);
    expect(err).not.toBeInstanceOf(LocalizedError);
    expect(textOf(err)).toEqual({ en: 'boom', fr: 'boom' });
  });
});
