// The examples of the README (and of docs/) are real: every `$ ` command of a ```console block is
// run with bash against a store built exactly as `npm run demo` builds it, served on a real
// socket, and what it prints must be what the block prints under it. Only what must vary between
// two such stores is masked (doc-examples.ts: request ids, the store id in ETags, dates);
// key order, values, counts and cursors must match. Printed cursors must be accepted by the
// server, and an ETag the command prints must give 304 when sent back in If-None-Match.
//
// After an intended change of the answers, refresh the printed outputs (masked parts are kept as
// printed) with:  README_UPDATE=1 npm run test:system -- --project system test/docs/readme-examples.test.ts
//
// The ```sh blocks are not run, but the supplygraph commands and flags they name must exist (as
// `supplygraph <command> --help` lists them), and so must the npm scripts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCommand } from '../cli/run-cli.js';
import {
  commandTitle,
  consoleExamples,
  documentationFiles,
  helpFlags,
  helpSubcommands,
  keepPrintedParts,
  mask,
  npmScripts,
  printedCursors,
  readable,
  rewriteOutputs,
  shellLines,
  supplygraphInvocations,
  type ConsoleExample,
  type OutputUpdate,
} from './doc-examples.js';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The address the examples are written for (`npm run demo`). */
const DOCUMENTED_ADDRESS = 'localhost:8080';
/** What `npm run demo` ingests, in this order, relative to the repository root (they become each document's origin). */
const DEMO_SOURCES = ['examples/real', 'examples/demo'];
const UPDATE = process.env.README_UPDATE === '1' || process.env.README_UPDATE === 'true';

/** The environment without any SUPPLYGRAPH_ setting: the demo runs on the defaults. */
function defaultsEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => !e[0].startsWith('SUPPLYGRAPH_') && e[1] !== undefined,
    ),
  );
}

function runDetached(args: string[]): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: defaultsEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs the CLI from the repository root and resolves with its output; rejects on a non-zero exit. */
function runCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = runDetached(args);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`supplygraph ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

interface Served {
  /** host:port the server listens on. */
  address: string;
  stop: () => Promise<void>;
}

/** `supplygraph serve` on a free port, once it listens. */
function serve(store: string): Promise<Served> {
  const child = runDetached(['serve', '--store', store, '--port', '0']);
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('close', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Server listening at http:\/\/([^"\s/]+)/.exec(output);
      if (listening) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // the access log goes on: keep draining it
        resolve({ address: listening[1], stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.once('close', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

let work: string;
let server: Served | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sg-readme-'));
  const store = join(work, 'store');
  await runCli(['ingest', '--store', store, ...DEMO_SOURCES]);
  server = await serve(store);
});

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

function base(): string {
  return `http://${server!.address}`;
}

/** What the command prints on a terminal against the test's server, as the README would show it. */
async function runExample(example: ConsoleExample): Promise<string> {
  const command = example.command.replaceAll(DOCUMENTED_ADDRESS, server!.address);
  const r = await runCommand('bash', ['-c', command], { cwd: ROOT, env: defaultsEnv() });
  return (r.stdout + r.stderr)
    .replace(/\r\n/g, '\n')
    .replace(/\n+$/, '')
    .replaceAll(server!.address, DOCUMENTED_ADDRESS);
}

/** The path the command GETs, or undefined when it sends a body or another method. */
function pathOf(command: string): string | undefined {
  if (/\s(-d|--data\S*|-X|--request|-F|--form)\s/.test(command)) return undefined;
  return new RegExp(`${DOCUMENTED_ADDRESS}(/[^'"\\s]*)`).exec(command)?.[1];
}

/** Every cursor printed in the example is accepted by the server (the page after it is a 200). */
async function expectPrintedCursorsAccepted(example: ConsoleExample): Promise<void> {
  const { nextCursors, links } = printedCursors(example.expected);
  const path = pathOf(example.command);
  const next = path === undefined ? [] : nextCursors.map((c) => `${path}${path.includes('?') ? '&' : '?'}Cursor=${c}`);
  for (const url of [...next, ...links]) {
    const res = await fetch(`${base()}${url}`);
    const body = await res.text();
    expect.soft(res.status, `the printed cursor in ${readable(url)} is refused: ${body}`).toBe(200);
  }
}

/** An ETag the command printed is stable: sent back, it gives 304. */
async function expectEtagsStable(example: ConsoleExample, actual: string): Promise<void> {
  const path = pathOf(example.command);
  if (path === undefined) return;
  for (const [, etag] of actual.matchAll(/^etag: (.+)$/gim)) {
    const res = await fetch(`${base()}${path}`, { headers: { 'if-none-match': etag } });
    expect.soft(res.status, `ETag ${etag} sent back in If-None-Match`).toBe(304);
  }
}

const updates = new Map<string, OutputUpdate[]>();

function recordUpdate(file: string, example: ConsoleExample, actual: string): void {
  const output = keepPrintedParts(actual, example.expected);
  if (output === example.expected) return;
  const list = updates.get(file) ?? [];
  list.push({ command: example.command, occurrence: example.occurrence, printed: example.expected, output });
  updates.set(file, list);
}

/** README_UPDATE: writes the new outputs into each file, read afresh (others may have edited it). */
function writeUpdates(): void {
  for (const [file, list] of updates) {
    const path = join(ROOT, file);
    const { text, skipped } = rewriteOutputs(readFileSync(path, 'utf8'), list);
    writeFileSync(path, text);
    console.log(`README_UPDATE: ${file}: ${list.length - skipped.length} output(s) rewritten`);
    for (const s of skipped) console.log(`README_UPDATE: ${file}: left alone (edited meanwhile): ${s}`);
  }
}

