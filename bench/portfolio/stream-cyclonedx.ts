// A build as a CycloneDX JSON SBOM in its seed's spec version and tool, as the generators the
// seeds come from write one: the subject in metadata.component (an app with its purl, an image as
// a container whose version is its digest, with its oci purl), packages with their purls as
// bom-refs, and the dependency graph.
import { q } from '../generate/json-text.js';
import type { Component } from './stream-components.js';
import { REGISTRY, type Build } from './stream-service.js';

export function quotedPurl(c: Component): string {
  return (c.quoted ??= q(c.purl));
}

function componentText(c: Component): string {
  const group = c.group ? `"group":${q(c.group)},` : '';
  return (c.cdx ??= `{"bom-ref":${quotedPurl(c)},"type":${q(c.cdxType)},${group}"name":${q(c.name)},"version":${q(c.version)},"purl":${quotedPurl(c)}}`);
}

function subjectText(b: Build): string {
  const purl = q(b.purl);
  if (b.digest) {
    const name = q(`${REGISTRY}/${b.service.name}:${b.version}`);
    return `{"bom-ref":${purl},"type":"container","name":${name},"version":"sha256:${b.digest}","purl":${purl}}`;
  }
  return `{"bom-ref":${purl},"type":"application","name":${q(b.service.name)},"version":${q(b.version)},"purl":${purl}}`;
}

function dependenciesText(b: Build): string {
  const { components } = b.service;
  const { direct, offsets, targets } = b.graph;
  const refs = (positions: ArrayLike<number>): string => {
    const out: string[] = [];
    for (let k = 0; k < positions.length; k++) out.push(quotedPurl(components[positions[k]]));
    return out.join(',');
  };
  const out = [`{"ref":${q(b.purl)},"dependsOn":[${refs(direct)}]}`];
  for (let i = 0; i < components.length; i++) {
    if (offsets[i + 1] > offsets[i])
      out.push(
        `{"ref":${quotedPurl(components[i])},"dependsOn":[${refs(targets.subarray(offsets[i], offsets[i + 1]))}]}`,
      );
  }
  return out.join(',');
}

export function cycloneDxText(b: Build): string {
  const seed = b.service.pool.seed;
  const head =
    `{"bomFormat":"CycloneDX","specVersion":${q(seed.specVersion)},"serialNumber":"urn:uuid:${b.uuid}","version":1,` +
    `"metadata":{"timestamp":${q(b.timestamp)},"tools":${seed.tools},"component":${subjectText(b)}},"components":[`;
  const components = b.service.components.map(componentText).join(',');
  return `${head}${components}],"dependencies":[${dependenciesText(b)}]}`;
}
