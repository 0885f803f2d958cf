/**
 * The worker side of `verify` on the pool: a byte range of the export file, read here from the file
 * itself (the reading that hashes it only cuts ranges at line ends and sends their offsets), its
 * lines compared with the block's ({@link matchLineRange}). Only a range's first index and levels
 * (1 byte a unit) cross back to the main thread. Then a part of the block's placement tests, so
 * that no worker idles while one thread runs them all.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { matchLineRange, placementTestPart } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

/** Largest range read at once: the main thread cuts ranges of about 4 MiB, at the next line end. */
export const MAX_RANGE_BYTES = 64 * 1024 * 1024;

/** This thread's read buffer, kept between ranges (one range at a time: the jobs run in turn). */
let buffer = Buffer.alloc(0);

/**
 * Bytes [start, end) of the file at `path`; null when the path names another file than the one
 * hashed (`file`: replaced meanwhile) or the file no longer holds them all.
 */
function readRange(path: string, file: { dev: number; ino: number }, start: number, end: number): Uint8Array | null {
  const length = end - start;
  if (buffer.length < length) buffer = Buffer.alloc(Math.max(length, 2 * buffer.length));
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.dev !== file.dev || st.ino !== file.ino) return null;
    let got = 0;
    while (got < length) {
      const n = readSync(fd, buffer, got, length - got, start + got);
      if (n === 0) return null;
      got += n;
    }
  } finally {
    closeSync(fd);
  }
  return buffer.subarray(0, length);
}

export const verifyFileRange: Handler<'verifyFileRange'> = (input) => {
  const { path, file, start, end } = input;
  if (end <= start || end - start > MAX_RANGE_BYTES) return Promise.resolve(null);
  const bytes = readRange(path, file, start, end);
  return Promise.resolve(bytes ? matchLineRange(input.spec, input.weights, bytes) : null);
};

export const placementTests: Handler<'placementTestPart'> = (input) =>
  Promise.resolve(placementTestPart(input.levels, input.table, input.part));
