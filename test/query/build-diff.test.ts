// The build diff over two hand-written builds of one service (test/fixtures/diff): what it says
// was added, removed, bumped, fixed, introduced and relicensed is derived here from the documents
// themselves (their components, licences and the OSV records' ranges), and a build named by its
// purl or by its digest gives the same diff.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GraphIndex } from '../../src/index/graph-index.js';
import { compareText } from '../../src/model/compare.js';
import { canonicalPurl, packageNameOf, parsePurl } from '../../src/model/purl.js';
import { diffBuilds, type BuildDiff, type VulnerabilityItem } from '../../src/query/build-diff.js';
import { resolveBuild } from '../../src/query/build-ref.js';
import { packageDependencies } from '../../src/query/dependencies.js';
import { InvalidInputError, NotFoundError } from '../../src/query/errors.js';
import { graphOf, type Documents } from '../helpers/graph-of.js';

const FIXTURE_NAMES = [
  'shop-api-1.0.0.cdx.json',
  'shop-api-1.1.0.cdx.json',
  'osv-GHSA-35jh-r3h4-6jhm.json',
  'osv-GHSA-xvch-5gv4-984h.json',
];
const fixture = (name: string): any =>
  JSON.parse(readFileSync(new URL(`../fixtures/diff/${name}`, import.meta.url), 'utf8'));
const FIXTURES: Record<string, any> = Object.fromEntries(FIXTURE_NAMES.map((name) => [name, fixture(name)]));
const OLD = FIXTURES['shop-api-1.0.0.cdx.json'];
const NEW = FIXTURES['shop-api-1.1.0.cdx.json'];
const ADVISORIES: any[] = FIXTURE_NAMES.filter((n) => n.startsWith('osv-')).map((n) => FIXTURES[n]);

/** A build as its SBOM states it: subject purl and digest, components by package name. */
interface StatedBuild {
  purl: string;
  digest: string;
  /** name → canonical purls, sorted. */
  versions: Map<string, string[]>;
  /** name → licence ids stated for its components, sorted. */
  licences: Map<string, string[]>;
}

const nameOf = (purl: string): string => packageNameOf(parsePurl(purl));
const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort(compareText);

function statedBuild(sbom: any): StatedBuild {
  const subject = sbom.metadata.component;
  const versions = new Map<string, string[]>();
  const licences = new Map<string, string[]>();
  for (const c of sbom.components) {
    const purl = canonicalPurl(c.purl);
    const name = nameOf(purl);
    versions.set(name, sorted([...(versions.get(name) ?? []), purl]));
    const ids = (c.licenses ?? []).map((l: any) => l.license.id as string);
    licences.set(name, sorted([...(licences.get(name) ?? []), ...ids]));
  }
  return { purl: canonicalPurl(subject.purl), digest: `sha256:${subject.hashes[0].content}`, versions, licences };
}

/** x.y.z versions, compared numerically (all the fixtures use). */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** Whether an OSV record's SEMVER ranges hold an npm package version. */
function affects(advisory: any, purl: string): boolean {
  const p = parsePurl(purl);
  const name = p.namespace ? `${decodeURIComponent(p.namespace)}/${p.name}` : p.name;
  return advisory.affected.some(
    (a: any) =>
      a.package.ecosystem === 'npm' &&
      a.package.name === name &&
      a.ranges.some((r: any) => {
        const introduced = r.events.find((e: any) => 'introduced' in e).introduced as string;
        const fixed = r.events.find((e: any) => 'fixed' in e).fixed as string;
        return (
          compareVersions(p.version!, introduced === '0' ? '0.0.0' : introduced) >= 0 &&
          compareVersions(p.version!, fixed) < 0
        );
      }),
  );
}

/** The advisories' findings over a build's components, as the diff names them. */
function statedVulnerabilities(build: StatedBuild): VulnerabilityItem[] {
  const items: VulnerabilityItem[] = [];
  for (const purls of build.versions.values())
    for (const purl of purls)
      for (const advisory of ADVISORIES)
        if (affects(advisory, purl))
          items.push({ id: advisory.id, severity: advisory.database_specific.severity, package: purl });
  return items;
}

