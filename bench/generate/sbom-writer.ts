// CycloneDX 1.5 JSON SBOMs: a subject, the components of its closure, and each component's
// dependencies as the universe has them (so the union of the SBOMs is the universe graph).
import { FileWriter } from './file-writer.js';
import { isoAt, q } from './json-text.js';
import type { Universe } from './universe.js';
import { purlOf, versionOf } from './versions.js';

/** A component the SBOM states beside its members: the subject, or an application in an image. */
export interface SubjectPart {
  ref: string;
  json: string;
  /** The purls it depends on directly. */
  deps: string[];
}

/** What one SBOM holds, besides where it goes. */
export interface SbomContent {
  serial: string;
  /** Its timestamp, in minutes after the generator's epoch. */
  minute: number;
  subject: SubjectPart;
  extraParts: SubjectPart[];
  /** The versions it lists, in id order. */
  members: Uint32Array;
}

// Component JSON is cached per version (popular versions are in almost every SBOM), up to a bound.
const CACHED_COMPONENTS = 400_000;

/** Writes SBOMs and keeps the tallies of what they state. */
export class SbomWriter {
  /** 1 for every version some SBOM lists. */
  readonly covered: Uint8Array;
  /** Distinct edges from subjects to their direct dependencies ("ref\ndependency"). */
  readonly subjectEdges = new Set<string>();
  /** dependsOn entries, components and bytes over every SBOM written. */
  dependencyFacts = 0;
  componentEntries = 0;
  bytes = 0;
  private readonly components = new Map<number, string>();

  constructor(private readonly u: Universe) {
    this.covered = new Uint8Array(u.versionCount);
  }

  /** Writes one SBOM; returns how many components it lists besides the subject. */
  write(path: string, sbom: SbomContent): number {
    const w = new FileWriter(path);
    w.write(`{"bomFormat":"CycloneDX","specVersion":"1.5","serialNumber":"urn:uuid:${sbom.serial}","version":1,`);
    w.write(
      `"metadata":{"timestamp":"${isoAt(sbom.minute)}","tools":{"components":[{"type":"application","author":"supplygraph","name":"supplygraph-bench-generator","version":"1"}]},`,
    );
    w.write(`"component":${sbom.subject.json}},"components":[`);
    this.writeComponents(w, sbom);
    w.write('],"dependencies":[');
    const facts = this.writeDependencies(w, sbom);
    w.write(']}\n');
    this.bytes += w.close();
    this.dependencyFacts += facts;
    this.componentEntries += sbom.members.length + sbom.extraParts.length + 1;
    return sbom.members.length + sbom.extraParts.length;
  }

  /** How many versions the SBOMs written so far list. */
  versionsCovered(): number {
    let n = 0;
    for (let v = 0; v < this.u.versionCount; v++) n += this.covered[v];
    return n;
  }

  private writeComponents(w: FileWriter, { extraParts, members }: SbomContent): void {
    let firstItem = true;
    for (const p of extraParts) {
      w.write((firstItem ? '' : ',') + p.json);
      firstItem = false;
    }
    for (let i = 0; i < members.length; i++) {
      w.write((firstItem ? '' : ',') + this.componentJson(members[i]));
      firstItem = false;
      this.covered[members[i]] = 1;
    }
  }

  /** The dependencies section; returns its dependsOn entries. */
  private writeDependencies(w: FileWriter, { subject, extraParts, members }: SbomContent): number {
    const { u } = this;
    let facts = 0;
    [subject, ...extraParts].forEach((p, i) => {
      w.write(`${i ? ',' : ''}{"ref":${q(p.ref)},"dependsOn":[${p.deps.map((d) => q(d)).join(',')}]}`);
      facts += p.deps.length;
      for (const d of p.deps) this.subjectEdges.add(`${p.ref}\n${d}`);
    });
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      const from = u.outStart[v];
      const to = u.outStart[v + 1];
      let deps = '';
      for (let k = from; k < to; k++) deps += (k > from ? ',' : '') + q(purlOf(u, u.out[k]));
      w.write(`,{"ref":${q(purlOf(u, v))},"dependsOn":[${deps}]}`);
      facts += to - from;
    }
    return facts;
  }

  private componentJson(v: number): string {
    let s = this.components.get(v);
    if (s !== undefined) return s;
    const info = this.u.names[this.u.verName[v]];
    const purl = purlOf(this.u, v);
    const version = versionOf(this.u, v);
    s = `{"type":"library","bom-ref":${q(purl)},${info.group && info.eco !== 'deb' ? `"group":${q(info.group)},` : ''}"name":${q(info.name)},"version":${q(version)},"purl":${q(purl)}`;
    if (info.repo && !info.impliedSource) s += `,"externalReferences":[{"type":"vcs","url":"https://${info.repo}"}]`;
    if (info.eco === 'deb') s += `,"properties":[{"name":"syft:package:type","value":"deb"}]`;
    s += '}';
    if (this.components.size < CACHED_COMPONENTS) this.components.set(v, s);
    return s;
  }
}
