// The reading, masking and rewriting of documented examples that readme-examples.test.ts relies
// on: an example misread, a mask too wide or a rewrite in the wrong place would let the README
// drift again, or damage it on README_UPDATE=1.
import { describe, expect, it } from 'vitest';
import {
  consoleExamples,
  helpFlags,
  helpSubcommands,
  keepPrintedParts,
  mask,
  npmScripts,
  readable,
  rewriteOutputs,
  shellLines,
  supplygraphInvocations,
} from './doc-examples.js';

const FENCE = '```';
const cursor = (body: object): string => Buffer.from(JSON.stringify(body)).toString('base64url');

const DOC = [
  'Some text.',
  '',
  `${FENCE}console`,
  "$ curl -s 'localhost:8080/healthz'",
  'Healthy',
  '',
  "$ curl -s -i 'localhost:8080/v0/x' \\",
  "    | jq -c '.a'",
  'HTTP/1.1 200 OK',
  'etag: "0a1b2c3d-15"',
  '',
  '{"a":1}',
  '',
  "$ curl -s 'localhost:8080/healthz'",
  'Healthy',
  FENCE,
  '',
  `${FENCE}sh`,
  "$ curl -s 'localhost:8080/not-an-example'",
  FENCE,
  '',
].join('\n');

describe('consoleExamples', () => {
  it('reads each command of a console block with the output under it', () => {
    const examples = consoleExamples(DOC);
    expect(examples.map((e) => [e.command, e.expected, e.line, e.occurrence])).toEqual([
      ["curl -s 'localhost:8080/healthz'", 'Healthy', 4, 0],
      [
        "curl -s -i 'localhost:8080/v0/x' \\\n    | jq -c '.a'",
        'HTTP/1.1 200 OK\netag: "0a1b2c3d-15"\n\n{"a":1}',
        7,
        0,
      ],
      ["curl -s 'localhost:8080/healthz'", 'Healthy', 14, 1],
    ]);
  });
});

describe('mask', () => {
  it('masks request ids, the store id of an ETag and dates, and nothing else', () => {
    const text = [
      'x-request-id: 8b73950a-6dad-4233-bbe9-1bdf67573f15',
      'etag: "6b189e1c-15-frequency"',
      'Date: Fri, 27 Nov 2026 03:05:53 GMT',
      '{"requestId":"8b73950a-6dad-4233-bbe9-1bdf67573f15","id":"8b73950a-6dad-4233-bbe9-1bdf67573f15"}',
    ].join('\n');
    expect(mask(text).text).toBe(
      [
        'x-request-id: ⟨request id⟩',
        'etag: "⟨store id⟩-15-frequency"',
        'Date: ⟨date⟩',
        '{"requestId":"⟨request id⟩","id":"8b73950a-6dad-4233-bbe9-1bdf67573f15"}',
      ].join('\n'),
    );
  });

  it('leaves a value of another shape as it is, so that it shows in the diff', () => {
    expect(mask('{"requestId":"…"}\netag: "6b189e1c"').text).toBe('{"requestId":"…"}\netag: "6b189e1c"');
  });
});

describe('keepPrintedParts', () => {
  it('takes the actual output with the masked parts as printed, the n-th of each kind', () => {
    const printed = 'x-request-id: 00000000-0000-4000-8000-000000000001\netag: "aaaaaaaa-14"';
    const actual =
      'x-request-id: 11111111-1111-4111-8111-111111111111\netag: "bbbbbbbb-15"\nx-request-id: 22222222-2222-4222-8222-222222222222';
    expect(keepPrintedParts(actual, printed)).toBe(
      'x-request-id: 00000000-0000-4000-8000-000000000001\netag: "aaaaaaaa-15"\nx-request-id: 22222222-2222-4222-8222-222222222222',
    );
  });
});

