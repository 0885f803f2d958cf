import { describe, expect, it } from 'vitest';
import { acceptedEndings, focusAfterRemove, sortOutFiles } from './file-types';

const EMISSION = '.jsonl,.csv,.json,text/csv,application/x-ndjson,application/json';
const named = (...names: string[]): { name: string }[] => names.map((name) => ({ name }));

describe('the files a drop takes', () => {
  it('are those of the endings its accept list names; media types are the dialog’s only', () => {
    expect(acceptedEndings(EMISSION)).toEqual(['.jsonl', '.csv', '.json']);
    expect(acceptedEndings(' .JSONL , text/csv')).toEqual(['.jsonl']);
  });

  it('are any file when the list says « * » or names no ending', () => {
    expect(acceptedEndings('.key,.json,application/json,text/plain,*')).toBeNull();
    expect(acceptedEndings('application/json')).toBeNull();
    expect(acceptedEndings('')).toBeNull();
  });

  it('are sorted out by ending, whatever its case, each side in the order given', () => {
    const { taken, refused } = sortOutFiles(
      named('b.JSONL', 'notes.txt', 'a.csv', 'manifest.json', 'photo.csv.png', 'jsonl'),
      EMISSION,
    );
    expect(taken.map((f) => f.name)).toEqual(['b.JSONL', 'a.csv', 'manifest.json']);
    expect(refused.map((f) => f.name)).toEqual(['notes.txt', 'photo.csv.png', 'jsonl']);
  });

  it('are every file where any is taken', () => {
    const files = named('operator.key', 'notes.txt');
    expect(sortOutFiles(files, '.key,*')).toEqual({ taken: files, refused: [] });
  });
});

describe('the focus after a file is removed', () => {
  it('goes to the next file’s « Retirer », the new last one’s at the end, the choose button when none is left', () => {
    expect(focusAfterRemove(0, 2)).toBe(0);
    expect(focusAfterRemove(1, 2)).toBe(1);
    expect(focusAfterRemove(2, 2)).toBe(1);
    expect(focusAfterRemove(0, 0)).toBeNull();
  });
});
