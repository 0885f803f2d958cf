import { describe, expect, it } from 'vitest';
import { CASE_FORMAT, readCaseRecord } from './case-files';

const record = { format: CASE_FORMAT, ref: 'r', claim: 'c', conclusion: 'k', opened: '2026-01-01', lang: 'fr' };

describe('readCaseRecord', () => {
  it('names an unexpected field with its plural: « field » for one, « fields » for two', () => {
    expect(readCaseRecord(JSON.stringify({ ...record, extra: 1 }))).toEqual({
      ok: false,
      why: 'unexpected field extra',
    });
    expect(readCaseRecord(JSON.stringify({ ...record, a: 1, b: 2 }))).toEqual({
      ok: false,
      why: 'unexpected fields a, b',
    });
    expect(readCaseRecord(JSON.stringify(record))).toMatchObject({ ok: true });
  });
});