/** The diff the two SBOMs and the advisories state, written apart from the query. */
function expectedDiff(from: StatedBuild, to: StatedBuild): Omit<BuildDiff, 'from' | 'to'> {
  const names = (b: StatedBuild) => [...b.versions.keys()];
  const onlyIn = (a: StatedBuild, b: StatedBuild) =>
    sorted(names(a).filter((n) => !b.versions.has(n))).map((name) => ({ name, purls: a.versions.get(name)! }));
  const both = sorted(names(from).filter((n) => to.versions.has(n)));
  const differing = (of: (b: StatedBuild) => Map<string, string[]>) =>
    both
      .map((name) => ({ name, from: of(from).get(name)!, to: of(to).get(name)! }))
      .filter((c) => JSON.stringify(c.from) !== JSON.stringify(c.to));
  const key = (v: VulnerabilityItem) => `${nameOf(v.package)} ${v.id}`;
  const [before, after] = [statedVulnerabilities(from), statedVulnerabilities(to)];
  const notIn = (a: VulnerabilityItem[], b: VulnerabilityItem[]) =>
    a.filter((v) => !b.some((w) => key(w) === key(v))).sort((x, y) => compareText(x.package, y.package));
  return {
    added: onlyIn(to, from),
    removed: onlyIn(from, to),
    changed: differing((b) => b.versions),
    vulnerabilities: { introduced: notIn(after, before), fixed: notIn(before, after) },
    licensesChanged: differing((b) => b.licences),
  };
}

const OLD_BUILD = statedBuild(OLD);
const NEW_BUILD = statedBuild(NEW);

let index: GraphIndex;
beforeAll(async () => {
  ({ index } = await graphOf(FIXTURES));
});

describe('diffBuilds', () => {
  it('says what the two SBOMs and the advisories say changed', () => {
    const expected = expectedDiff(OLD_BUILD, NEW_BUILD);
    // The fixtures have one of each kind of change (test/fixtures/diff/README.md).
    expect(expected.added).toHaveLength(1);
    expect(expected.removed).toHaveLength(1);
    expect(expected.changed.length).toBeGreaterThanOrEqual(1);
    expect(expected.licensesChanged).toHaveLength(1);
    expect(expected.vulnerabilities.fixed).toHaveLength(1);
    expect(expected.vulnerabilities.introduced).toHaveLength(1);

    const diff = diffBuilds(index, resolveBuild(index, OLD_BUILD.purl), resolveBuild(index, NEW_BUILD.purl));
    expect(diff).toEqual({ from: OLD_BUILD.purl, to: NEW_BUILD.purl, ...expected });
  });

  it('reads it backwards the other way round', () => {
    const diff = diffBuilds(index, resolveBuild(index, NEW_BUILD.purl), resolveBuild(index, OLD_BUILD.purl));
    expect(diff).toEqual({ from: NEW_BUILD.purl, to: OLD_BUILD.purl, ...expectedDiff(NEW_BUILD, OLD_BUILD) });
  });

  it('compares the components /dependencies answers for each build', () => {
    const diff = diffBuilds(index, resolveBuild(index, OLD_BUILD.purl), resolveBuild(index, NEW_BUILD.purl));
    const deps = (purl: string) =>
      packageDependencies(index, { ids: [index.packageId(purl)!], exact: true, canonical: purl });
    const before = new Set(deps(OLD_BUILD.purl));
    const after = new Set(deps(NEW_BUILD.purl));
    expect(diff.added.flatMap((a) => a.purls).every((p) => after.has(p) && !before.has(p))).toBe(true);
    expect(diff.removed.flatMap((r) => r.purls).every((p) => before.has(p) && !after.has(p))).toBe(true);
    for (const c of diff.changed) {
      expect(c.from.every((p) => before.has(p))).toBe(true);
      expect(c.to.every((p) => after.has(p))).toBe(true);
    }
  });

  it('gives the same diff for builds named by their artifact digests', () => {
    const byPurl = diffBuilds(index, resolveBuild(index, OLD_BUILD.purl), resolveBuild(index, NEW_BUILD.purl));
    const byDigest = diffBuilds(index, resolveBuild(index, OLD_BUILD.digest), resolveBuild(index, NEW_BUILD.digest));
    expect(byDigest).toEqual({ ...byPurl, from: OLD_BUILD.digest, to: NEW_BUILD.digest });
    // A digest given without its algorithm, and a purl against a digest.
    const mixed = diffBuilds(
      index,
      resolveBuild(index, OLD_BUILD.purl),
      resolveBuild(index, NEW_BUILD.digest.slice('sha256:'.length)),
    );
    expect(mixed).toEqual({ ...byPurl, to: NEW_BUILD.digest });
  });

  it('is empty from a build to itself', () => {
    for (const ref of [OLD_BUILD.purl, NEW_BUILD.digest]) {
      const build = resolveBuild(index, ref);
      const diff = diffBuilds(index, build, build);
      expect(diff).toEqual({
        from: diff.from,
        to: diff.from,
        added: [],
        removed: [],
        changed: [],
        vulnerabilities: { introduced: [], fixed: [] },
        licensesChanged: [],
      });
    }
  });
});

