// Golden answers: a regression net for refactors that must not change behaviour.
//
// Every real document of test/fixtures/<kind>/ and the demo data of examples/demo/ are ingested into one test server, then every read
// endpoint is asked about a selection of inputs derived deterministically from the data (sorted
// lists, every Nth item), and the answers (status and body) are compared with answers.snapshot.json.
// The same snapshot holds for the sqlite and the postgres projects.
//
// Only what legitimately varies between runs and stores is masked: request ids, cursors (which
// embed a store id: only whether one is there is kept) and times the ingest itself assigns (any
// time later than the start of the test reads "<ingest-time>").
//
// When an answer changes on purpose, update the snapshot with
// `npm run test:system -- --project system test/golden -u` and explain the change in the commit
// message. Never update it to make a refactor pass.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/corpus.js';
import type { DocumentResult } from '../../src/ingest/pipeline.js';
import { enc, ingestInto, startTestServer, type TestServer } from '../helpers/server.js';
import {
  artifactPaths,
  askAll as askAllOf,
  digestsInDocuments as digestsIn,
  nameOf,
  normalise as normaliseSince,
  packagePaths,
  purlsInDocuments as purlsIn,
  rankingOfCurrentVersion as rankingCaughtUp,
  sorted,
  vulnIdsInDocuments as vulnIdsIn,
  vulnPaths,
  type Answer,
  type Json,
} from './endpoint-answers.js';

/** Package listings asked for: every Nth package name known from the data. */
const NAME_STEP = 3;
/** Package versions asked about per type: about this many, every Nth of the sorted listing. */
const PURLS_PER_TYPE = 40;
/** Partial purls (no version) whose dependencies and vulnerabilities are asked for: about this many names. */
const PARTIALS = 50;
/** Artifact digests asked about: about this many of those found with and without dependencies, and unknown ones. */
const DIGESTS_WITH_DEPENDENCIES = 20;
const DIGESTS_WITHOUT_DEPENDENCIES = 10;
const DIGESTS_UNKNOWN = 4;
/** Vulnerability ids written in the documents whose record and blast radius are asked for: about this many. */
const VULNS = 60;

const testStart = Date.now();
let t: TestServer;
let ingested: DocumentResult[];

/** The documents ingested, by name: every real fixture, then the demo data set. */
const DEMO_DIR = fileURLToPath(new URL('../../examples/demo/', import.meta.url));
const documents: Record<string, string> = {};
for (const { file } of FIXTURES.entries()) documents[file] = readFileSync(FIXTURES.path(file), 'utf8');
for (const file of readdirSync(DEMO_DIR).sort()) documents[`demo/${file}`] = readFileSync(DEMO_DIR + file, 'utf8');

beforeAll(async () => {
  t = await startTestServer();
  ingested = await ingestInto(t.storeDir, documents);
  await t.server.service.refresh();
  await rankingOfCurrentVersion();
}, 300_000);

afterAll(() => t?.close());

const rankingOfCurrentVersion = (): Promise<void> => rankingCaughtUp(t);
const normalise = (value: Json): Json => normaliseSince(value, testStart);
const askAll = (paths: string[]): Promise<Record<string, Answer>> => askAllOf(t, paths, testStart);
const purlsInDocuments = (): string[] => purlsIn(documents);
const digestsInDocuments = (): string[] => digestsIn(documents);
const vulnIdsInDocuments = (): string[] => vulnIdsIn(documents);

/** Every step-th item, starting with the first. */
const everyNth = <T>(items: T[], step: number): T[] => items.filter((_, i) => i % step === 0);
/** About `count` items spread evenly over the list. */
const spread = <T>(items: T[], count: number): T[] => everyNth(items, Math.max(1, Math.ceil(items.length / count)));

/** Follows a list page by page; returns what each page answered and all items in order. */
async function pagedWalk(first: string, itemsOf: (body: Json) => Json[]) {
  const pages: Answer[] = [];
  const items: Json[] = [];
  let path: string | undefined = first;
  while (path && pages.length < 1000) {
    const r = await t.get(path);
    pages.push({ status: r.status, body: normalise(r.body as Json) });
    expect(r.status).toBe(200);
    items.push(...itemsOf(r.body as Json));
    // Body lists carry a NextCursor, bare arrays a Link header to the next page.
    const cursor: string | undefined = r.body?.PaginationInfo?.NextCursor;
    const link = /<([^>]*)>;\s*rel="next"/.exec(r.headers.get('link') ?? '')?.[1];
    path = cursor ? `${first}&Cursor=${enc(cursor)}` : link?.replace(/^https?:\/\/[^/]+/, '');
  }
  return { pages, items };
}

