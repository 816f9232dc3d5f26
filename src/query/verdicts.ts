// Verdicts for CI (docs/api.md, "Policies and verdicts"): a build judged by the policies that
// apply to its project. A build's components and findings come from the index for a stored build
// (its dependency walk and the findings of /v0/findings), or from the document itself for an SBOM
// judged without being stored (its packages and stated edges, matched against the advisories and
// findings the index holds). VEX is applied first: a suppressed finding breaks no policy.
import type { GraphView } from '../index/graph-view.js';
import type { DocumentFacts } from '../model/facts.js';
import { parsePurl } from '../model/purl.js';
import {
  compilePolicy,
  policyApplies,
  type ComponentInput,
  type Policy,
  type PolicyAction,
  type PolicyTest,
  type VulnInput,
} from '../policy/policy.js';
import { fixedVersions } from '../vuln/osv-match.js';
import { buildFindings, buildPackages, packageFindings, type BuildFinding } from './build-findings.js';
import { vulnerabilityIds, vulnerabilitySummary } from './vulnerabilities.js';

export interface Violation {
  policy: string;
  action: PolicyAction;
  package: string;
  vulnerability?: string;
  license?: string;
  /** Purls (or a digest first) from the build's subject to the package. */
  path: string[];
  reason: string;
}

export interface Verdict {
  verdict: 'pass' | 'warn' | 'fail';
  violations: Violation[];
  /** The policies that applied. */
  policies: string[];
}

/** What policies read of a build: its components and the findings not suppressed. */
export interface JudgedBuild {
  components: { input: ComponentInput; path: string[] }[];
  findings: { component: ComponentInput; vuln: VulnInput; path: string[] }[];
}

function componentOf(purl: string, licenses: string[], path: readonly string[]): ComponentInput {
  let parts: ReturnType<typeof parsePurl> | undefined;
  try {
    parts = parsePurl(purl);
  } catch {
    parts = undefined;
  }
  const depth = Math.max(1, path.length - 1);
  return {
    purl,
    type: parts?.type ?? '',
    namespace: parts?.namespace ?? '',
    name: parts?.name ?? '',
    version: parts?.version ?? '',
    licenses,
    direct: depth === 1,
    depth,
  };
}

function vulnOf(
  index: GraphView,
  f: Pick<BuildFinding, 'vuln' | 'severity' | 'cvssScore' | 'fixedIn' | 'vex'>,
): VulnInput {
  const ids = vulnerabilityIds(index, f.vuln);
  const [id, ...aliases] = ids;
  const { kev, epss } = index.exploitation.of(ids);
  return {
    id,
    aliases,
    severity: f.severity,
    cvss: f.cvssScore ?? 0,
    fixAvailable: f.fixedIn.length > 0,
    fixedIn: f.fixedIn,
    vex: f.vex?.status ?? '',
    kev: kev !== null,
    epss: epss?.score ?? 0,
  };
}

/** A stored build, by its SBOM subject's node: its dependency walk and its findings. */
export function storedBuildContents(index: GraphView, subject: number): JudgedBuild {
  const licensesOf = (pkg: number): string[] => [...new Set(index.licensesOf(pkg).map((l) => l.expression))];
  const components = buildPackages(index, subject).map(({ pkg, path }) => {
    const keys = path.map(index.keyOf);
    return { input: componentOf(index.keyOf(pkg), licensesOf(pkg), keys), path: keys };
  });
  const byPurl = new Map(components.map((c) => [c.input.purl, c]));
  const findings = buildFindings(index, subject)
    .filter((f) => !f.suppressed)
    .map((f) => {
      const c = byPurl.get(index.keyOf(f.pkg))!;
      return { component: c.input, vuln: vulnOf(index, f), path: c.path };
    });
  return { components, findings };
}

/** The document's own paths: breadth-first over its stated edges from its subject; others hang off the subject. */
function documentPaths(subject: string, facts: DocumentFacts): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const d of facts.dependencies) next.set(d.from, [...(next.get(d.from) ?? []), d.to]);
  const paths = new Map<string, string[]>([[subject, [subject]]]);
  const queue = [subject];
  for (let i = 0; i < queue.length; i++) {
    for (const to of next.get(queue[i]) ?? []) {
      if (paths.has(to)) continue;
      paths.set(to, [...paths.get(queue[i])!, to]);
      queue.push(to);
    }
  }
  for (const p of facts.packages) if (!paths.has(p)) paths.set(p, [subject, p]);
  return paths;
}