describe('diffBuilds and VEX', () => {
  it('leaves out what a VEX statement about the build suppresses, as /vulns does', async () => {
    const introduced = expectedDiff(OLD_BUILD, NEW_BUILD).vulnerabilities.introduced[0];
    const advisory = ADVISORIES.find((a) => a.id === introduced.id);
    const vex: Documents = {
      'not-affected.openvex.json': {
        '@context': 'https://openvex.dev/ns/v0.2.0',
        '@id': 'https://example.com/vex/shop-api-1.1.0',
        author: 'shop-api maintainers',
        timestamp: '2024-04-03T00:00:00Z',
        version: 1,
        statements: [
          {
            // Named by its alias: the alias set is one vulnerability.
            vulnerability: { name: advisory.aliases[0] },
            products: [{ '@id': NEW_BUILD.purl }],
            status: 'not_affected',
            justification: 'vulnerable_code_not_in_execute_path',
          },
        ],
      },
    };
    const { index: vexed } = await graphOf({ ...FIXTURES, ...vex });
    for (const [from, to] of [
      [OLD_BUILD.purl, NEW_BUILD.purl],
      [OLD_BUILD.digest, NEW_BUILD.digest],
    ]) {
      const diff = diffBuilds(vexed, resolveBuild(vexed, from), resolveBuild(vexed, to));
      expect(diff.vulnerabilities.introduced).toEqual([]);
      expect(diff.vulnerabilities.fixed).toEqual(expectedDiff(OLD_BUILD, NEW_BUILD).vulnerabilities.fixed);
    }
  });
});

describe('resolveBuild', () => {
  const refusal = (text: string, parameter: string): Error => {
    try {
      resolveBuild(index, text, parameter);
    } catch (err) {
      if (err instanceof Error) return err;
    }
    throw new Error(`${text} was resolved`);
  };

  it('names a package version exactly, in any spelling of its purl', () => {
    const id = index.packageId(NEW_BUILD.purl)!;
    expect(resolveBuild(index, NEW_BUILD.purl)).toBe(id);
    expect(resolveBuild(index, 'pkg:NPM/shop-api@1.1.0')).toBe(id);
  });

  it('is 404 naming the parameter for a build the graph does not have', () => {
    const unknownPurl = refusal('pkg:npm/shop-api@9.9.9', 'from');
    expect(unknownPurl).toBeInstanceOf(NotFoundError);
    expect((unknownPurl as NotFoundError).code).toBe('SG_PACKAGE_NOT_FOUND');
    expect(unknownPurl.message).toMatch(/^from: /);
    const unknownDigest = refusal(`sha256:${'0'.repeat(64)}`, 'to');
    expect(unknownDigest).toBeInstanceOf(NotFoundError);
    expect((unknownDigest as NotFoundError).code).toBe('SG_ARTIFACT_NOT_FOUND');
    expect(unknownDigest.message).toMatch(/^to: /);
  });

  it('is 400 naming the parameter for a purl without a version or text that is no purl or digest', () => {
    for (const [text, code] of [
      ['pkg:npm/shop-api', 'SG_INVALID_PARAMETER'],
      ['pkg:npm/@1.0.0', 'SG_INVALID_PURL'],
      ['sha256:ab\u0001cd', 'SG_INVALID_DIGEST'],
    ]) {
      const err = refusal(text, 'to');
      expect(err, text).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).parameter, text).toBe('to');
      expect((err as InvalidInputError).code, text).toBe(code);
      expect(err.message, text).toMatch(/^to: /);
    }
  });
});