it('answers the same as the recorded snapshot', async () => {
  const rankings = await askAll(['/analysis/dependencies?sort=frequency', '/analysis/dependencies?sort=scorecard']);
  const frequency = rankings['/analysis/dependencies?sort=frequency'];
  expect(frequency.status).toBe(200);

  // Package names known from the data: the ranking's names and the names of purls in the documents.
  const rankedNames = (frequency.body as { Name: string }[]).map((e) => e.Name);
  const names = sorted([...rankedNames, ...purlsInDocuments().map(nameOf)]);
  const listings = await askAll(everyNth(names, NAME_STEP).map((n) => `/v0/package/${enc(n)}`));

  // Package versions: every Nth of the sorted listings, per type.
  const listed = sorted(
    Object.values(listings).flatMap((a) => (a.status === 200 ? (a.body as { PurlList: string[] }).PurlList : [])),
  );
  const byType = new Map<string, string[]>();
  for (const purl of listed) {
    const type = purl.slice(4, purl.indexOf('/'));
    byType.set(type, [...(byType.get(type) ?? []), purl]);
  }
  const purls = [...byType.keys()].sort().flatMap((type) => spread(byType.get(type)!, PURLS_PER_TYPE));
  const partials = spread(names, PARTIALS);
  const odd = [
    'pkg:npm/no-such-package-anywhere',
    'pkg:npm/no-such-package-anywhere@1.0.0',
    `${nameOf(purls[0])}@0.0.0-no-such-version`,
    'pkg:npm',
    'not-a-purl',
    'pkg:npm/%zz',
  ];

  // Artifacts: digests written in the documents, those the store knows and a few it does not,
  // each asked with its algorithm and as the bare value.
  const candidates = digestsInDocuments();
  const known = await askAll(candidates.map((d) => `/v0/artifact/${enc(d)}/dependencies`));
  const answerOf = (d: string) => known[`/v0/artifact/${enc(d)}/dependencies`];
  const dependencyCount = (d: string) => (answerOf(d).body as { PurlList: string[] }).PurlList.length;
  const found = candidates.filter((d) => answerOf(d).status === 200);
  const digests = [
    ...spread(
      found.filter((d) => dependencyCount(d) > 0),
      DIGESTS_WITH_DEPENDENCIES,
    ),
    ...spread(
      found.filter((d) => dependencyCount(d) === 0),
      DIGESTS_WITHOUT_DEPENDENCIES,
    ),
    ...spread(
      candidates.filter((d) => answerOf(d).status !== 200),
      DIGESTS_UNKNOWN,
    ),
  ];
  const digestForms = digests.flatMap((d) => [d, d.slice(d.indexOf(':') + 1), d.toUpperCase()]);
  const oddDigests = ['sha256:', 'sha256:%01', 'unknown-algorithm:abc'];

  const answers = await askAll([
    ...purls.flatMap((p) => [`/v0/package/${enc(p)}`, ...packagePaths(p)]),
    ...partials.flatMap(packagePaths),
    ...odd.flatMap((p) => [`/v0/package/${enc(p)}`, ...packagePaths(p)]),
    ...[...digestForms, ...oddDigests].flatMap(artifactPaths),
    ...[...spread(vulnIdsInDocuments(), VULNS), 'CVE-1999-0000', 'not an id'].flatMap(vulnPaths),
  ]);

  // One paged walk over the largest package listing, one over the frequency ranking.
  const largest = Object.entries(listings)
    .filter(([, a]) => a.status === 200)
    .sort(
      ([pa, a], [pb, b]) =>
        (b.body as { PurlList: string[] }).PurlList.length - (a.body as { PurlList: string[] }).PurlList.length ||
        (pa < pb ? -1 : 1),
    )[0][0];
  const listingWalk = await pagedWalk(`${largest}?PageSize=2`, (b) => (b as { PurlList: Json[] }).PurlList);
  expect(listingWalk.items).toEqual((listings[largest].body as { PurlList: Json[] }).PurlList);
  const rankingWalk = await pagedWalk('/analysis/dependencies?sort=frequency&PageSize=250', (b) => b as Json[]);
  expect(rankingWalk.items).toEqual(frequency.body);

  const recorded = {
    // What each document gave the store (the parser's skip reasons are counted, not listed).
    ingest: ingested.map(({ name, status, format, error, packages, artifacts, dependencies, skipped }) => ({
      name,
      status,
      format,
      error,
      packages,
      artifacts,
      dependencies,
      skipped,
    })),
    inputs: { names: names.length, listings: Object.keys(listings).length, purls, partials, odd, digests, oddDigests },
    rankings,
    listings,
    answers,
    pagedWalks: {
      [largest]: listingWalk.pages,
      '/analysis/dependencies?sort=frequency': rankingWalk.pages.map((p) => ({
        status: p.status,
        items: (p.body as Json[]).length,
      })),
    },
  };
  await expect(JSON.stringify(normalise(recorded as unknown as Json), null, 2) + '\n').toMatchFileSnapshot(
    './answers.snapshot.json',
  );
}, 300_000);