describe('readable', () => {
  it('pretty-prints JSON lines and decodes cursors, in bodies and in Link headers', () => {
    const c = cursor({ v: 1, s: 'scope', g: 15, o: 3, k: ['pkg:npm/a@1'] });
    const shown = readable(`link: </v0/x?PageSize=3&Cursor=${c}>; rel="next"\n{"PaginationInfo":{"NextCursor":"${c}"}}`);
    expect(shown).toContain('Cursor=⟨cursor {"v":1,"s":"scope","g":15,"o":3,"k":["pkg:npm/a@1"]}⟩>');
    expect(shown).toContain('\n    "NextCursor": "⟨cursor {"v":1,"s":"scope","g":15,"o":3,"k":["pkg:npm/a@1"]}⟩"\n');
  });
});

describe('rewriteOutputs', () => {
  const [first, second, third] = consoleExamples(DOC);
  const update = (e: typeof first, output: string) => ({ ...e, printed: e.expected, output });

  it('replaces the outputs of the examples, and nothing else', () => {
    const { text, skipped } = rewriteOutputs(DOC, [update(second, 'HTTP/1.1 200 OK\n\n{"a":2}'), update(third, 'Ill')]);
    expect(skipped).toEqual([]);
    expect(text).toBe(
      DOC.replace('etag: "0a1b2c3d-15"\n\n{"a":1}', '\n{"a":2}').replace('Healthy\n```', 'Ill\n```'),
    );
  });

  it('finds an example by its command after the file changed above it', () => {
    const edited = `# A new title\n\nMore text.\n${DOC}`;
    const { text } = rewriteOutputs(edited, [update(first, 'Sick')]);
    expect(text).toBe(edited.replace('Healthy', 'Sick'));
  });

  it('leaves alone an example whose printed output changed meanwhile', () => {
    const edited = DOC.replace('{"a":1}', '{"a":3}');
    const { text, skipped } = rewriteOutputs(edited, [update(second, '{"a":2}')]);
    expect(text).toBe(edited);
    expect(skipped).toEqual(["curl -s -i 'localhost:8080/v0/x' | jq -c '.a'"]);
  });

  it('writes an output under a command that printed nothing', () => {
    const doc = `${FENCE}console\n$ true\n\n$ echo hi\nhi\n${FENCE}\n`;
    const [silent] = consoleExamples(doc);
    expect(rewriteOutputs(doc, [update(silent, 'now\nsays')]).text).toBe(
      `${FENCE}console\n$ true\nnow\nsays\n\n$ echo hi\nhi\n${FENCE}\n`,
    );
  });
});

describe('the sh blocks', () => {
  it('finds supplygraph invocations and npm scripts, continuations joined and comments left out', () => {
    const lines = shellLines(
      [
        `${FENCE}sh`,
        'npm install && npm run demo      # then supplygraph serve --nothing',
        'TOKEN=$(node bin/supplygraph.js token create --name ci --scope ingest)',
        'supplygraph ingest --trusted-keys ./keys/ \\',
        '  build/*.json',
        'npm pack && npm install -g ./supplygraph-*.tgz',
        FENCE,
      ].join('\n'),
    );
    expect(lines.flatMap(supplygraphInvocations)).toEqual([
      ['token', 'create', '--name', 'ci', '--scope', 'ingest'],
      ['ingest', '--trusted-keys', './keys/', 'build/*.json'],
    ]);
    expect(lines.flatMap(npmScripts)).toEqual(['demo']);
  });

  it('reads the subcommands and flags of a commander help text', () => {
    const help = [
      'Usage: supplygraph token [options] [command]',
      '',
      'Options:',
      '  -h, --help               display help for command',
      '  --store <location>       store directory (default:',
      '                           "./supplygraph-data" --not-a-flag)',
      '',
      'Commands:',
      '  create [options]         create an API token',
      '  revoke [options] <name>  delete a token',
      '  help [command]           display help for command',
      '',
    ].join('\n');
    expect(helpSubcommands(help)).toEqual(['create', 'revoke']);
    expect([...helpFlags(help)]).toEqual(['--help', '--store']);
  });
});
