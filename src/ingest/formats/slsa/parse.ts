// SLSA provenance shape validation: the statement (unwrapped from its envelope, envelope.ts),
// the v0.1/v0.2 or v1 predicate, and the subject and material descriptors, into one typed
// provenance. Digests are judged in translate.ts, where an unusable one is skipped.
import { DocumentError, type SkippedItem } from '../../../model/facts.js';
import { isoTime } from '../common/dates.js';
import { isObject, optArray, optObject, optString, type Json } from '../common/json.js';
import { SLSA_PREDICATES, unwrapProvenance, type Unwrapped } from './envelope.js';

/** A subject, material or resolved dependency. */
export interface Descriptor {
  path: string;
  /** [algorithm, value] pairs of its digest object. */
  digests: [string, string][];
  uri?: string;
  name?: string;
}

export interface Provenance {
  /** "v0.1", "v0.2" or "v1". */
  version: string;
  predicateType: string;
  wrapper: Unwrapped['wrapper'];
  /** Where the statement sits, for messages. */
  at: string;
  /** Wrapped attestations that were left out. */
  skipped: SkippedItem[];
  /** The envelope or bundle carrying the signature (signature.ts verifies it). */
  signed: Unwrapped['signed'];
  builderId: string;
  buildType?: string;
  startedOn?: string;
  finishedOn?: string;
  subjects: Descriptor[];
  materials: Descriptor[];
  /** The predicate as it is, kept (flattened) on the fact. */
  predicate: Json;
}

type PredicateFields = Pick<Provenance, 'builderId' | 'buildType' | 'startedOn' | 'finishedOn'> & {
  materials: unknown[];
  materialsAt: string;
};

export function parseProvenance(json: unknown): Provenance {
  const { statement: s, at, wrapper, skipped, signed } = unwrapProvenance(json);
  const predicateType = s.predicateType as string;
  const version = SLSA_PREDICATES[predicateType];
  const predicate = optObject(s, 'predicate', at);
  if (!predicate) throw new DocumentError(`${at}/predicate`, 'required field "predicate" is missing');
  const fields =
    version === 'v1' ? readV1(predicate, `${at}/predicate`) : readV0(predicate, `${at}/predicate`, version);
  const subjects = optArray(s, 'subject', at).map((sub, i) => readDescriptor(sub, `${at}/subject/${i}`, true));
  const materials = fields.materials.map((m, i) => readDescriptor(m, `${fields.materialsAt}/${i}`, false));
  return {
    version,
    predicateType,
    wrapper,
    at,
    skipped,
    signed,
    builderId: fields.builderId,
    buildType: fields.buildType,
    startedOn: fields.startedOn,
    finishedOn: fields.finishedOn,
    subjects,
    materials,
    predicate,
  };
}

function readV0(p: Json, at: string, version: string): PredicateFields {
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

function readV1(p: Json, at: string): PredicateFields {
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

function readDescriptor(d: unknown, at: string, isSubject: boolean): Descriptor {
  if (!isObject(d)) throw new DocumentError(at, `a ${isSubject ? 'subject' : 'material'} must be an object`);
  const digest = optObject(d, 'digest', at);
  if (isSubject && !digest) throw new DocumentError(`${at}/digest`, 'required field "digest" is missing');
  const digests = Object.entries(digest ?? {}).map(([alg, value]): [string, string] => {
    if (typeof value !== 'string') throw new DocumentError(`${at}/digest/${alg}`, 'a digest value must be a string');
    return [alg, value];
  });
  return { path: at, digests, uri: optString(d, 'uri', at), name: optString(d, 'name', at) };
}
