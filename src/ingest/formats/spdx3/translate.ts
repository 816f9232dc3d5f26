// SPDX 3.0 document → facts: the SPDX 2 mapping (common/spdx-elements.ts) over SPDX 3's element
// graph, then the Security profile (translate-security.ts). See docs/formats/sbom.md, "SPDX 3.0".
//   - software_Package (and its AI/Dataset subclasses): purls from software_packageUrl and
//     externalIdentifier packageUrl, else a pkg:guac/pkg purl from name and software_packageVersion;
//     verifiedUsing Hash → occurrences; a VCS software_downloadLocation → HasSourceAt.
//   - software_File: a pkg:guac/files pseudo-package named by its strongest hash (none without one).
//   - subjects: the SpdxDocument's rootElement, through Sbom/Bom/Bundle rootElements, and
//     "describes" relationships out of the document or a collection; else GUAC's fallback package.
//   - dependencies: relationships.ts; each "to" is one edge; LifecycleScopedRelationship scope is
//     named in the justification.
//   - licences: hasDeclaredLicense/hasConcludedLicense to a LicenseExpression or a listed licence.
import { FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import { DependencyEdges } from '../common/dependency-edges.js';
import { stateLicense } from '../common/licenses.js';
import {
  addSpdxDependency,
  spdxFallbackSubject,
  spdxFileElement,
  spdxPackageElement,
  stateSpdxSubject,
  type SpdxElement,
} from '../common/spdx-elements.js';
import type { ParseContext } from '../types.js';
import type { Spdx3Document, Spdx3Package } from './document.js';
import { listedLicense } from './elements.js';
import { LICENSE_KIND, orientation } from './relationships.js';
import { Spdx3Elements } from './resolve.js';
import { translateSpdx3Security } from './translate-security.js';

export function translateSpdx3(doc: Spdx3Document, ctx: ParseContext): DocumentFacts {
  const builder = new FactsBuilder(`spdx-${doc.specVersion}`);
  for (const s of doc.skipped) builder.skip(s.path, s.reason);
  const elements = new Spdx3Elements(builder, doc);
  for (const raw of doc.elements) {
    const node =
      raw.kind === 'package' ? readPackage(builder, raw) : spdxFileElement(builder, raw.hashes.map(hash), raw.name);
    if (node) elements.nodes.set(raw.id, node);
  }
  stateLicenses(doc, elements);

  const subjectPackages = stateSubjects(doc, elements, ctx);
  const edges = new DependencyEdges();
  const subjectSet = new Set(subjectPackages);
  for (const r of doc.relationships) {
    const dir = orientation(r.relationshipType);
    if (!dir) continue;
    const scope = r.scope ? ` (lifecycle scope ${r.scope})` : '';
    const justification = `Derived from SPDX ${r.relationshipType} relationship${scope}`;
    const from = elements.resolve(r.from, r.path);
    const targets = r.to.map((id) => elements.resolve(id, r.path));
    if (!from) continue;
    for (const to of targets) {
      if (!to) continue;
      const [a, b] = dir === 'forward' ? [from, to] : [to, from];
      addSpdxDependency(edges, a, b, subjectSet, justification);
    }
  }
  if (subjectPackages.length > 0) edges.linkTopLevel(subjectPackages, builder.facts.packages);
  edges.emit(builder);
  translateSpdx3Security(doc, elements, ctx);
  return builder.facts;
}

/** SPDX 3 hash algorithm names (sha3_256) in the spelling SPDX 2 and the store use (sha3-256). */
function hash(h: { path: string; algorithm?: string; value?: string }) {
  return { ...h, algorithm: h.algorithm?.replace(/_/g, '-') };
}

function readPackage(builder: FactsBuilder, raw: Spdx3Package): SpdxElement | undefined {
  return spdxPackageElement(builder, {
    path: raw.path,
    purlRefs: raw.purls,
    name: raw.name,
    version: raw.version,
    downloadLocation: raw.downloadLocation,
    checksums: raw.hashes.map(hash),
  });
}

function stateLicenses(doc: Spdx3Document, elements: Spdx3Elements): void {
  for (const r of doc.relationships) {
    const kind = LICENSE_KIND[r.relationshipType];
    if (!kind) continue;
    const node = elements.nodes.get(r.from);
    if (!node) continue; // a licence of a file without a hash, or of an element that is no node
    for (const id of r.to) {
      const text = doc.licenses.get(id) ?? listedLicense(id);
      if (text === undefined) {
        if (!doc.known.has(id) && !/\/terms\/(Expanded|Core)\/No/.test(id))
          elements.builder.skip(r.path, `licence "${id.slice(0, 200)}" is not in the document`);
        continue;
      }
      for (const purl of node.purls) stateLicense(elements.builder, purl, text, kind, r.path);
    }
  }
}

/** HasSBOM facts; returns the subject packages (GUAC's fallback package when nothing is described). */
function stateSubjects(doc: Spdx3Document, elements: Spdx3Elements, ctx: ParseContext): string[] {
  const described: { id: string; path: string }[] = [...doc.roots];
  const collections = new Set([...doc.collections.keys()]);
  for (const r of doc.relationships) {
    if (r.relationshipType !== 'describes') continue;
    if (r.from === doc.documentId || collections.has(r.from))
      for (const id of r.to) described.push({ id, path: r.path });
  }
  const subjects: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < described.length; i++) {
    const { id, path } = described[i];
    if (seen.has(id)) continue;
    seen.add(id);
    const inner = doc.collections.get(id);
    if (inner) {
      // An Sbom (or Bom, Bundle) stands for what it is about: its own root elements.
      for (const x of inner) described.push({ id: x, path });
      continue;
    }
    const node = elements.nodes.get(id);
    if (!node) {
      elements.resolve(id, path, 'rootElement names');
      continue;
    }
    subjects.push(...node.purls);
    stateSpdxSubject(elements.builder, node, ctx, doc.documentId, doc.created);
  }
  // A document without software elements (a Security profile VEX document) describes no SBOM.
  if (subjects.length === 0 && doc.elements.length > 0)
    subjects.push(spdxFallbackSubject(elements.builder, ctx, doc.name, doc.documentId, doc.created));
  return subjects;
}
