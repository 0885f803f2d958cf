/**
 * Input files that are not what they say: devices, named pipes, folders, sparse giants, names with
 * line ends. Each is refused at once by what it is or by its size, before a byte is read.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostileClass } from './case';

const gongs = ['--game', 'les-3-gongs', '--stake', '0.5', '--seed', '1'];

export const hostile: HostileClass = {
  name: 'files',
  maxRssMb: 200,
  generate(dir) {
    mkdirSync(join(dir, 'folder.jsonl'));
    execFileSync('mkfifo', [join(dir, 'fifo.jsonl')]);
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    execFileSync('mkfifo', [join(dir, 'fifo.zip')]);
    // sparse: 2 GB on paper, nothing on disk
    for (const name of ['sparse.jsonl', 'sparse.json']) {
      const fd = openSync(join(dir, name), 'w');
      ftruncateSync(fd, 2 * 1024 ** 3);
      closeSync(fd);
    }
    // a block's header, then 1,000,000 lines of `{}` (3 MB; the one reported held 10,000,000): the
    // lines past the block are counted, not parsed
    const header = '{"game":"les-3-gongs","stake_cents":100,"seed":7,"generator":"instant-lab-gen/2","units":300000}\n';
    writeFileSync(join(dir, 'past-block.jsonl'), header + '{}\n'.repeat(1_000_000));
  },
  cases: [
    {
      name: 'verify /dev/zero: a device, refused at once',
      args: () => ['verify', '/dev/zero'],
      code: 2,
      stderr: /^error: cannot read "\/dev\/zero": not a regular file \(a device\)\n$/,
    },
    {
      name: 'verify a named pipe with no writer: refused, never waits',
      args: (d) => ['verify', join(d, 'fifo.jsonl')],
      code: 2,
      stderr: /^error: cannot read ".*fifo\.jsonl": not a regular file \(a named pipe\)\n$/,
    },
    {
      name: 'verify-bundle a named pipe with no writer: refused, never waits',
      args: (d) => ['verify-bundle', join(d, 'fifo.zip')],
      code: 2,
      stderr: /^error: ".*fifo\.zip" is a named pipe: expected a bundle \.zip made by `instant-lab evidence`\n$/,
    },
    {
      // a folder is an emission: an empty one (here named like a file) holds nothing to verify
      name: 'verify a folder named like an export, empty',
      args: (d) => ['verify', join(d, 'folder.jsonl')],
      code: 2,
      stderr:
        /^error: folder ".*folder\.jsonl" holds no \.jsonl or \.csv export \(it is empty\): give a folder of exports, a list of files, or --manifest FILE\.json\n$/,
    },
    {
      name: 'verify a 2 GB sparse file: refused by its size',
      args: (d) => ['verify', join(d, 'sparse.jsonl')],
      code: 2,
      stderr:
        /^error: ".*sparse\.jsonl": the file is 2147483648 bytes: at most 1073741824 bytes \(1 GiB\) are read[^\n]*\n$/,
    },
    {
      name: 'verify a header then 1,000,000 lines of {}: the lines past the block counted, not parsed',
      args: (d) => ['verify', join(d, 'past-block.jsonl')],
      code: 1,
      stdout:
        /line 301002: the file goes on past its block's 300,000 units and 1,000 more lines: this line and every one after it are counted as discrepancies, not read/,
    },
    {
      name: 'verify a name with a line end: printed escaped',
      args: (d) => ['verify', join(d, 'two\nlines.jsonl')],
      code: 2,
      stderr: /^error: cannot read ".*two\\nlines\.jsonl": it does not exist\n$/,
    },
    {
      name: 'simulate --table /dev/null: a device, not « a folder »',
      args: () => ['simulate', '--table', '/dev/null'],
      code: 2,
      stderr: /^error: cannot read --table "\/dev\/null": not a regular file \(a device\)\n$/,
    },
    {
      name: 'simulate --table /dev/zero',
      args: () => ['simulate', '--table', '/dev/zero'],
      code: 2,
      stderr: /^error: cannot read --table "\/dev\/zero": not a regular file \(a device\)\n$/,
    },
    {
      name: 'simulate --presentation on a named pipe',
      args: (d) => ['simulate', ...gongs, '--presentation', join(d, 'fifo.json')],
      code: 2,
      stderr: /^error: cannot read --presentation ".*fifo\.json": not a regular file \(a named pipe\)\n$/,
    },
    {
      name: 'simulate --table on a 2 GB sparse file: refused by its size',
      args: (d) => ['simulate', '--table', join(d, 'sparse.json')],
      code: 2,
      stderr: /^error: --table ".*sparse\.json": [^\n]*\n$/,
    },
  ],
};
