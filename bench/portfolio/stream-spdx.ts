// A build as an SPDX 2.x JSON document in its seed's version and creators, as syft and apko write
// one: the subject described by the document (an image with its digest as a SHA256 checksum and
// its oci purl), packages with purl external references, the subject CONTAINS (image) or
// DEPENDS_ON (app) its direct dependencies, and DEPENDS_ON between packages.
import { q } from '../generate/json-text.js';
import type { Component } from './stream-components.js';
import { REGISTRY, type Build } from './stream-service.js';

const SUBJECT = 'SPDXRef-Subject';

/** SPDX identifiers by position: unique in the document, and the same from build to build. */
const idOf = (position: number): string => `SPDXRef-Package-${position}`;

function purlRef(purl: string): string {
  return `"externalRefs":[{"referenceCategory":"PACKAGE-MANAGER","referenceType":"purl","referenceLocator":${purl}}]`;
}

function packageText(c: Component, position: number): string {
  c.spdx ??= `,"name":${q(c.name)},"versionInfo":${q(c.version)},"downloadLocation":"NOASSERTION","filesAnalyzed":false,${purlRef(q(c.purl))}}`;
  return `{"SPDXID":"${idOf(position)}"${c.spdx}`;
}

function subjectText(b: Build): string {
  const head = `{"SPDXID":"${SUBJECT}","downloadLocation":"NOASSERTION","filesAnalyzed":false,"versionInfo":${q(b.version)},`;
  if (b.digest) {
    const checksums = `"checksums":[{"algorithm":"SHA256","checksumValue":"${b.digest}"}]`;
    return `${head}"name":${q(`${REGISTRY}/${b.service.name}`)},${checksums},${purlRef(q(b.purl))}}`;
  }
  return `${head}"name":${q(b.service.name)},${purlRef(q(b.purl))}}`;
}

const relationship = (from: string, type: string, to: string): string =>
  `{"spdxElementId":"${from}","relationshipType":"${type}","relatedSpdxElement":"${to}"}`;

function relationshipsText(b: Build, describe: boolean): string {
  const out = describe ? [relationship('SPDXRef-DOCUMENT', 'DESCRIBES', SUBJECT)] : [];
  const fromSubject = b.digest ? 'CONTAINS' : 'DEPENDS_ON';
  for (const i of b.graph.direct) out.push(relationship(SUBJECT, fromSubject, idOf(i)));
  const { offsets, targets } = b.graph;
  for (let i = 0; i + 1 < offsets.length; i++)
    for (let k = offsets[i]; k < offsets[i + 1]; k++) out.push(relationship(idOf(i), 'DEPENDS_ON', idOf(targets[k])));
  return out.join(',');
}

export function spdxText(b: Build): string {
  const { seed } = b.service.pool;
  const name = b.digest ? `${REGISTRY}/${b.service.name}:${b.version}` : `${b.service.name}-${b.version}`;
  const namespace = `https://sboms.example.com/spdx/${b.service.name}/b${b.build}-${b.uuid}`;
  // SPDX 2.2 generators (apko, ko) list the subject in documentDescribes, 2.3 ones (syft) relate it.
  const describes = seed.specVersion === 'SPDX-2.2' ? `"documentDescribes":["${SUBJECT}"],` : '';
  const head =
    `{"spdxVersion":${q(seed.specVersion)},"dataLicense":"CC0-1.0","SPDXID":"SPDXRef-DOCUMENT","name":${q(name)},` +
    `"documentNamespace":${q(namespace)},"creationInfo":{"created":${q(b.timestamp)},"creators":${seed.tools}},${describes}`;
  const packages = b.service.components.map(packageText).join(',');
  return `${head}"packages":[${subjectText(b)},${packages}],"relationships":[${relationshipsText(b, describes === '')}]}`;
}
