// Findings across the portfolio (docs/api.md, "Findings"): one row per (build, package,
// vulnerability) over each project's latest build (or every build of one project), filtered,
// sorted by severity then project, paged; and their counts per project and severity. The builds
// come from the project catalogue, their findings from the index (build-findings.ts), remembered
// per build until the index changes: a question costs the projects it covers, never the store.
import { setImmediate } from 'node:timers/promises';
import type { GraphView } from '../index/graph-view.js';
import { SEVERITIES, type Severity } from '../model/vulnerability.js';
import type { ProjectCatalogue, StoredBuild, StoredProject } from '../store/types.js';
import { labelPairs } from './projects.js';
import { buildFindings, type BuildFinding } from './build-findings.js';
import { InvalidInputError, NotFoundError } from './errors.js';
import { resolvePackages, resolveVulnerability } from './resolve.js';
import { compareText } from '../model/compare.js';
import { exploitationOfVuln } from './vulnerabilities.js';
import { filtersExploitation, passesExploitation, type ExploitationFilters } from './exploitation-filter.js';

/** A build of a project, as the findings read it. */
export interface ProjectBuild {
  project: string;
  build: StoredBuild;
}

export interface FindingFilters extends ExploitationFilters {
  /** Only findings of this severity or worse. */
  severity?: Severity;
  /** Only packages of this purl type (npm, maven, deb…). */
  ecosystem?: string;
  /** Only these packages: a purl, partial or exact (docs/api.md, "Which packages a purl names"). */
  package?: string;
  /** Only this vulnerability, by any of its ids. */
  vulnerability?: string;
  /** Suppressed by VEX: left out (false, the default), only them (true), or both (any). */
  suppressed?: 'true' | 'false' | 'any';
  /** Only findings with (true) or without (false) a known fixed version. */
  fixAvailable?: boolean;
}

/** `severity` (default): worst first. `exploitation`: KEV first, then by EPSS, highest first. `epss`: by EPSS. */
export const FINDING_ORDERS = ['severity', 'exploitation', 'epss'] as const;
export type FindingOrder = (typeof FINDING_ORDERS)[number];

export interface FindingRow extends ProjectBuild {
  finding: BuildFinding;
}

const RANK = new Map<Severity, number>(SEVERITIES.map((s, i) => [s, i]));
export const severityRank = (s: Severity): number => RANK.get(s) ?? SEVERITIES.length;

/** The findings of each build remembered until the index changes (another index, or a new generation). */
class FindingsMemo {
  private index: WeakRef<GraphView> | undefined;
  private generation = -1;
  private readonly bySubject = new Map<number, BuildFinding[]>();

  of(index: GraphView, subject: number): BuildFinding[] {
    if (index.generation !== this.generation || this.index?.deref() !== index) {
      this.bySubject.clear();
      this.generation = index.generation;
      this.index = new WeakRef(index);
    }
    let found = this.bySubject.get(subject);
    if (!found) this.bySubject.set(subject, (found = buildFindings(index, subject)));
    return found;
  }
}

const memo = new FindingsMemo();

/** A walk of a build takes about 2 ms: the event loop gets a turn after this long. */
const SLICE_MS = 5;

/**
 * The findings of the builds that pass the filters, by severity (worst first), project, package,
 * vulnerability. The builds whose findings this index version has not computed yet are walked
 * in slices, without holding the event loop. A build is walked on the index current at its
 * slice (an upload meanwhile changes later builds' answers, never their consistency).
 */
export async function portfolioFindingsInSlices(
  current: () => GraphView,
  builds: readonly ProjectBuild[],
  filters: FindingFilters,
  order: FindingOrder = 'severity',
): Promise<FindingRow[]> {
  const found = new Map<number, BuildFinding[]>();
  let sliceStart = performance.now();
  for (const b of builds) {
    found.set(b.build.subjectNode, memo.of(current(), b.build.subjectNode));
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await setImmediate();
    sliceStart = performance.now();
  }
  return rowsOf(current(), builds, (subject) => found.get(subject) ?? [], filters, order);
}

