// The questions timed at every size: one build's own (its dependencies and vulnerabilities) and
// the portfolio's reverse ones ("which builds contain X", "what does this CVE reach"), first
// page of 100 and whole.
import { get } from '../lib/proc.js';
import type { BuildDocument } from './build-stream.js';

export interface Question {
  name: string;
  path: string;
}

const enc = encodeURIComponent;

/** The API path of a build's subject (add a resource: there is no bare artifact path): its image digest, else its purl. */
export function subjectPath(doc: Pick<BuildDocument, 'subject'>): string {
  if (doc.subject.digest !== undefined) return `/v0/artifact/${doc.subject.digest}`;
  if (doc.subject.purl !== undefined) return `/v0/package/${enc(doc.subject.purl)}`;
  throw new Error('a build without a subject');
}

/** The package most packages depend on (the frequency ranking's first). */
export async function popularPackage(base: string): Promise<string> {
  const res = await get(base, '/analysis/dependencies?sort=frequency&PageSize=1', 600_000);
  if (res.status !== 200) throw new Error(`the ranking answered ${res.status}`);
  return (JSON.parse(res.body.toString()) as { Name: string }[])[0].Name;
}

/** Of the advisories given, the one whose vulnerable packages have the most dependents. */
export async function widestAdvisory(base: string, ids: readonly string[]): Promise<string | undefined> {
  let best: { id: string; count: number } | undefined;
  for (const id of ids) {
    const res = await get(base, `/v0/vuln/${enc(id)}/dependents?PageSize=1`);
    if (res.status !== 200) continue;
    const count = (JSON.parse(res.body.toString()) as { PaginationInfo: { TotalCount: number } }).PaginationInfo
      .TotalCount;
    if (!best || count > best.count) best = { id, count };
  }
  return best?.id;
}

export function buildQuestions(newest: BuildDocument): Question[] {
  const subject = subjectPath(newest);
  return [
    { name: 'newest build: dependencies, first 100', path: `${subject}/dependencies?PageSize=100` },
    { name: 'newest build: dependencies, whole', path: `${subject}/dependencies` },
    { name: 'newest build: vulns with dependencies', path: `${subject}/vulns?includeDependencies=true` },
  ];
}

export function portfolioQuestions(popular: string, advisory: string | undefined): Question[] {
  const x = `/v0/package/${enc(popular)}`;
  const questions = [
    { name: 'projects with their latest build, first 100', path: '/v0/projects?PageSize=100' },
    { name: 'findings of the latest builds, first 100', path: '/v0/findings?PageSize=100' },
    { name: 'findings of the latest builds, summary', path: '/v0/findings/summary' },
    { name: 'which packages contain X, first 100', path: `${x}/dependents?PageSize=100` },
    { name: 'which packages contain X, whole', path: `${x}/dependents` },
    { name: 'which images contain X, first 100', path: `${x}/artifacts?PageSize=100` },
  ];
  if (advisory === undefined) return questions;
  const v = `/v0/vuln/${enc(advisory)}`;
  return [
    ...questions,
    { name: 'what the CVE reaches, first 100', path: `${v}/dependents?PageSize=100` },
    { name: 'what the CVE reaches, whole', path: `${v}/dependents` },
    { name: 'images the CVE reaches, first 100', path: `${v}/artifacts?PageSize=100` },
  ];
}
