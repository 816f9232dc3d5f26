// Deleting a document: every endpoint then answers (status and body) as a server on a store
// that never had the document, for every package, artifact and vulnerability the documents
// name; delete then re-ingest gives the answers back; a running server sees a delete made
// through another connection to the store. Runs on both backends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import {
  artifactPaths,
  askAll,
  digestsInDocuments,
  nameOf,
  packagePaths,
  purlsInDocuments,
  vulnIdsInDocuments,
  vulnPaths,
  rankingOfCurrentVersion,
  type Answer,
} from '../golden/endpoint-answers.js';
import { enc, ingestInto, startTestApp, type TestClient } from '../helpers/server.js';
import { OVERLAPPING } from '../store/delete-contract.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const since = Date.now();

/** The overlapping fixtures (two SBOMs of one image, one scan in JSON and XML, an advisory, a VEX) by name. */
const documents: Record<string, string> = Object.fromEntries(
  OVERLAPPING.map((path) => [path, readFileSync(join(FIXTURES, path), 'utf8')]),
);

/** Every read endpoint about everything the documents name (packages, versions, artifacts, vulnerabilities), and the rankings. */
function everyPath(): string[] {
  const purls = purlsInDocuments(documents);
  const names = [...new Set(purls.map(nameOf))];
  return [
    '/analysis/dependencies?sort=frequency',
    '/analysis/dependencies?sort=scorecard',
    ...names.flatMap((n) => [`/v0/package/${enc(n)}`, ...packagePaths(n)]),
    ...purls.flatMap((p) => [`/v0/package/${enc(p)}`, ...packagePaths(p)]),
    ...digestsInDocuments(documents).flatMap(artifactPaths),
    ...vulnIdsInDocuments(documents).flatMap(vulnPaths),
  ];
}

async function answers(client: TestClient): Promise<Record<string, Answer>> {
  await rankingOfCurrentVersion(client);
  return askAll(client, everyPath(), since);
}

async function digestOf(client: TestClient, name: string): Promise<string> {
  const store = client.server.service.store;
  return (await store.listDocuments({ limit: 100 })).documents.find((d) => d.name === name)!.digest;
}

function without(name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(documents).filter(([n]) => n !== name));
}

describe('DELETE of a document, as the read API sees it', () => {
  for (const victim of [OVERLAPPING[0], OVERLAPPING[2], OVERLAPPING[5]]) {
    it(`answers as a store that never had ${victim.split('/')[1]}, and as before once it is ingested again`, async () => {
      const [full, reference] = [await startTestApp(documents), await startTestApp(without(victim))];
      try {
        const before = await answers(full);
        const paths = Object.keys(before);
        expect(paths.length).toBeGreaterThan(100);
        // The documents overlap: the victim's deletion must keep what the others state.
        expect(Object.values(before).filter((a) => a.status === 200).length).toBeGreaterThan(50);

        expect(await full.server.service.store.deleteDocument(await digestOf(full, victim))).toBe(true);
        await full.server.service.refresh();
        const after = await answers(full);
        expect(after).toEqual(await answers(reference));
        expect(after).not.toEqual(before);

        await ingestInto(full.storeDir, { [victim]: documents[victim] });
        await full.server.service.refresh();
        expect(await answers(full)).toEqual(before);
      } finally {
        await Promise.all([full.close(), reference.close()]);
      }
    }, 120_000);
  }

  it('deleting an unknown digest is false and changes no answer', async () => {
    const t = await startTestApp(documents);
    try {
      const version = t.server.service.version;
      expect(await t.server.service.store.deleteDocument(`sha256:${'0'.repeat(64)}`)).toBe(false);
      expect(await t.server.service.refresh()).toBe(false);
      expect(t.server.service.version).toBe(version);
    } finally {
      await t.close();
    }
  });

  it('a running server sees a delete made through another connection, on its own refresh', async () => {
    const t = await startTestApp(documents);
    const other = await openStore(t.storeDir);
    try {
      const purl = 'pkg:maven/org.apache.logging.log4j/log4j-core@2.13.2';
      const path = `/v0/package/${enc(purl)}/vulns`;
      const before = await t.get(path);
      const etag = before.headers.get('etag');
      for (const name of [OVERLAPPING[2], OVERLAPPING[3]]) {
        expect(await other.deleteDocument(await digestOf(t, name))).toBe(true);
      }
      // No refresh() here: the server's poll (or PostgreSQL's notification) brings the delete in.
      for (let i = 0; i < 200 && (await t.get(path)).headers.get('etag') === etag; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const after = await t.get(path);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(after.body).not.toEqual(before.body);
    } finally {
      await other.close();
      await t.close();
    }
  });
});