function rowsOf(
  index: GraphView,
  builds: readonly ProjectBuild[],
  findingsOf: (subject: number) => readonly BuildFinding[],
  filters: FindingFilters,
  order: FindingOrder,
): FindingRow[] {
  const keep = findingFilter(index, filters);
  const rows: FindingRow[] = [];
  for (const b of builds) {
    for (const finding of findingsOf(b.build.subjectNode)) if (keep(finding)) rows.push({ ...b, finding });
  }
  const keys = new Map(rows.map((r) => [r, findingKey(index, r, order)]));
  return rows.sort((x, y) => compareKeys(keys.get(x)!, keys.get(y)!));
}

/**
 * The sort key of a row (and its cursor key): severity rank, project, package, vulnerability,
 * build; by exploitation, KEV and EPSS first (docs/api.md, "Exploitation: KEV and EPSS").
 */
export function findingKey(index: GraphView, r: FindingRow, order: FindingOrder = 'severity'): (string | number)[] {
  return [...exploitationKey(index, r.finding.vuln, order), ...severityKey(index, r)];
}

function exploitationKey(index: GraphView, vuln: number, order: FindingOrder): number[] {
  if (order === 'severity') return [];
  const { kev, epss } = exploitationOfVuln(index, vuln);
  const byEpss = -(epss?.score ?? -1);
  return order === 'epss' ? [byEpss] : [kev ? 0 : 1, byEpss];
}

function severityKey(index: GraphView, r: FindingRow): (string | number)[] {
  return [
    severityRank(r.finding.severity),
    r.project,
    index.keyOf(r.finding.pkg),
    index.keyOf(r.finding.vuln),
    r.build.digest,
  ];
}

function compareKeys(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : compareText(String(x), String(y));
    if (c !== 0) return c;
  }
  return 0;
}

/** The filters as one test; the named package and vulnerability are resolved once (404 when unknown). */
function findingFilter(index: GraphView, f: FindingFilters): (finding: BuildFinding) => boolean {
  const worst = f.severity === undefined ? SEVERITIES.length : severityRank(f.severity);
  const packages =
    f.package === undefined ? undefined : new Set(named(() => resolvePackages(index, f.package!).ids, 'package') ?? []);
  const vuln =
    f.vulnerability === undefined
      ? undefined
      : named(() => resolveVulnerability(index, f.vulnerability!), 'vulnerability');
  // A vulnerability the graph does not know keeps nothing (-1 is no alias root).
  const root = f.vulnerability === undefined ? undefined : vuln === undefined ? -1 : index.aliasRoot(vuln);
  const typePrefix = f.ecosystem === undefined ? undefined : `pkg:${f.ecosystem.toLowerCase()}/`;
  const suppressed = f.suppressed ?? 'false';
  const exploited = exploitationFilter(index, f);
  return (x) =>
    severityRank(x.severity) <= worst &&
    (packages === undefined || packages.has(x.pkg)) &&
    (root === undefined || index.aliasRoot(x.vuln) === root) &&
    (typePrefix === undefined || index.keyOf(x.pkg).startsWith(typePrefix)) &&
    (suppressed === 'any' || x.suppressed === (suppressed === 'true')) &&
    (f.fixAvailable === undefined || x.fixedIn.length > 0 === f.fixAvailable) &&
    exploited(x.vuln);
}

/** The kev and epssAtLeast filters as one test of a vulnerability. */
function exploitationFilter(index: GraphView, f: FindingFilters): (vuln: number) => boolean {
  if (!filtersExploitation(f)) return () => true;
  return (vuln) => passesExploitation(f, exploitationOfVuln(index, vuln));
}

/** What a filter names, or undefined when the graph holds none of it (the filter then keeps nothing); bad input is 400 naming `parameter`. */
function named<T>(resolve: () => T, parameter: string): T | undefined {
  try {
    return resolve();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    if (err instanceof InvalidInputError)
      throw new InvalidInputError(parameter, `${parameter}: ${err.message}`, err.code);
    throw err;
  }
}

