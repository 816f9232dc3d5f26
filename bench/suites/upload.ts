// Upload benchmark: `npm run bench:upload -- [--corpus DIR] [--big-mb 200] [--skip-corpus] [--skip-big]`
// 1. the corpus (default ../shared/corpus) uploaded over HTTP, one document at a time, to a fresh
//    server vs ingested by the CLI into a fresh store: documents/s and MB/s for each;
// 2. one ~200 MB CycloneDX JSON SBOM, and a ~200 MB zip of many SBOMs, each uploaded to a fresh
//    server in a child process: the time, the child's peak RSS (VmHWM) and its peak V8 heap.
// The server child is this file run with `--serve STORE`: it starts the API from dist/ in process
// (so it can sample its own heap) and prints its URL, then its peak heap when told to stop.
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { parseArgs } from '../lib/args.js';
import { BIN, builtModule } from '../lib/paths.js';
import { machineFacts, memoryOf, RssSampler, runToEnd, startChild, stopChild, type Child } from '../lib/proc.js';

/** This program, run again as the server child. */
const SELF = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
const MAX_DOCUMENT_BYTES = 1024 * MB;

/** Child mode: the API on `store`, sampling its heap every 20 ms; prints the peaks on SIGTERM. */
async function serveChild(store: string): Promise<void> {
  const { startServer } = (await builtModule('http/server.js')) as {
    startServer: (o: object) => Promise<{ url: string; close: () => Promise<void> }>;
  };
  let heap = 0;
  let external = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    external = Math.max(external, m.external);
  };
  const timer = setInterval(sample, 20);
  // Uploads need a token with the ingest scope: made here, in the store the server opens.
  const { openStore } = (await builtModule('store/open.js')) as {
    openStore: (location: string) => Promise<{
      createToken: (token: Record<string, string | null>) => Promise<void>;
      close: () => Promise<void>;
    }>;
  };
  const { generateToken, hashToken } = (await builtModule('model/tokens.js')) as {
    generateToken: () => string;
    hashToken: (token: string) => string;
  };
  const token = generateToken();
  const tokens = await openStore(store);
  await tokens.createToken({
    name: 'bench',
    scope: 'ingest',
    hash: hashToken(token),
    createdAt: new Date().toISOString(),
    expiresAt: null,
    lastUsedAt: null,
  });
  await tokens.close();
  const server = await startServer({
    store,
    host: '127.0.0.1',
    port: 0,
    limits: { listCap: 100_000, maxPageSize: 100_000 },
    refreshIntervalMs: 0,
    logLevel: 'silent',
    http: { requestTimeoutMs: 600_000 },
    uploads: { maxDocumentBytes: MAX_DOCUMENT_BYTES },
  });
  console.log(`TOKEN ${token}`);
  console.log(`URL ${server.url}`);
  process.once('SIGTERM', () => {
    clearInterval(timer);
    sample();
    console.log(`PEAK ${JSON.stringify({ heapMB: heap / MB, externalMB: external / MB })}`);
    void server.close().then(() => process.exit(0));
  });
}

interface ServerChild {
  child: Child;
  url: string;
  /** An ingest token the child made in its store. */
  token: string;
  peak: Promise<{ heapMB: number; externalMB: number }>;
}

async function startServerChild(store: string, log: string): Promise<ServerChild> {
  let out = '';
  let resolveUrl: (url: string) => void = () => undefined;
  let resolvePeak: (p: { heapMB: number; externalMB: number }) => void = () => undefined;
  const url = new Promise<string>((r) => (resolveUrl = r));
  const peak = new Promise<{ heapMB: number; externalMB: number }>((r) => (resolvePeak = r));
  const child = startChild(process.execPath, [SELF, '--serve', store], log, (text) => {
    out += text;
    const u = /^URL (\S+)$/m.exec(out);
    if (u) resolveUrl(u[1]);
    const p = /^PEAK (\{.*\})$/m.exec(out);
    if (p) resolvePeak(JSON.parse(p[1]) as { heapMB: number; externalMB: number });
  });
  const started = await Promise.race([
    url,
    child.exited.then((code) => Promise.reject(new Error(`server exited ${code}`))),
  ]);
  const token = /^TOKEN (\S+)$/m.exec(out)?.[1] ?? '';
  return { child, url: started, token, peak };
}

