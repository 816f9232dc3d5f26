// The console examples of the README and docs/: every `$ ` command of a ```console block with the
// output printed under it, the masks for the few parts of an output that must vary between runs,
// and the rewrite of printed outputs from actual ones (README_UPDATE=1).
//
// A console block is a list of examples: a line starting with `$ ` is a command (continued on the
// next line while it ends with `\`, as in bash), and the lines after it up to the next `$ ` line
// or the end of the block are its output; blank lines between examples are not part of it.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface FencedBlock {
  /** The info string after the opening fence (`console`, `sh`, ``), lower case. */
  lang: string;
  /** The lines between the fences. */
  lines: string[];
  /** 0-based index in the file of the first line between the fences. */
  start: number;
}

export interface ConsoleExample {
  /** The command as printed, without `$ `; continuation lines kept (bash joins `\`+newline). */
  command: string;
  /** The printed output, lines joined with `\n`, without trailing blank lines. */
  expected: string;
  /** 1-based line of the `$ ` line in its file. */
  line: number;
  /** 0-based index of the first output line, and past the last one. */
  outputStart: number;
  outputEnd: number;
  /** How many earlier examples of the same file have the same command (0 for the first). */
  occurrence: number;
}

const FENCE = /^\s*```\s*([\w-]*)\s*$/;

/** The fenced code blocks of a Markdown text (backtick fences at the start of a line). */
export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  let open: FencedBlock | undefined;
  lines.forEach((line, i) => {
    const fence = FENCE.exec(line);
    if (open) {
      if (fence && fence[1] === '') {
        blocks.push(open);
        open = undefined;
      } else open.lines.push(line);
    } else if (fence) open = { lang: fence[1].toLowerCase(), lines: [], start: i + 1 };
  });
  return blocks;
}

/** The examples of one ```console block. */
function examplesOf(block: FencedBlock): Omit<ConsoleExample, 'occurrence'>[] {
  const examples: Omit<ConsoleExample, 'occurrence'>[] = [];
  let i = 0;
  while (i < block.lines.length) {
    if (!block.lines[i].startsWith('$ ')) {
      i++; // text before the first command: not an example
      continue;
    }
    const line = block.start + i + 1;
    const command = [block.lines[i].slice(2)];
    while (command[command.length - 1].endsWith('\\') && i + 1 < block.lines.length) command.push(block.lines[++i]);
    const outputStart = i + 1;
    let end = outputStart;
    while (end < block.lines.length && !block.lines[end].startsWith('$ ')) end++;
    let outputEnd = end;
    while (outputEnd > outputStart && block.lines[outputEnd - 1].trim() === '') outputEnd--;
    examples.push({
      command: command.join('\n'),
      expected: block.lines.slice(outputStart, outputEnd).join('\n'),
      line,
      outputStart: block.start + outputStart,
      outputEnd: block.start + outputEnd,
    });
    i = end;
  }
  return examples;
}

/** Every console example of a Markdown text, in order. */
export function consoleExamples(text: string): ConsoleExample[] {
  const seen = new Map<string, number>();
  return fencedBlocks(text)
    .filter((b) => b.lang === 'console')
    .flatMap(examplesOf)
    .map((e) => {
      const occurrence = seen.get(e.command) ?? 0;
      seen.set(e.command, occurrence + 1);
      return { ...e, occurrence };
    });
}

/** The command on one line, as a test name: continuations joined. */
export function commandTitle(example: Pick<ConsoleExample, 'command' | 'occurrence'>): string {
  const flat = example.command.replace(/\\\n\s*/g, '');
  return example.occurrence === 0 ? flat : `${flat} (#${example.occurrence + 1})`;
}

/** README.md and every Markdown file under docs/, relative to the repository root. */
export function documentationFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return walk(path);
        return name.endsWith('.md') ? [relative(root, path)] : [];
      });
  return ['README.md', ...walk(join(root, 'docs'))];
}

// ---------------------------------------------------------------------------------------------
// Masks: only what must vary between two demo stores built from the same documents. Each
// pattern matches the varying part alone, in the shape it must have; a printed value of another
// shape is not masked and so shows in the diff. Cursors are not masked: they carry the list's
// scope (a hash of its path and parameters), the store version (the demo store's is fixed by
// its documents) and the last key (docs/api.md, "Pagination"), none of which varies.

