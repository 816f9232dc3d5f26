// SLSA provenance v0.1/v0.2/v1 statement → facts, after GUAC's parser_slsa.go: subjects and
// materials become artifacts, one HasSLSA per subject artifact; purls and VCS URIs naming them
// become packages / sources with an occurrence of the artifact.
import { DocumentError, FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import { sourceFromUrl } from '../../../model/source.js';
import { jsonText, type Json } from '../common/json.js';
import { artifactOrSkip, occurrenceOnce, purlOrSkip } from '../common/sbom.js';
import type { SignatureCheck } from '../../signatures/index.js';
import type { Descriptor, Provenance } from './parse.js';

const OCCURRENCE_JUSTIFICATION = 'from SLSA definition of checksums for subject/materials';
const MAX_PREDICATE_ENTRIES = 256;
const MAX_PREDICATE_VALUE = 1024;

export function translateProvenance(p: Provenance, check: SignatureCheck): DocumentFacts {
  const builder = new FactsBuilder(`slsa-provenance-${p.version}${p.wrapper === 'statement' ? '' : `-${p.wrapper}`}`);
  for (const item of p.skipped) builder.skip(item.path, item.reason);

  const subjectArtifacts: string[] = [];
  for (const sub of p.subjects) {
    const arts = readDescriptor(builder, sub);
    if (arts.length === 0) builder.skip(sub.path, 'subject has no usable digest');
    for (const a of arts) if (!subjectArtifacts.includes(a)) subjectArtifacts.push(a);
  }
  // The one refusal translation makes: provenance about nothing identifiable states no fact.
  if (subjectArtifacts.length === 0) throw new DocumentError(`${p.at}/subject`, 'no subject with a usable digest');

  const materials: string[] = [];
  for (const m of p.materials)
    for (const a of readDescriptor(builder, m)) if (!materials.includes(a)) materials.push(a);

  const flat = flattenPredicate(p.predicate);
  for (const subject of subjectArtifacts) {
    builder.slsa({
      subject,
      materials,
      builder: p.builderId,
      buildType: p.buildType,
      slsaVersion: p.predicateType,
      startedOn: p.startedOn,
      finishedOn: p.finishedOn,
      predicate: flat,
      signature: check.signature,
      ...(check.signedBy === undefined ? {} : { signedBy: check.signedBy }),
    });
  }
  return builder.facts;
}

/**
 * A subject, material or resolved dependency: its digests become artifacts (several digests of one
 * thing are HashEqual); a purl naming it becomes a package, a git+ URI a source, each with an
 * occurrence of every digest. A material without a digest names no artifact and is left out.
 */
function readDescriptor(builder: FactsBuilder, d: Descriptor): string[] {
  const at = d.path;
  const artifacts: string[] = [];
  for (const [alg, value] of d.digests) {
    const a = artifactOrSkip(builder, alg, value, `${at}/digest/${alg}`);
    if (a && !artifacts.includes(a)) artifacts.push(builder.artifact(a));
  }
  for (const other of artifacts.slice(1)) {
    builder.hashEqual({ artifact: artifacts[0], equal: other, justification: 'digests of the same in-toto resource' });
  }
  if (artifacts.length === 0) return artifacts;

  const names = [d.uri, d.name].filter((n): n is string => !!n);
  const purlText = names.find((n) => n.startsWith('pkg:'));
  if (purlText) {
    const purl = purlOrSkip(builder, purlText, at);
    if (purl)
      for (const a of artifacts)
        occurrenceOnce(builder, {
          artifact: a,
          subject: { kind: 'package', purl },
          justification: OCCURRENCE_JUSTIFICATION,
        });
    return artifacts;
  }
  const vcs = names.find((n) => n.startsWith('git+'));
  const source = vcs ? sourceFromUrl(stripRevision(vcs)) : undefined;
  if (source)
    for (const a of artifacts)
      occurrenceOnce(builder, {
        artifact: a,
        subject: { kind: 'source', url: source },
        justification: OCCURRENCE_JUSTIFICATION,
      });
  return artifacts;
}

/** "git+https://github.com/o/r@refs/tags/v1" → "git+https://github.com/o/r" (the ref stays on the artifact). */
function stripRevision(uri: string): string {
  const scheme = uri.indexOf('://');
  const at = uri.indexOf('@', scheme < 0 ? 0 : scheme + 3);
  return at < 0 ? uri : uri.slice(0, at);
}

/** GUAC keeps the predicate as flattened "slsa.a.b" keys; capped so a huge predicate stays small. */
function flattenPredicate(predicate: Json): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  const stack: [string, unknown][] = [['slsa', predicate]];
  while (stack.length && count < MAX_PREDICATE_ENTRIES) {
    const [key, value] = stack.pop()!;
    if (value === null || value === undefined) continue;
    if (typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([`${key}.${entries[i][0]}`, entries[i][1]]);
      continue;
    }
    const text = jsonText(value);
    out[key] = text.length > MAX_PREDICATE_VALUE ? `${text.slice(0, MAX_PREDICATE_VALUE)}…` : text;
    count++;
  }
  return out;
}