/** The SBOM's subject purl: its package, or the package the document says its artifact is. */
function subjectPurlOf(facts: DocumentFacts): string {
  const subject = facts.sboms[0]?.subject;
  if (!subject) return '';
  if (subject.kind === 'package') return subject.purl;
  const named = facts.occurrences.find((o) => o.artifact === subject.digest && o.subject.kind === 'package');
  return named?.subject.kind === 'package' ? named.subject.purl : subject.digest;
}

/**
 * An SBOM judged without being stored: its packages and stated edges; each package's
 * vulnerabilities from the index (certified findings and advisory matches of a version it holds,
 * else the advisories that affect the purl), VEX as the index states it for packages it holds.
 */
export function documentContents(index: GraphView, facts: DocumentFacts): JudgedBuild {
  const subject = subjectPurlOf(facts);
  const paths = documentPaths(subject, facts);
  const licenses = new Map<string, string[]>();
  for (const l of facts.licenses)
    licenses.set(l.package, [...new Set([...(licenses.get(l.package) ?? []), l.expression])]);
  const components = facts.packages
    .filter((p) => p !== subject)
    .map((p) => ({ input: componentOf(p, licenses.get(p) ?? [], paths.get(p)!), path: paths.get(p)! }));
  const findings = components.flatMap((c) =>
    documentVulns(index, c.input.purl).map((vuln) => ({ component: c.input, vuln, path: c.path })),
  );
  return { components, findings };
}

/** A purl's vulnerabilities as policies read them, suppressed ones left out. */
function documentVulns(index: GraphView, purl: string): VulnInput[] {
  const pkg = index.packageId(purl);
  if (pkg !== undefined) {
    return packageFindings(index, [{ pkg, path: [pkg] }], [pkg])
      .filter((f) => !f.suppressed)
      .map((f) => vulnOf(index, f));
  }
  let parts: ReturnType<typeof parsePurl>;
  try {
    parts = parsePurl(purl);
  } catch {
    return [];
  }
  return index.advisoriesAffecting(parts).map((vuln) => {
    const { severity, cvssScore } = vulnerabilitySummary(index, vuln, purl);
    const advisory = index.advisory(vuln);
    const fixedIn = advisory ? fixedVersions(advisory, parts) : [];
    return vulnOf(index, {
      vuln,
      severity,
      ...(cvssScore === undefined ? {} : { cvssScore }),
      fixedIn,
      vex: undefined,
    });
  });
}

/** Policies compiled once per expression and subject (they change rarely; builds are judged often). */
const compiled = new Map<string, PolicyTest>();

function testOf(p: Policy): PolicyTest {
  const key = `${p.subject}\u0000${p.expression}`;
  let test = compiled.get(key);
  if (!test) compiled.set(key, (test = compilePolicy(p.expression, p.subject)));
  return test;
}

/** Judges a build's contents by the policies that apply to its project. */
export function judge(
  policies: readonly Policy[],
  project: string | null,
  labels: Readonly<Record<string, string>>,
  build: JudgedBuild,
): Verdict {
  const applied = policies.filter((p) => policyApplies(p.scope, project, labels));
  const violations: Violation[] = [];
  for (const p of applied) {
    const test = testOf(p);
    const reason = `policy "${p.name}" (${p.subject}): ${p.expression}`;
    if (p.subject === 'component') {
      for (const c of build.components) {
        if (!test({ component: c.input })) continue;
        const license = c.input.licenses[0];
        violations.push({
          policy: p.name,
          action: p.action,
          package: c.input.purl,
          ...(license ? { license } : {}),
          path: c.path,
          reason,
        });
      }
    } else {
      for (const f of build.findings) {
        if (!test({ component: f.component, vuln: f.vuln })) continue;
        violations.push({
          policy: p.name,
          action: p.action,
          package: f.component.purl,
          vulnerability: f.vuln.id,
          path: f.path,
          reason,
        });
      }
    }
  }
  const verdict = violations.some((v) => v.action === 'fail') ? 'fail' : violations.length ? 'warn' : 'pass';
  return { verdict, violations, policies: applied.map((p) => p.name) };
}