/** A severity named in a query (any case); 400 naming `parameter` otherwise. */
export function parseSeverity(text: string, parameter: string): Severity {
  const upper = text.toUpperCase() as Severity;
  if (!RANK.has(upper)) {
    throw new InvalidInputError(parameter, `${parameter}: "${text}" is not a severity (${SEVERITIES.join(', ')})`);
  }
  return upper;
}

export type SeverityCounts = Record<Severity, number>;

function noCounts(): SeverityCounts {
  return Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SeverityCounts;
}

export interface FindingSummary {
  total: number;
  bySeverity: SeverityCounts;
  projects: { project: string; build: StoredBuild; total: number; bySeverity: SeverityCounts }[];
}

/** Counts per severity, overall and per project build (every build given, those without findings too), by project. */
export function findingSummary(builds: readonly ProjectBuild[], rows: readonly FindingRow[]): FindingSummary {
  const bySeverity = noCounts();
  const perBuild = new Map(builds.map((b) => [b.build.document, { ...b, total: 0, bySeverity: noCounts() }]));
  for (const r of rows) {
    bySeverity[r.finding.severity]++;
    const entry = perBuild.get(r.build.document);
    if (entry) {
      entry.total++;
      entry.bySeverity[r.finding.severity]++;
    }
  }
  const projects = [...perBuild.values()].sort(
    (a, b) => compareText(a.project, b.project) || b.build.builtAt.localeCompare(a.build.builtAt),
  );
  return { total: rows.length, bySeverity, projects };
}

/** Each build's findings counted by severity (suppressed ones left out), by document id: a project over time. */
export function countsPerBuild(
  builds: readonly ProjectBuild[],
  rows: readonly FindingRow[],
): Map<number, { total: number; bySeverity: SeverityCounts }> {
  const summary = findingSummary(builds, rows);
  return new Map(summary.projects.map((p) => [p.build.document, { total: p.total, bySeverity: p.bySeverity }]));
}

/**
 * Projects ordered by their latest build's findings, worst first: most CRITICAL, then most HIGH,
 * and so on down the severities, then by name (a project without a build last).
 */
export async function byFindings(
  current: () => GraphView,
  projects: readonly StoredProject[],
): Promise<StoredProject[]> {
  const latest = projects.flatMap((p) => (p.latest ? [{ project: p.name, build: p.latest }] : []));
  const counts = countsPerBuild(latest, await portfolioFindingsInSlices(current, latest, {}));
  const vector = (p: StoredProject): number[] => {
    const c = p.latest ? counts.get(p.latest.document) : undefined;
    return c ? SEVERITIES.map((s) => -c.bySeverity[s]) : SEVERITIES.map(() => 1);
  };
  const keys = new Map(projects.map((p) => [p, vector(p)]));
  return [...projects].sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!) || compareText(a.name, b.name));
}

/** Which builds a findings question covers. */
export interface BuildSelection {
  builds: 'latest' | 'all';
  project?: string;
  /** key=value texts. */
  labels?: readonly string[];
}

/**
 * The builds a question covers: each project's latest build (of the project named, of the
 * projects with the labels), or every build of one project (`all` needs `project`: a question
 * costs the builds it is about).
 */
export async function selectBuilds(
  catalogue: Pick<ProjectCatalogue, 'latestBuilds' | 'getProject' | 'projectBuilds'>,
  s: BuildSelection,
  maxBuilds: number,
): Promise<ProjectBuild[]> {
  if (s.builds === 'all') {
    if (s.project === undefined)
      throw new InvalidInputError('builds', 'builds=all needs project= (every build of one project)');
    const builds = await catalogue.projectBuilds(s.project, { limit: maxBuilds });
    return builds.map((build) => ({ project: s.project!, build }));
  }
  const projects = await catalogue.latestBuilds({
    ...(s.project === undefined ? {} : { names: [s.project] }),
    labels: labelPairs(s.labels),
  });
  return projects.flatMap((p) => (p.latest ? [{ project: p.name, build: p.latest }] : []));
}
