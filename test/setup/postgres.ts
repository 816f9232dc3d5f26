// The PostgreSQL server for the `postgres` test project (vitest.config.ts):
// 1. a server already answering at SUPPLYGRAPH_TEST_PG_URL (default 127.0.0.1:5432, trust auth,
//    user postgres) is used as it is;
// 2. else, when the PostgreSQL server programs are installed, a private throwaway cluster is
//    created in a temporary directory (trust auth, 127.0.0.1 on a free port, its socket in the
//    same directory), used by the tests, then stopped and removed;
// 3. else the config leaves the project out, saying so (and fails under CI=true, where it is required).
// The tests read the chosen URL with inject('pgAdminUrl') (test/helpers/server.ts).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database URL on the test server to create and drop test databases from. */
    pgAdminUrl: string;
  }
}

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function configuredPgUrl(): string {
  return process.env.SUPPLYGRAPH_TEST_PG_URL || DEFAULT_PG_URL;
}

/** The URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unparseable URL)';
  }
}

/** Does a PostgreSQL server answer a query at this URL (within a few seconds)? */
export async function serverAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  // A connection that dies is reported as an 'error' event too: without a listener it would end the run.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The directory holding initdb and pg_ctl: on the PATH, else the usual package locations (newest version). */
export function findPgBinDir(): string | undefined {
  const candidates = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const root of ['/usr/lib/postgresql', '/usr/local/pgsql']) {
    if (!existsSync(root)) continue;
    if (existsSync(join(root, 'bin'))) candidates.push(join(root, 'bin'));
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(join(root, v, 'bin'));
  }
  for (const dir of ['/usr', '/opt'])
    if (existsSync(dir))
      for (const name of readdirSync(dir).filter((n) => /^pgsql-\d+$/.test(n))) candidates.push(join(dir, name, 'bin'));
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: then the cluster belongs to the `postgres` OS user. */
function clusterOwner(): { uid: number; gid: number; wrap: (argv: string[]) => string[] } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let ids: string[];
  try {
    ids = execFileSync('id', ['postgres'], { encoding: 'utf8' }).match(/\d+/g) ?? [];
  } catch {
    throw new Error(
      'the tests run as root and there is no "postgres" OS user to own a throwaway PostgreSQL cluster (initdb refuses root)',
    );
  }
  return { uid: Number(ids[0]), gid: Number(ids[1]), wrap: (argv) => ['runuser', '-u', 'postgres', '--', ...argv] };
}

export interface ThrowawayCluster {
  url: string;
  stop: () => void;
}

/** initdb + pg_ctl start of a trust-auth cluster in a new temporary directory. */
export async function startThrowawayCluster(binDir: string): Promise<ThrowawayCluster> {
  const base = mkdtempSync(join(tmpdir(), 'sg-test-pg-'));
  const data = join(base, 'data');
  const log = join(base, 'server.log');
  const owner = clusterOwner();
  if (owner) chownSync(base, owner.uid, owner.gid);
  const run = (argv: string[]) => {
    const [cmd, ...args] = owner ? owner.wrap(argv) : argv;
    execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: base });
  };
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run([join(binDir, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone: nothing to stop.
      }
    }
    rmSync(base, { recursive: true, force: true });
  };
  try {
    run([join(binDir, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    const port = await freePort();
    const options = `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    run([join(binDir, 'pg_ctl'), '-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
    started = true;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (err) {
    const detail = existsSync(log) ? `\n${readFileSync(log, 'utf8').slice(-2000)}` : '';
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    stop();
    throw new Error(
      `could not start a throwaway PostgreSQL cluster with ${binDir}: ${stderr || (err as Error).message}${detail}`,
      { cause: err },
    );
  }
}

/** vitest globalSetup of the postgres project. */
export default async function setup(project: TestProject): Promise<() => void> {
  const configured = configuredPgUrl();
  if (await serverAnswers(configured)) {
    project.provide('pgAdminUrl', configured);
    return () => undefined;
  }
  const binDir = findPgBinDir();
  if (!binDir)
    throw new Error(
      `no PostgreSQL server answers at ${shownUrl(configured)} and no initdb/pg_ctl is installed to start one for the tests`,
    );
  const cluster = await startThrowawayCluster(binDir);
  // Stop it even when vitest is interrupted before the teardown.
  process.once('exit', cluster.stop);
  console.log(
    `postgres tests: no server at ${shownUrl(configured)}; using a throwaway cluster at ${cluster.url} (${binDir})`,
  );
  project.provide('pgAdminUrl', cluster.url);
  return () => {
    process.off('exit', cluster.stop);
    cluster.stop();
  };
}
