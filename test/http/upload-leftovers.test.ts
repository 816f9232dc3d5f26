// Upload bodies left in the temporary directory by servers killed mid-upload are removed by the
// next server to start: directories of this host whose process is gone (or whose pid is now this
// process, started later), never those of a running process or of another host.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepUploadLeftovers, uploadDirectory } from '../../src/http/upload/receive.js';

let root: string;
const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');

/** A pid that no process has now: a child that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid;
}

function leftover(name: string): void {
  mkdirSync(join(root, name, 'upload-x'), { recursive: true });
  writeFileSync(join(root, name, 'upload-x', 'body'), 'half a document');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'sg-test-uploads-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('sweepUploadLeftovers', () => {
  it('removes what dead processes of this host left, and keeps the rest', async () => {
    const dead = `${host}-${deadPid()}-1700000000000`;
    const reusedPid = `${host}-${process.pid}-1600000000000`; // this pid, an earlier process
    const running = `${host}-${process.ppid}-1700000000000`;
    const otherHost = `another-host-${deadPid()}-1700000000000`;
    const own = uploadDirectory(root).slice(root.length + 1);
    for (const name of [dead, reusedPid, running, otherHost, own, 'not-ours']) leftover(name);

    const removed = await sweepUploadLeftovers(root);

    expect(removed.sort()).toEqual([dead, reusedPid].sort());
    expect(readdirSync(root).sort()).toEqual([running, otherHost, own, 'not-ours'].sort());
  });

  it('is a no-op when no upload ever happened here', async () => {
    expect(await sweepUploadLeftovers(join(root, 'absent'))).toEqual([]);
  });
});
