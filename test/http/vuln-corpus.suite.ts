// The blast radius over real documents (test/fixtures in vuln-corpus.test.ts, the whole corpus in
// the sweep): every image a grype or Trivy report scanned is an artifact, and
// /v0/vuln/{id}/artifacts lists it, with a path, for every vulnerability the report names. The
// image digests and ids are read from the raw reports here, not by the code under test. With the
// SBOMs of the set ingested beside the reports, both blast-radius properties hold (vuln-properties.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';
import { expectBlastProperties } from './vuln-properties.js';

const digestOf = (text: unknown): string | undefined => {
  if (typeof text !== 'string') return undefined;
  const m = /(sha256):([0-9a-f]{64})$/i.exec(text.trim());
  return m ? `sha256:${m[2].toLowerCase()}` : undefined;
};

/** The scanned image's digests and the vulnerability ids a report names (none when it scanned no image). */
export function scannedImage(doc: any): { digests: string[]; ids: string[] } {
  if (Array.isArray(doc?.matches)) {
    const target = doc.source?.type === 'image' ? doc.source.target : undefined;
    const digests = [target?.manifestDigest, target?.imageID].map(digestOf).filter((d): d is string => !!d);
    return { digests, ids: doc.matches.map((m: any) => m.vulnerability.id) };
  }
  if (doc && !Array.isArray(doc) && doc.ArtifactType === 'container_image') {
    const m = doc.Metadata ?? {};
    const digests = [...(m.RepoDigests ?? []), m.ImageID].map(digestOf).filter((d): d is string => !!d);
    const ids = (doc.Results ?? []).flatMap((r: any) => (r.Vulnerabilities ?? []).map((v: any) => v.VulnerabilityID));
    return { digests, ids };
  }
  return { digests: [], ids: [] };
}

/** The reference URLs a report gives with the first mention of each vulnerability id. */
function reportReferences(doc: any): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const isUrl = (u: unknown): u is string => typeof u === 'string' && /^https?:\/\//.test(u);
  if (Array.isArray(doc?.matches)) {
    for (const m of doc.matches) {
      const v = m.vulnerability;
      if (!out.has(v.id)) out.set(v.id, [v.dataSource, ...(v.urls ?? [])].filter(isUrl));
    }
  } else {
    for (const r of (Array.isArray(doc) ? doc : doc?.Results) ?? [])
      for (const v of r.Vulnerabilities ?? [])
        if (!out.has(v.VulnerabilityID))
          out.set(v.VulnerabilityID, [v.PrimaryURL, ...(v.References ?? [])].filter(isUrl));
  }
  return out;
}

/** Trivy's PublishedDate of each vulnerability id (first mention). */
function publishedDates(doc: any): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(doc?.matches)) return out;
  for (const r of (Array.isArray(doc) ? doc : doc?.Results) ?? [])
    for (const v of r.Vulnerabilities ?? [])
      if (v.PublishedDate && !out.has(v.VulnerabilityID)) out.set(v.VulnerabilityID, v.PublishedDate);
  return out;
}

export function vulnBlastSuite(set: DocumentSet): void {
  const REPORTS = set.filesOfKind('grype', 'trivy');
  const IMAGES = REPORTS.filter((f) => scannedImage(set.rawJson(f)).digests.length > 0);
  const texts = (files: string[]) => Object.fromEntries(files.map((f) => [f, set.text(f)]));

  describe(`scanned images of the ${set.name}: the blast radius reaches them`, () => {
    let t: TestClient;
    // Trivy's Title of each id, over every report of the set: the record's summary is one of them.
    const titles = new Map<string, Set<string>>();
    for (const file of REPORTS) {
      const doc = set.rawJson(file);
      if (Array.isArray(doc?.matches)) continue;
      for (const r of (Array.isArray(doc) ? doc : doc?.Results) ?? [])
        for (const v of r.Vulnerabilities ?? [])
          if (typeof v.Title === 'string' && v.Title.trim()) {
            let known = titles.get(v.VulnerabilityID);
            if (!known) titles.set(v.VulnerabilityID, (known = new Set()));
            known.add(v.Title.trim());
          }
    }
    beforeAll(async () => {
      t = await startTestApp(texts(REPORTS));
    });
    afterAll(() => t.close());

    it('there are image scans to check', () => {
      expect(IMAGES.length).toBeGreaterThan(0);
    });

    it.each(IMAGES)('%s: every vulnerability it names lists the scanned image, with a path', async (file) => {
      const { digests, ids } = scannedImage(set.rawJson(file));
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const r = await t.get(`/v0/vuln/${enc(id)}/artifacts`);
        expect(r.status, `${id}: ${r.text}`).toBe(200);
        const listed = new Map<string, string[]>(r.body.artifacts.map((a: any) => [a.digest, a.via]));
        // Every digest of the image: they are equivalent (HashEqual), so each reaches the package.
        for (const digest of digests) if (!(listed.get(digest)?.length ?? 0)) missing.push(`${id} ✗ ${digest}`);
      }
      expect(missing).toEqual([]);
    });

    it.each(REPORTS)(
      '%s: the record of each vulnerability it names has the reference URLs, title and publication time it gives',
      async (file) => {
        const missing: string[] = [];
        for (const [id, urls] of reportReferences(set.rawJson(file))) {
          const r = await t.get(`/v0/vuln/${enc(id)}`);
          if (r.status !== 200) continue; // a finding whose package ingest could not name (counted elsewhere)
          for (const url of urls) if (!r.body.references.includes(url.trim())) missing.push(`${id} ✗ ${url}`);
          const given = titles.get(id);
          if (given && !given.has(r.body.summary)) missing.push(`${id} ✗ summary ${r.body.summary}`);
          const published = publishedDates(set.rawJson(file)).get(id);
          // The earliest any document gives: never later than this report's.
          if (published && !(r.body.published && Date.parse(r.body.published) <= Date.parse(published)))
            missing.push(`${id} ✗ published ${published}: ${r.body.published}`);
        }
        expect(missing).toEqual([]);
      },
    );
  });

  describe(`blast-radius properties over the scanner reports and SBOMs of the ${set.name}`, () => {
    let t: TestClient;
    beforeAll(async () => {
      const sboms = set.filesOfKind('spdx', 'cyclonedx', 'slsa-provenance');
      t = await startTestApp(texts([...REPORTS, ...sboms, ...set.filesOfKind('openvex')]));
    }, 120_000);
    afterAll(() => t.close());

    it('D ∈ dependents ⇔ D’s vulns list V for a dependency; A ∈ artifacts ⇔ A’s vulns list V; every via is cheapest', () => {
      expect(expectBlastProperties(t.server.service.index).listed).toBeGreaterThan(0);
    }, 300_000);
  });
}
