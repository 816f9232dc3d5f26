// Every ingest source goes through one bounded reader: devices are refused, a pipe is read at
// most one byte past --max-document-size (even an endless one), a named pipe nobody writes to
// is refused after --pipe-wait, symbolic links inside a directory are followed (cycles are
// reported), and a zip archive arriving through a pipe is read entry by entry.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { tempDir } from '../helpers/server.js';
import { zipOf } from '../helpers/zip.js';
import { BIN, cli, runCommand } from './run-cli.js';

const posix = process.platform !== 'win32';
const DOC = JSON.stringify({ isDependency: [dependsOn('pkg:npm/p@1', 'pkg:npm/q@1')] });

let work: string;
let n = 0;
/** A fresh store directory for one test. */
const newStore = (): string => join(work, `store-${++n}`);

beforeAll(() => {
  work = tempDir('sg-cli-sources-');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function summary(stdout: string): { documents: number; stored: number; failures: { file: string; error: string }[] } {
  return JSON.parse(stdout);
}

describe.runIf(posix)('devices and pipes', () => {
  it('refuses a character device without reading it', async () => {
    const r = await cli(['ingest', '--store', newStore(), '--json', '--max-document-size', '1000', '/dev/zero']);
    expect(r.code).toBe(2);
    expect(summary(r.stdout).failures).toEqual([
      {
        file: '/dev/zero',
        error: 'is a character device, not a file or a pipe; devices are not read (they may never end)',
      },
    ]);
  });

  it('refuses a device on stdin', async () => {
    const fd = openSync('/dev/zero', 'r');
    try {
      const r = await cli(['ingest', '--store', newStore(), '--json', '-'], { stdinFd: fd });
      expect(r.code).toBe(2);
      expect(summary(r.stdout).failures).toEqual([
        {
          file: 'stdin',
          error: 'is a character device, not a file or a pipe; devices are not read (they may never end)',
        },
      ]);
    } finally {
      closeSync(fd);
    }
  });

  it('stops reading stdin one byte past the limit', async () => {
    const r = await cli(['ingest', '--store', newStore(), '--json', '--max-document-size', '1000000', '-'], {
      input: Buffer.alloc(3_000_000, 0x20),
    });
    expect(r.code).toBe(2);
    expect(summary(r.stdout).failures).toEqual([
      { file: 'stdin', error: 'the document is larger than the limit of 1000000 bytes (--max-document-size)' },
    ]);
  });

  it('stops reading an endless process substitution one byte past the limit', async () => {
    // <(cat /dev/zero) never ends: reading it whole would never return.
    const store = newStore();
    const r = await runCommand('bash', [
      '-c',
      `exec "${process.execPath}" "${BIN}" ingest --store "${store}" --json --max-document-size 100000 <(cat /dev/zero)`,
    ]);
    expect(r.code).toBe(2);
    const { failures } = summary(r.stdout);
    expect(failures).toHaveLength(1);
    expect(failures[0].file).toMatch(/^\/dev\/fd\/\d+$/);
    expect(failures[0].error).toBe('the document is larger than the limit of 100000 bytes (--max-document-size)');
  });

  it('reads a document from a process substitution', async () => {
    const r = await runCommand(
      'bash',
      ['-c', `exec "${process.execPath}" "${BIN}" ingest --store "${newStore()}" --json <(printf %s "$DOC")`],
      { env: { DOC } },
    );
    expect(r.code).toBe(0);
    expect(summary(r.stdout)).toMatchObject({ documents: 1, stored: 1 });
  });

  it('refuses a named pipe nobody opens for writing after --pipe-wait', async () => {
    const fifo = join(work, 'idle.fifo');
    execFileSync('mkfifo', [fifo]);
    const r = await cli(['ingest', '--store', newStore(), '--json', '--pipe-wait', '300', fifo]);
    expect(r.code).toBe(2);
    expect(summary(r.stdout).failures).toEqual([
      { file: fifo, error: 'nothing opened the pipe for writing within 300 ms (--pipe-wait)' },
    ]);
  });

  it('reads a named pipe once a writer comes', async () => {
    const fifo = join(work, 'fed.fifo');
    execFileSync('mkfifo', [fifo]);
    const store = newStore();
    // The writer blocks in open() until the CLI opens the pipe for reading, then writes and closes.
    const writer = runCommand('sh', ['-c', 'sleep 1; printf %s "$DOC" > "$FIFO"'], { env: { DOC, FIFO: fifo } });
    const r = await cli(['ingest', '--store', store, '--json', '--pipe-wait', '30000', fifo]);
    expect((await writer).code).toBe(0);
    expect(r.code).toBe(0);
    expect(summary(r.stdout)).toMatchObject({ documents: 1, stored: 1 });
  });
});

describe.runIf(posix)('symbolic links and special files inside a directory', () => {
  it('follows links to files and directories, reports broken links, cycles and pipes', async () => {
    const dir = join(work, 'linked');
    const outside = join(work, 'outside');
    mkdirSync(join(dir, 'sub'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, 'doc.json'), DOC);
    writeFileSync(
      join(outside, 'other.json'),
      JSON.stringify({ isDependency: [dependsOn('pkg:npm/x@1', 'pkg:npm/y@1')] }),
    );
    symlinkSync(join(outside, 'doc.json'), join(dir, 'a-file-link.json'));
    symlinkSync(outside, join(dir, 'b-dir-link'));
    symlinkSync(join(work, 'nothing-here.json'), join(dir, 'c-broken.json'));
    symlinkSync('..', join(dir, 'sub', 'd-loop'));
    execFileSync('mkfifo', [join(dir, 'e-pipe')]);
    const r = await cli(['ingest', '--store', newStore(), '--json', dir]);
    expect(r.code).toBe(2);
    const s = summary(r.stdout);
    // a-file-link.json and b-dir-link/doc.json are the same bytes: the second is already present.
    expect(s).toMatchObject({ documents: 6, stored: 2, duplicate: 1, failed: 3 });
    expect(s.failures).toEqual([
      { file: join(dir, 'c-broken.json'), error: 'symbolic link to nothing (broken link)' },
      {
        file: join(dir, 'e-pipe'),
        error: 'is a named pipe inside a directory; not read (name it on the command line to read it)',
      },
      {
        file: join(dir, 'sub', 'd-loop'),
        error: 'symbolic link back to a directory being walked; not followed',
      },
    ]);
  });
});

describe('zip archives', () => {
  it('reads an archive from stdin entry by entry', async () => {
    const bytes = await zipOf({ 'one.json': DOC, 'two.json': '{"isDependency": [{"pkg": 7}]}' });
    const r = await cli(['ingest', '--store', newStore(), '--json', '-'], { input: bytes });
    expect(r.code).toBe(2);
    const s = summary(r.stdout);
    expect(s).toMatchObject({ documents: 2, stored: 1 });
    expect(s.failures).toEqual([
      { file: 'stdin!/two.json', error: '/isDependency/0/pkg: must be an object, found a number' },
    ]);
  });

  it('reads an archive file entry by entry, each entry bounded by --max-document-size', async () => {
    const path = join(work, 'archive.zip');
    writeFileSync(path, await zipOf({ 'one.json': DOC, 'big.json': ' '.repeat(5000) }));
    const r = await cli(['ingest', '--store', newStore(), '--json', '--max-document-size', '4000', path]);
    expect(r.code).toBe(2);
    const s = summary(r.stdout);
    expect(s).toMatchObject({ documents: 2, stored: 1 });
    expect(s.failures).toEqual([
      { file: `${path}!/big.json`, error: 'the document is larger than the limit of 4000 bytes (5000 bytes)' },
    ]);
  });
});
