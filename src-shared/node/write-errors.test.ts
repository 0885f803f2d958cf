import { describe, expect, it } from 'vitest';
import { NAME_MAX } from './temp-names';
import { WRITE_REASONS, asWriteError, writeErrorReason } from './write-errors';

const fsError = (code: string): Error => Object.assign(new Error(`${code}: raw`), { code });

describe('write errors in words', () => {
  it('gives each known file-system code its reason, and any other code its name', () => {
    expect(writeErrorReason(fsError('ENOSPC'))).toBe('the disk is full');
    expect(writeErrorReason(fsError('ENAMETOOLONG'))).toBe(`its name is too long (at most ${NAME_MAX} bytes per name)`);
    for (const [code, reason] of Object.entries(WRITE_REASONS)) expect(writeErrorReason(fsError(code))).toBe(reason);
    expect(writeErrorReason(fsError('EXDEV'))).toBe('system error EXDEV');
  });

  it('leaves an error that is no file-system error as it is', () => {
    const plain = new Error('a bug');
    expect(writeErrorReason(plain)).toBeNull();
    expect(writeErrorReason('ENOSPC')).toBeNull();
    expect(asWriteError('/x/out.csv', plain)).toBe(plain);
  });

  it('names the file the user chose, never the temporary one, in one sentence', () => {
    const err = asWriteError('/x/out.csv', fsError('EACCES')) as Error;
    expect(err.message).toBe('Cannot write "/x/out.csv": permission denied (nothing was written).');
  });
});
