// Shared pieces of the purl round-trip checks.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';
import { formatPurl, parsePurl } from '../../src/model/purl.js';
import { cycloneDxXmlToJson } from '../../src/ingest/formats/cyclonedx/index.js';

/** Every string in the document that starts with "pkg:" (XML: after the XML reader's decoding). */
export function purlsIn(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  let doc: unknown;
  try {
    doc = file.endsWith('.xml') ? cycloneDxXmlToJson(text) : JSON.parse(text);
  } catch {
    return []; // not a document this test can read; the corpus suites cover it
  }
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.startsWith('pkg:')) out.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(doc);
  return out;
}

export function expectModelRoundTrip(raw: string): string {
  const parsed = parsePurl(raw);
  const canonical = formatPurl(parsed);
  const again = parsePurl(canonical);
  expect(again, raw).toEqual(parsed);
  expect(formatPurl(again), raw).toBe(canonical);
  return canonical;
}

export async function serve(files: string[]): Promise<TestClient> {
  return startTestApp(Object.fromEntries(files.map((f) => [basename(f), readFileSync(f, 'utf8')])));
}

/** The API's answer for a purl as the document wrote it. */
export async function listed(t: TestClient, raw: string): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(raw)}`);
  expect(r.status, raw).toBe(200);
  return r.body.PurlList;
}
