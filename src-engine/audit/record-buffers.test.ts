import { describe, expect, it } from 'vitest';
import { giveBackRecordBuffer, takeRecordBuffer } from './record-buffers';

describe('record buffers', () => {
  it('gives a returned buffer of the same size to the next taker, never one buffer to two takers', () => {
    const a = takeRecordBuffer(1000);
    const b = takeRecordBuffer(1000);
    expect(a).not.toBe(b);
    giveBackRecordBuffer(a);
    giveBackRecordBuffer(a); // given back twice: still kept once
    const c = takeRecordBuffer(1000);
    const d = takeRecordBuffer(1000);
    expect(c).toBe(a);
    expect(d).not.toBe(a);
    // another size is never handed out for this one
    giveBackRecordBuffer(takeRecordBuffer(500));
    expect(takeRecordBuffer(1000).length).toBe(1000);
  });
});
