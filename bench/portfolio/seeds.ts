// The real SBOMs the build stream's services are shaped after (test/fixtures/, see its README for
// where each comes from): read once when a stream starts, each kept as a compact template of its
// format, tool, packages and kind of subject. Their packages keep their real purls, so that real
// advisories match the generated portfolio.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/paths.js';
import { purlOf, splitPurl, stemOf, tailOf, type PurlParts } from './stream-purl.js';

export type SeedFormat = 'cyclonedx' | 'spdx';

/** What a service built from the seed ships: an application (named by a purl) or a container image (by a digest). */
export type SeedKind = 'app' | 'image';

export interface SeedSpec {
  /** Under test/fixtures/. */
  file: string;
  kind: SeedKind;
}

/** Apps and images over npm, maven, pypi, golang, composer, conda, deb, rpm and apk, in both formats. */
export const SEEDS: readonly SeedSpec[] = [
  { file: 'cyclonedx/cyclonedx-cdxgen-crapi-universal-multilang.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-cyclonedx-maven-spring-petclinic.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-cyclonedx-gomod-proton-bridge-1.6.3.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-jake-python-env-with-vulns.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-cyclonedx-php-composer-laravel-7.12.0.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-depscan-vdr-jinja-report-python.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-trivy-npm-project-with-vulns.json', kind: 'app' },
  { file: 'cyclonedx/cyclonedx-syft-alpine-latest-image.json', kind: 'image' },
  { file: 'cyclonedx/cyclonedx-syft-distroless-static-nonroot-image.json', kind: 'image' },
  { file: 'cyclonedx/cyclonedx-rpm-manifest-generator-redhat-openssl-3.0.7.json', kind: 'image' },
  { file: 'spdx/spdx-syft-coredns-v1.9.3-image.json', kind: 'image' },
  { file: 'spdx/spdx-apko-chainguard-images.json', kind: 'image' },
  { file: 'spdx/spdx-syft-alpine-latest-image.json', kind: 'image' },
  { file: 'spdx/spdx-syft-redhat-rhelai1-image.json', kind: 'image' },
  { file: 'spdx/spdx-trivy-conda-project.json', kind: 'app' },
];

/** Package types a service's own dependencies are drawn from (images and tool entries are left out). */
const PACKAGE_TYPES = new Set([
  'npm',
  'maven',
  'pypi',
  'golang',
  'composer',
  'deb',
  'rpm',
  'apk',
  'alpine',
  'cargo',
  'nuget',
  'gem',
  'conda',
]);

export interface SeedComponent {
  purl: PurlParts & { version: string };
  /** CycloneDX name and group / SPDX package name, as the seed writes them. */
  name: string;
  group?: string;
  /** CycloneDX component type ("library", "framework", …). */
  cdxType: string;
}

export interface SeedTemplate {
  file: string;
  format: SeedFormat;
  /** "1.4" (CycloneDX) or "SPDX-2.3". */
  specVersion: string;
  kind: SeedKind;
  /** The purl type of most of its packages: an app service's own purl is of this type. */
  ecosystem: string;
  /** JSON text of the tool that wrote it: CycloneDX metadata.tools, SPDX creationInfo.creators. */
  tools: string;
  components: SeedComponent[];
}

type Json = Record<string, unknown>;

interface Found {
  list: SeedComponent[];
  seen: Set<string>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

/** Every seed, read and parsed (from the repository's test/fixtures/ unless told otherwise). */
export function loadSeeds(fixtures = join(ROOT, 'test', 'fixtures')): SeedTemplate[] {
  return SEEDS.map((spec) => {
    const doc: unknown = JSON.parse(readFileSync(join(fixtures, spec.file), 'utf8'));
    if (!isObject(doc)) throw new Error(`${spec.file}: not a JSON object`);
    const seed = doc.bomFormat === 'CycloneDX' ? cycloneDxSeed(spec, doc) : spdxSeed(spec, doc);
    if (seed.components.length === 0) throw new Error(`${spec.file}: no package with a purl`);
    return seed;
  });
}

function cycloneDxSeed(spec: SeedSpec, doc: Json): SeedTemplate {
  const metadata = isObject(doc.metadata) ? doc.metadata : {};
  const subject = isObject(metadata.component) ? text(metadata.component.purl) : undefined;
  const found: Found = { list: [], seen: new Set() };
  const walk = (items: unknown[]): void => {
    for (const c of items) {
      if (!isObject(c)) continue;
      const purl = text(c.purl);
      if (purl && purl !== subject) {
        const name = text(c.name) ?? '';
        keep(found, purl, name, text(c.group), text(c.type) ?? 'library');
      }
      walk(list(c.components));
    }
  };
  walk(list(doc.components));
  return finish(spec, 'cyclonedx', String(doc.specVersion), JSON.stringify(metadata.tools ?? []), found.list);
}

function spdxSeed(spec: SeedSpec, doc: Json): SeedTemplate {
  const found: Found = { list: [], seen: new Set() };
  for (const p of list(doc.packages)) {
    if (!isObject(p)) continue;
    for (const ref of list(p.externalRefs)) {
      if (!isObject(ref) || ref.referenceType !== 'purl') continue;
      const purl = text(ref.referenceLocator);
      if (purl) keep(found, purl, text(p.name) ?? '', undefined, 'library');
    }
  }
  const creation = isObject(doc.creationInfo) ? doc.creationInfo : {};
  return finish(spec, 'spdx', String(doc.spdxVersion), JSON.stringify(creation.creators ?? []), found.list);
}

/** Keeps a package of a dependency ecosystem with a version, once per purl. */
function keep(found: Found, raw: string, name: string, group: string | undefined, cdxType: string): void {
  const purl = splitPurl(raw);
  if (!purl?.version || !PACKAGE_TYPES.has(purl.type)) return;
  const key = purlOf(stemOf(purl), purl.version, tailOf(purl));
  if (found.seen.has(key)) return;
  found.seen.add(key);
  found.list.push({ purl: { ...purl, version: purl.version }, name: name || purl.name, group, cdxType });
}

function finish(
  spec: SeedSpec,
  format: SeedFormat,
  specVersion: string,
  tools: string,
  components: SeedComponent[],
): SeedTemplate {
  const counts = new Map<string, number>();
  for (const c of components) counts.set(c.purl.type, (counts.get(c.purl.type) ?? 0) + 1);
  const ecosystem = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'generic';
  return { file: spec.file, format, specVersion, kind: spec.kind, ecosystem, tools, components };
}