afterAll(() => {
  if (UPDATE) writeUpdates();
});

const files = documentationFiles(ROOT).map((file) => ({
  file,
  examples: consoleExamples(readFileSync(join(ROOT, file), 'utf8')),
}));

it('finds the console examples of the README', () => {
  expect(files.find((f) => f.file === 'README.md')?.examples.length).toBeGreaterThan(10);
});

for (const { file, examples } of files.filter((f) => f.examples.length > 0)) {
  describe(`${file} console examples`, () => {
    for (const example of examples) {
      it(commandTitle(example), async () => {
        const actual = await runExample(example);
        if (UPDATE) return recordUpdate(file, example, actual);
        const [got, printed] = [mask(actual).text, mask(example.expected).text];
        const where = `${file}:${example.line} prints another output (README_UPDATE=1 rewrites it)`;
        // The readable form first, for its diff (JSON pretty-printed, cursors decoded); then the exact text.
        if (readable(got) !== readable(printed)) expect.soft(readable(got), where).toBe(readable(printed));
        else expect.soft(got, where).toBe(printed);
        await expectPrintedCursorsAccepted(example);
        await expectEtagsStable(example, actual);
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The ```sh blocks: the commands they name exist.

/** The lines of the ```sh blocks of every documentation file, with the file. */
function shellLinesOfFiles(): { file: string; line: string }[] {
  return files.flatMap(({ file }) =>
    shellLines(readFileSync(join(ROOT, file), 'utf8')).map((line) => ({ file, line })),
  );
}

/** Marks the start of each help text in the output of `allHelps`. */
const HELP_MARK = '\u0000help:';

/**
 * `supplygraph <path> --help` for each path, from one process (loading the CLI costs more than a
 * second of CPU; doing it once keeps the test fast). The CLI answers a path that is not a command
 * with its parent's help.
 */
async function allHelps(paths: string[][]): Promise<Map<string, string>> {
  const script = [
    `const { main } = await import(${JSON.stringify(new URL('../../dist/cli/main.js', import.meta.url).href)});`,
    'for (const path of JSON.parse(process.argv[1])) {',
    `  process.stdout.write(${JSON.stringify(HELP_MARK)} + path.join(' ') + '\\n');`,
    "  await main(['node', 'supplygraph', ...path, '--help']);",
    '}',
  ].join('\n');
  const r = await runCommand(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(paths)], {
    env: defaultsEnv(),
  });
  expect(r.code, r.stderr).toBe(0);
  const helps = new Map<string, string>();
  for (const chunk of r.stdout.split(HELP_MARK).slice(1)) {
    const newline = chunk.indexOf('\n');
    helps.set(chunk.slice(0, newline), chunk.slice(newline + 1));
  }
  return helps;
}

/** Every command path an invocation may name: its leading words, one, two and three of them. */
function candidatePaths(invocations: { args: string[] }[]): string[][] {
  const paths = new Map<string, string[]>([['', []]]);
  for (const { args } of invocations) {
    const words = args.slice(0, 3);
    const firstFlag = words.findIndex((a) => a.startsWith('-'));
    const leading = firstFlag === -1 ? words : words.slice(0, firstFlag);
    leading.forEach((_w, i) => paths.set(leading.slice(0, i + 1).join(' '), leading.slice(0, i + 1)));
  }
  return [...paths.values()];
}

describe('documented commands exist', () => {
  const invocations = shellLinesOfFiles().flatMap(({ file, line }) =>
    supplygraphInvocations(line).map((args) => ({ file, args })),
  );
  const unique = [...new Map(invocations.map((i) => [i.args.join(' '), i])).values()];
  let helps: Map<string, string>;
  beforeAll(async () => {
    helps = await allHelps(candidatePaths(unique));
  });
  const helpOf = (path: string[]): string => {
    const help = helps.get(path.join(' '));
    if (help === undefined) throw new Error(`no help asked for: supplygraph ${path.join(' ')}`);
    return help;
  };
  it('finds the invocations of the README', () => {
    expect(invocations.filter((i) => i.file === 'README.md').length).toBeGreaterThan(3);
  });
  for (const { file, args } of unique) {
    it(`${file}: supplygraph ${args.join(' ')}`, () => {
      const path: string[] = [];
      let help = helpOf(path);
      for (const arg of args) {
        const subcommands = helpSubcommands(help);
        if (arg.startsWith('-') || subcommands.length === 0) break;
        expect(subcommands, `supplygraph ${[...path, arg].join(' ')}: no such command`).toContain(arg);
        path.push(arg);
        help = helpOf(path);
      }
      const known = helpFlags(help);
      const unknown = args.map((a) => a.split('=')[0]).filter((a) => a.startsWith('--') && !known.has(a));
      expect(unknown, `flags supplygraph ${path.join(' ')} --help does not list`).toEqual([]);
    });
  }
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const documentedScripts = shellLinesOfFiles().flatMap(({ file, line }) =>
    npmScripts(line).map((script) => ({ file, script })),
  );
  for (const { file, script } of [...new Map(documentedScripts.map((s) => [s.script, s])).values()]) {
    it(`${file}: npm ${script === 'test' || script === 'start' ? '' : 'run '}${script}`, () => {
      expect(Object.keys(scripts.scripts)).toContain(script);
    });
  }
});