async function upload(server: ServerChild, body: Buffer | string, contentType: string): Promise<number> {
  const init =
    typeof body === 'string'
      ? { body: Readable.toWeb(createReadStream(body)) as ReadableStream, duplex: 'half' }
      : { body };
  const res = await fetch(`${server.url}/v0/documents`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${server.token}` },
    ...init,
  } as RequestInit);
  const text = await res.text();
  if (res.status >= 300 && res.status !== 422) console.error(`  upload answered ${res.status}: ${text.slice(0, 200)}`);
  return res.status;
}

function rate(count: number, bytes: number, ms: number): string {
  const s = ms / 1000;
  return `${(count / s).toFixed(1)} documents/s, ${(bytes / MB / s).toFixed(2)} MB/s (${s.toFixed(2)} s)`;
}

async function corpusRun(corpus: string, work: string): Promise<void> {
  const files = readdirSync(corpus)
    .filter((f) => !['MANIFEST.tsv', 'README.md'].includes(f))
    .map((f) => join(corpus, f))
    .filter((f) => statSync(f).isFile());
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  console.log(`corpus: ${files.length} documents, ${(bytes / MB).toFixed(1)} MB (${corpus})`);

  const server = await startServerChild(join(work, 'http-store'), join(work, 'http.log'));
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (const file of files) {
    const status = await upload(server, readFileSync(file), 'application/octet-stream');
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const httpMs = performance.now() - started;
  await stopChild(server.child);
  console.log(
    `  HTTP upload (sequential, one client): ${rate(files.length, bytes, httpMs)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );

  const cli = await runToEnd(
    process.execPath,
    [BIN, 'ingest', '--store', join(work, 'cli-store'), '--quiet', '--json', ...files],
    join(work, 'cli.log'),
    600_000,
  );
  const summary = JSON.parse(cli.stdout) as { seconds: number; stored: number; failed: number };
  console.log(
    `  CLI ingest (whole process): ${rate(files.length, bytes, cli.millis)}; stored ${summary.stored}, failed ${summary.failed}`,
  );
  console.log(
    `  CLI ingest (its own timer, without process start): ${rate(files.length, bytes, summary.seconds * 1000)}`,
  );
}

/** A CycloneDX 1.5 JSON SBOM of about `targetBytes`: components with hashes and text, a dependency chain. */
async function writeBigSbom(path: string, targetBytes: number, tag: string): Promise<number> {
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"bomFormat":"CycloneDX","specVersion":"1.5","serialNumber":"urn:uuid:${tag}","version":1,`);
  await write(
    `"metadata":{"component":{"type":"application","bom-ref":"root","name":"bench-${tag}","version":"1.0.0","purl":"pkg:npm/bench-${tag}@1.0.0"}},"components":[`,
  );
  const filler = 'Benchmark component used to measure uploads of large documents. '.repeat(8);
  let written = 0;
  let n = 0;
  while (written < targetBytes * 0.9) {
    const purl = `pkg:npm/bench-${tag}-${n}@1.0.${n % 100}`;
    const hex = (n * 2654435761).toString(16).padStart(8, '0').repeat(8);
    const c = `${n ? ',' : ''}{"type":"library","bom-ref":"${purl}","name":"bench-${tag}-${n}","version":"1.0.${n % 100}","purl":"${purl}","description":"${filler}","hashes":[{"alg":"SHA-256","content":"${hex}"}],"licenses":[{"license":{"id":"MIT"}}]}`;
    await write(c);
    written += c.length;
    n++;
  }
  await write('],"dependencies":[');
  for (let i = 0; i < n; i++) {
    const next = i + 1 < n ? `"pkg:npm/bench-${tag}-${i + 1}@1.0.${(i + 1) % 100}"` : '';
    await write(`${i ? ',' : ''}{"ref":"pkg:npm/bench-${tag}-${i}@1.0.${i % 100}","dependsOn":[${next}]}`);
  }
  await write(']}');
  out.end();
  await once(out, 'finish');
  return n;
}

async function bigRun(work: string, label: string, path: string, contentType: string): Promise<void> {
  const size = statSync(path).size;
  const server = await startServerChild(join(work, `${label}-store`), join(work, `${label}.log`));
  const pid = server.child.proc.pid!;
  const before = memoryOf(pid);
  const started = performance.now();
  const status = await upload(server, path, contentType);
  const ms = performance.now() - started;
  const after = memoryOf(pid);
  await stopChild(server.child);
  const peak = await server.peak;
  console.log(
    `  ${label}: ${(size / MB).toFixed(0)} MB → ${status} in ${(ms / 1000).toFixed(1)} s (${(size / MB / (ms / 1000)).toFixed(1)} MB/s); ` +
      `child RSS ${before?.rss.toFixed(0)} MB before, peak (VmHWM) ${after?.hwm.toFixed(0)} MB; ` +
      `peak V8 heap ${peak.heapMB.toFixed(0)} MB, peak external ${peak.externalMB.toFixed(0)} MB`,
  );
  // The same file through the CLI, for comparison: what parsing it costs whichever way it arrives.
  let sampler: RssSampler | undefined;
  const cli = await runToEnd(
    process.execPath,
    [
      BIN,
      'ingest',
      '--store',
      join(work, `${label}-cli-store`),
      '--quiet',
      '--max-document-size',
      String(MAX_DOCUMENT_BYTES),
      path,
    ],
    join(work, `${label}-cli.log`),
    900_000,
    (pid) => (sampler = new RssSampler(pid, 50)),
  );
  sampler?.stop();
  console.log(
    `  ${label} by the CLI: exit ${cli.code} in ${(cli.millis / 1000).toFixed(1)} s; peak RSS (sampled every 50 ms) ${sampler?.max.toFixed(0)} MB`,
  );
}

async function bigUploads(work: string, targetMB: number): Promise<void> {
  const json = join(work, 'big.cdx.json');
  const components = await writeBigSbom(json, targetMB * MB, 'big');
  console.log(`big uploads (${targetMB} MB target):`);
  console.log(`  one CycloneDX JSON: ${components} components and a dependency chain`);
  await bigRun(work, 'one JSON SBOM', json, 'application/vnd.cyclonedx+json');
  rmSync(json);

  // Many SBOMs of ~2 MB in a zip stored without compression, so the upload is ~targetMB on the wire.
  const zipPath = join(work, 'many.zip');
  const zip = new yazl.ZipFile();
  const count = Math.max(1, Math.round(targetMB / 2));
  for (let i = 0; i < count; i++) {
    const entry = join(work, `entry-${i}.json`);
    await writeBigSbom(entry, 2 * MB, `z${i}`);
    zip.addFile(entry, `sboms/${i}.cdx.json`, { compress: false });
  }
  zip.end();
  const out = createWriteStream(zipPath);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
  console.log(`  a zip of ${count} CycloneDX JSON SBOMs (~2 MB each, stored uncompressed)`);
  await bigRun(work, 'zip of SBOMs', zipPath, 'application/zip');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.serve) return serveChild(args.serve);
  const corpus = resolve(args.corpus ?? '../shared/corpus');
  const work = mkdtempSync(join(tmpdir(), 'supplygraph-bench-upload-'));
  const m = machineFacts();
  console.log(`machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGB} GB, Node ${m.node}; work dir ${work}`);
  try {
    if (!('skip-corpus' in args)) await corpusRun(corpus, work);
    if (!('skip-big' in args)) await bigUploads(work, Number(args['big-mb'] ?? 200));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
