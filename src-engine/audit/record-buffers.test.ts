// vitest: isolated — the pool under test is its module's own state, which the block tests run
// before it in a shared process fill
import { describe, expect, it } from 'vitest';
import { giveBackRecordBuffer, takeRecordBuffer } from './record-buffers';

describe('record buffers', () => {
  it('gives a returned buffer of the same size to the next taker, never one buffer to two takers', () => {
    const n = 7919;
    const a = takeRecordBuffer(n);
    const b = takeRecordBuffer(n);
    expect(a).not.toBe(b);
    giveBackRecordBuffer(a);
    giveBackRecordBuffer(a); // given back twice: still kept once
    const c = takeRecordBuffer(n);
    const d = takeRecordBuffer(n);
    expect(c).toBe(a);
    expect(d).not.toBe(a);
    // another size is never handed out for this one
    giveBackRecordBuffer(takeRecordBuffer(500));
    expect(takeRecordBuffer(n).length).toBe(n);
  });
});