interface Mask {
  name: string;
  pattern: RegExp;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const HTTP_DATE =
  '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT';

const MASKS: readonly Mask[] = [
  // A random id per request, in error bodies and in the X-Request-Id header.
  { name: 'request id', pattern: new RegExp(`(?<="requestId":")${UUID}(?=")`, 'g') },
  { name: 'request id', pattern: new RegExp(`(?<=^x-request-id: )${UUID}$`, 'gim') },
  // An ETag is the store's random id (8 hex digits) and the store version: only the id varies.
  { name: 'store id', pattern: /(?<=^etag: (?:W\/)?")[0-9a-f]{8}(?=-)/gim },
  { name: 'date', pattern: new RegExp(`(?<=^date: )${HTTP_DATE}$`, 'gim') },
];

interface Masked {
  /** The text with each varying part replaced by `⟨name⟩`. */
  text: string;
  /** The varying parts, in order of appearance. */
  parts: { name: string; value: string }[];
}

interface Match {
  index: number;
  value: string;
  name: string;
}

function matchesOf(text: string): Match[] {
  return MASKS.flatMap((m) => [...text.matchAll(m.pattern)].map((x) => ({ index: x.index, value: x[0], name: m.name })))
    .filter((m) => m.value !== '')
    .sort((a, b) => a.index - b.index);
}

/** Replaces the matches of `text` by what `replace` gives for each (the n-th of its kind). */
function replaceMatches(text: string, replace: (match: Match, nth: number) => string): string {
  const counts = new Map<string, number>();
  let out = '';
  let at = 0;
  for (const match of matchesOf(text)) {
    const nth = counts.get(match.name) ?? 0;
    counts.set(match.name, nth + 1);
    out += text.slice(at, match.index) + replace(match, nth);
    at = match.index + match.value.length;
  }
  return out + text.slice(at);
}

export function mask(text: string): Masked {
  const parts: Masked['parts'] = [];
  const masked = replaceMatches(text, (m) => {
    parts.push({ name: m.name, value: m.value });
    return `⟨${m.name}⟩`;
  });
  return { text: masked, parts };
}

/**
 * The output to print for an example: the actual one, with each varying part as printed before
 * (the n-th of its kind), so that a refresh changes only what really changed.
 */
export function keepPrintedParts(actual: string, printed: string): string {
  const before = new Map<string, string[]>();
  for (const p of mask(printed).parts) before.set(p.name, [...(before.get(p.name) ?? []), p.value]);
  return replaceMatches(actual, (m, nth) => before.get(m.name)?.[nth] ?? m.value);
}

// ---------------------------------------------------------------------------------------------
// Readable form, for diffs only: a JSON line pretty-printed (so a changed key order or value is
// a line of its own) and every cursor shown decoded (so a changed offset or key is visible).

const CURSOR_IN_JSON = /("NextCursor": ?")([A-Za-z0-9_-]+)(")/g;
const CURSOR_IN_URL = /([?&](?:Cursor|paginationSpec%5BCursor%5D)=)([A-Za-z0-9_-]+)/g;

/** The JSON a cursor holds, or undefined when it is not a cursor. */
export function decodeCursor(cursor: string): unknown {
  try {
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    return typeof body === 'object' && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}

function showCursor(cursor: string): string {
  const body = decodeCursor(cursor);
  return body === undefined ? cursor : `⟨cursor ${JSON.stringify(body)}⟩`;
}

function prettyLine(line: string): string {
  if (!/^\s*[[{]/.test(line)) return line;
  try {
    return JSON.stringify(JSON.parse(line), null, 2);
  } catch {
    return line;
  }
}

export function readable(text: string): string {
  return text
    .split('\n')
    .map(prettyLine)
    .join('\n')
    .replace(CURSOR_IN_JSON, (_m, a: string, c: string, b: string) => a + showCursor(c) + b)
    .replace(CURSOR_IN_URL, (_m, a: string, c: string) => a + showCursor(c));
}

/** The cursors printed in an output: a `NextCursor` of a JSON answer, and the paths of `Link` headers. */
export function printedCursors(output: string): { nextCursors: string[]; links: string[] } {
  const nextCursors = [...output.matchAll(/"NextCursor":"([A-Za-z0-9_-]+)"/g)].map((m) => m[1]);
  const links = [...output.matchAll(/^link: <([^>]+)>; rel="next"$/gim)].map((m) => m[1]);
  return { nextCursors, links };
}

// ---------------------------------------------------------------------------------------------
// Rewriting printed outputs (README_UPDATE=1).

export interface OutputUpdate {
  command: string;
  occurrence: number;
  /** The output printed when the examples were read. */
  printed: string;
  /** What to print instead. */
  output: string;
}

/**
 * `text` with the outputs of `updates` replaced. The file is parsed afresh, and an example is
 * found by its command (and occurrence), not its line: others may have edited the file since it
 * was read. An example whose command or printed output changed meanwhile is left alone and named
 * in `skipped`.
 */
export function rewriteOutputs(text: string, updates: readonly OutputUpdate[]): { text: string; skipped: string[] } {
  const lines = text.split('\n');
  const examples = consoleExamples(text);
  const skipped: string[] = [];
  const edits: { start: number; end: number; lines: string[] }[] = [];
  for (const update of updates) {
    const example = examples.find((e) => e.command === update.command && e.occurrence === update.occurrence);
    if (!example || example.expected !== update.printed) {
      skipped.push(commandTitle(update));
      continue;
    }
    edits.push({ start: example.outputStart, end: example.outputEnd, lines: update.output.split('\n') });
  }
  // From the bottom up, so that the line numbers of the edits still to come stay right.
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    lines.splice(edit.start, edit.end - edit.start, ...(edit.lines.length === 1 && edit.lines[0] === '' ? [] : edit.lines));
  }
  return { text: lines.join('\n'), skipped };
}

// ---------------------------------------------------------------------------------------------
// The ```sh blocks: not run, but the commands they name must exist.

/** The lines of every ```sh block of a Markdown text, continuations joined and comments dropped. */
export function shellLines(text: string): string[] {
  return fencedBlocks(text)
    .filter((b) => b.lang === 'sh' || b.lang === 'bash' || b.lang === 'shell')
    .flatMap((b) => b.lines.join('\n').replace(/\\\n/g, ' ').split('\n'))
    .map((line) => line.replace(/(^|\s)#.*$/, ''));
}

/** The arguments of each `supplygraph …` (or `node bin/supplygraph.js …`) invocation in a shell line. */
export function supplygraphInvocations(line: string): string[][] {
  return [...line.matchAll(/(?:^|[\s;&|(])(?:node bin\/supplygraph\.js|supplygraph)\s+([^;&|)]*)/g)]
    .map((m) => m[1].trim())
    .filter((args) => args !== '')
    .map((args) => args.split(/\s+/));
}

/** The npm scripts a shell line runs (`npm run X`, `npm test`, `npm start`). */
export function npmScripts(line: string): string[] {
  return [...line.matchAll(/(?:^|[\s;&|(])npm (?:run ([\w:-]+)|(test|start)\b)/g)].map((m) => m[1] ?? m[2]);
}

/** The lines of one section (`Options:`, `Commands:`) of a commander help text. */
function helpSection(help: string, title: string): string[] {
  const after = help.split(`\n${title}\n`)[1] ?? '';
  return after.split(/\n(?=\S)/)[0].split('\n');
}

/** The subcommands a commander help text lists (without `help`). */
export function helpSubcommands(help: string): string[] {
  return helpSection(help, 'Commands:')
    .map((l) => /^ {2}([a-z][\w-]*)/.exec(l)?.[1])
    .filter((c): c is string => c !== undefined && c !== 'help');
}

/** The long flags a commander help text lists. */
export function helpFlags(help: string): Set<string> {
  return new Set(
    helpSection(help, 'Options:')
      .map((l) => /^ {2}(?:-\w, )?(--[\w-]+)/.exec(l)?.[1])
      .filter((f): f is string => f !== undefined),
  );
}
