// A private, throwaway PostgreSQL cluster (never the machine's shared one): initdb as the
// `postgres` OS user when running as root, trust auth, loopback only, a free port, a temp dir.
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { freePort, runToEnd } from '../bench/lib/proc.js';

/** The newest installed server binaries (Debian layout), or PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return '';
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : '';
}

export interface PrivateCluster {
  url: string;
  port: number;
  /** pg_ctl stop -m immediate: the server dies like a crash (no checkpoint). */
  stopImmediately(): Promise<void>;
  /** pg_ctl stop -m fast (sessions terminated, a checkpoint) or immediate (like a crash). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start, waiting until it accepts connections; the ms it took. */
  start(): Promise<number>;
  destroy(): Promise<void>;
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  const tool = (name: string): string => (bin ? join(bin, name) : name);
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'sg-rel-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const as = (command: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const run = async (command: string, args: string[], timeoutMs = 120_000): Promise<number> => {
    const [c, a] = as(command, args);
    const r = await runToEnd(c, a, join(tmpdir(), `sg-rel-pg-${port}.log`), timeoutMs);
    if (r.code !== 0) throw new Error(`${command} ${args[0] ?? ''} exited ${r.code}`);
    return r.millis;
  };
  await run(tool('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = (): Promise<number> =>
    run(tool('pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`,
      'start',
    ]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stopImmediately: async () => {
      await run(tool('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    stop: async (mode) => {
      await run(tool('pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
    },
    destroy: async () => {
      await run(tool('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      rmSync(join(tmpdir(), `sg-rel-pg-${port}.log`), { force: true });
    },
  };
}
