// SLSA provenance v0.1/v0.2/v1 statement → facts, after GUAC's parser_slsa.go: subjects and
// materials become artifacts, one HasSLSA per subject artifact; purls and VCS URIs naming them
// become packages / sources with an occurrence of the artifact.
import { DocumentError, FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import { sourceFromUrl } from '../../../model/source.js';
import {
  artifactOrSkip,
  isObject,
  isoTime,
  occurrenceOnce,
  optArray,
  optObject,
  optString,
  purlOrSkip,
  type Json,
} from '../sbom-common.js';
import { jsonText } from '../../json-reader.js';
import { SLSA_PREDICATES, type Unwrapped } from './envelope.js';

const OCCURRENCE_JUSTIFICATION = 'from SLSA definition of checksums for subject/materials';
const MAX_PREDICATE_ENTRIES = 256;
const MAX_PREDICATE_VALUE = 1024;

interface Predicate {
  builderId: string;
  buildType?: string;
  startedOn?: string;
  finishedOn?: string;
  materials: unknown[];
  materialsAt: string;
}

export function translateProvenance(u: Unwrapped): DocumentFacts {
  const s = u.statement;
  const at = u.at;
  const predicateType = s.predicateType as string;
  const version = SLSA_PREDICATES[predicateType];
  const builder = new FactsBuilder(`slsa-provenance-${version}${u.wrapper === 'statement' ? '' : `-${u.wrapper}`}`);
  for (const item of u.skipped) builder.skip(item.path, item.reason);

  const predicate = optObject(s, 'predicate', at);
  if (!predicate) throw new DocumentError(`${at}/predicate`, 'required field "predicate" is missing');
  const pred = version === 'v1' ? readV1(predicate, `${at}/predicate`) : readV0(predicate, `${at}/predicate`, version);

  const subjects = optArray(s, 'subject', at);
  const subjectArtifacts: string[] = [];
  subjects.forEach((sub, i) => {
    const arts = readDescriptor(builder, sub, `${at}/subject/${i}`, true);
    if (arts.length === 0) builder.skip(`${at}/subject/${i}`, 'subject has no usable digest');
    for (const a of arts) if (!subjectArtifacts.includes(a)) subjectArtifacts.push(a);
  });
  if (subjectArtifacts.length === 0) throw new DocumentError(`${at}/subject`, 'no subject with a usable digest');

  const materials: string[] = [];
  pred.materials.forEach((m, i) => {
    for (const a of readDescriptor(builder, m, `${pred.materialsAt}/${i}`, false))
      if (!materials.includes(a)) materials.push(a);
  });

  const flat = flattenPredicate(predicate);
  for (const subject of subjectArtifacts) {
    builder.slsa({
      subject,
      materials,
      builder: pred.builderId,
      buildType: pred.buildType,
      slsaVersion: predicateType,
      startedOn: pred.startedOn,
      finishedOn: pred.finishedOn,
      predicate: flat,
    });
  }
  return builder.facts;
}

function readV0(p: Json, at: string, version: string): Predicate {
  const b = optObject(p, 'builder', at);
  const builderId = b ? optString(b, 'id', `${at}/builder`) : undefined;
  if (!builderId) throw new DocumentError(`${at}/builder/id`, 'required field "builder.id" is missing');
  const metadata = optObject(p, 'metadata', at);
  const recipe = version === 'v0.1' ? optObject(p, 'recipe', at) : undefined;
  return {
    builderId,
    buildType:
      version === 'v0.1'
        ? recipe
          ? optString(recipe, 'type', `${at}/recipe`)
          : undefined
        : optString(p, 'buildType', at),
    startedOn: metadata
      ? isoTime(optString(metadata, 'buildStartedOn', `${at}/metadata`), `${at}/metadata/buildStartedOn`)
      : undefined,
    finishedOn: metadata
      ? isoTime(optString(metadata, 'buildFinishedOn', `${at}/metadata`), `${at}/metadata/buildFinishedOn`)
      : undefined,
    materials: optArray(p, 'materials', at),
    materialsAt: `${at}/materials`,
  };
}

function readV1(p: Json, at: string): Predicate {
  const def = optObject(p, 'buildDefinition', at);
  if (!def) throw new DocumentError(`${at}/buildDefinition`, 'required field "buildDefinition" is missing');
  const run = optObject(p, 'runDetails', at);
  const b = run ? optObject(run, 'builder', `${at}/runDetails`) : undefined;
  const builderId = b ? optString(b, 'id', `${at}/runDetails/builder`) : undefined;
  if (!builderId)
    throw new DocumentError(`${at}/runDetails/builder/id`, 'required field "runDetails.builder.id" is missing');
  const metadata = run ? optObject(run, 'metadata', `${at}/runDetails`) : undefined;
  const mAt = `${at}/runDetails/metadata`;
  return {
    builderId,
    buildType: optString(def, 'buildType', `${at}/buildDefinition`),
    startedOn: metadata ? isoTime(optString(metadata, 'startedOn', mAt), `${mAt}/startedOn`) : undefined,
    finishedOn: metadata ? isoTime(optString(metadata, 'finishedOn', mAt), `${mAt}/finishedOn`) : undefined,
    materials: optArray(def, 'resolvedDependencies', `${at}/buildDefinition`),
    materialsAt: `${at}/buildDefinition/resolvedDependencies`,
  };
}

/**
 * A subject, material or resolved dependency: its digests become artifacts (several digests of one
 * thing are HashEqual); a purl naming it becomes a package, a git+ URI a source, each with an
 * occurrence of every digest. A material without a digest names no artifact and is left out.
 */
function readDescriptor(builder: FactsBuilder, d: unknown, at: string, isSubject: boolean): string[] {
  if (!isObject(d)) throw new DocumentError(at, `a ${isSubject ? 'subject' : 'material'} must be an object`);
  const digest = optObject(d, 'digest', at);
  if (isSubject && !digest) throw new DocumentError(`${at}/digest`, 'required field "digest" is missing');
  const artifacts: string[] = [];
  for (const [alg, value] of Object.entries(digest ?? {})) {
    if (typeof value !== 'string') throw new DocumentError(`${at}/digest/${alg}`, 'a digest value must be a string');
    const a = artifactOrSkip(builder, alg, value, `${at}/digest/${alg}`);
    if (a && !artifacts.includes(a)) artifacts.push(builder.artifact(a));
  }
  for (const other of artifacts.slice(1)) {
    builder.hashEqual({ artifact: artifacts[0], equal: other, justification: 'digests of the same in-toto resource' });
  }
  if (artifacts.length === 0) return artifacts;

  const names = [optString(d, 'uri', at), optString(d, 'name', at)].filter((n): n is string => !!n);
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
