// What the package page's vulnerability table needs: the package's findings with its dependencies',
// then, for the first 50 vulnerabilities (4 at a time), the record and the VEX status of each
// package it was reported for.
import { api, unwrap } from '../../api/client';
import type { Answer } from '../../components/api-types';
import { mapLimit } from '../../components/map-limit';
import { bySeverity } from '../../components/severity';
import { groupFindings, mergeByPrimary } from './findings';

export const VULN_DETAIL_LIMIT = 50;

type Record = Answer<'/v0/vuln/{id}'>;
type AffectedPackage = Answer<'/v0/vuln/{id}/packages'>['packages'][number];

export interface VulnRow {
  id: string;
  severity: Record['severity'];
  cvssScore?: number;
  kev: Record['kev'];
  epss: Record['epss'];
  summary: string;
  packages: string[];
  /** Per package: its VEX status (`suppressedBy` when a statement says not affected). */
  vex: Map<string, AffectedPackage>;
  affected: number;
  suppressed: number;
}

export interface PackageVulns {
  rows: VulnRow[];
  /** Distinct vulnerabilities found (rows holds the first VULN_DETAIL_LIMIT). */
  distinct: number;
  findings: number;
  total: number;
}

async function row(ids: { id: string; packages: string[] }, signal: AbortSignal): Promise<VulnRow> {
  const path = { id: ids.id };
  const [record, affected] = await Promise.all([
    api.GET('/v0/vuln/{id}', { params: { path }, signal }).then(unwrap),
    api
      .GET('/v0/vuln/{id}/packages', { params: { path, query: { include: 'suppressed', PageSize: 200 } }, signal })
      .then(unwrap),
  ]);
  const vex = new Map<string, AffectedPackage>();
  for (const p of affected.packages) if (ids.packages.includes(p.purl)) vex.set(p.purl, p);
  return {
    id: record.id,
    severity: record.severity,
    cvssScore: record.cvssScore,
    kev: record.kev,
    epss: record.epss,
    summary: record.summary || record.description.split('\n')[0],
    packages: ids.packages,
    vex,
    affected: record.packages.affected,
    suppressed: record.packages.suppressed,
  };
}

export async function loadPackageVulns(purl: string, signal: AbortSignal): Promise<PackageVulns> {
  const result = await api.GET('/v0/package/{purl}/vulns', {
    params: { path: { purl }, query: { includeDependencies: 'true' } },
    signal,
  });
  const findings = unwrap(result);
  const total = Number(result.response.headers.get('x-total-count') ?? findings.length);
  const groups = groupFindings(findings);
  const rows = await mapLimit(groups.slice(0, VULN_DETAIL_LIMIT), 4, (g) => row(g, signal), signal);
  return {
    rows: mergeByPrimary(rows, (into, from) => from.vex.forEach((v, k) => into.vex.set(k, v))).sort(bySeverity),
    distinct: groups.length,
    findings: findings.length,
    total,
  };
}
