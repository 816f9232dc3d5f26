// GUAC ingest-predicates → facts: each predicate kind onto its fact (docs/model.md); a predicate
// naming an unusable artifact is skipped whole, with the reason.
import {
  DocumentError,
  FactsBuilder,
  type DependencyType,
  type DocumentFacts,
  type NodeRef,
  type VexStatus,
} from '../../../model/facts.js';
import type { JsonReader } from '../common/json.js';
import type { ParseContext } from '../types.js';
import {
  artifact,
  oneOf,
  origin,
  pkg as packageOf,
  requiredVuln,
  source,
  text,
  time,
  UnusableArtifact,
  vuln,
} from './parse.js';

const DEPENDENCY_TYPES: readonly DependencyType[] = ['DIRECT', 'INDIRECT', 'UNKNOWN'];
const VEX_STATUSES: readonly VexStatus[] = ['NOT_AFFECTED', 'AFFECTED', 'FIXED', 'UNDER_INVESTIGATION'];

/** What every predicate is translated with. */
interface Translation {
  b: FactsBuilder;
  /** The package's purl (the same package written twice is one purl). */
  pkg: (r: JsonReader) => string;
  /** The artifact, or undefined after recording why it was left out. */
  optionalArtifact: (r: JsonReader) => string | undefined;
  now: string;
}

/** Translates one predicate of its kind (`key`: the kind, as the document names its list). */
type PredicateReader = (r: JsonReader, t: Translation, key: string) => void;

export function translateIngestPredicates(root: JsonReader, ctx: ParseContext): DocumentFacts {
  const b = new FactsBuilder('guac-predicates');
  const purls = new Map<string, string>();
  const t: Translation = {
    b,
    pkg: (r) => packageOf(r, purls),
    optionalArtifact: (r) => optionalArtifact(b, r),
    now: ctx.now,
  };
  for (const [key, read] of PREDICATES) each(root, b, key, (r) => read(r, t, key));
  return b.facts;
}

function optionalArtifact(b: FactsBuilder, r: JsonReader): string | undefined {
  try {
    return artifact(r);
  } catch (err) {
    if (!(err instanceof UnusableArtifact)) throw err;
    b.skip(err.path, `artifact left out: ${err.message}`);
    return undefined;
  }
}

/** Runs fn on every predicate of one kind; a predicate naming an unusable artifact is skipped whole. */
function each(root: JsonReader, b: FactsBuilder, key: string, fn: (r: JsonReader) => void): void {
  const list = root.field(key);
  if (list.isAbsent()) return;
  list.array().forEach((r) => {
    try {
      fn(r);
    } catch (err) {
      if (!(err instanceof UnusableArtifact)) throw err;
      b.skip(r.path, `"${key}" predicate left out: its artifact at ${err.path} is unusable (${err.message})`);
    }
  });
}

function isDependency(r: JsonReader, { b, pkg }: Translation): void {
  const from = pkg(r.field('pkg'));
  const to = pkg(r.field('depPkg'));
  const spec = r.field('isDependency');
  spec.object();
  const type = (spec.field('dependencyType').optionalString() || 'UNKNOWN').toUpperCase() as DependencyType;
  if (!DEPENDENCY_TYPES.includes(type))
    throw new DocumentError(spec.field('dependencyType').path, `must be one of ${DEPENDENCY_TYPES.join(', ')}`);
  b.dependency({
    from,
    to,
    type,
    versionRange: text(spec, 'versionRange'),
    justification: text(spec, 'justification'),
    ...origin(spec),
  });
}

function isOccurrence(r: JsonReader, { b }: Translation): void {
  const subject = oneOf(r, 'pkg', null, 'src') as NodeRef & { kind: 'package' | 'source' };
  const spec = r.field('isOccurrence');
  b.occurrence({
    artifact: artifact(r.field('artifact')),
    subject,
    justification: text(spec, 'justification'),
    ...origin(spec),
  });
}

function hashEqual(r: JsonReader, { b }: Translation): void {
  const spec = r.field('hashEqual');
  b.hashEqual({
    artifact: artifact(r.field('artifact')),
    equal: artifact(r.field('equalArtifact')),
    justification: text(spec, 'justification'),
    ...origin(spec),
  });
}

function hasSlsa(r: JsonReader, { b, optionalArtifact }: Translation): void {
  const spec = r.field('HasSlsa');
  spec.object();
  const predicate: Record<string, string> = {};
  const preds = spec.field('slsaPredicate');
  if (!preds.isAbsent())
    preds.array().forEach((p) => {
      predicate[p.field('key').string()] = p.field('value').stringOr('');
    });
  const materials = r.field('Materials');
  b.slsa({
    subject: artifact(r.field('Artifact')),
    materials: materials.isAbsent()
      ? []
      : materials.array().flatMap((m) => {
          const a = optionalArtifact(m);
          return a === undefined ? [] : [a];
        }),
    builder: r.field('Builder').object().field('uri').string(),
    buildType: text(spec, 'buildType'),
    slsaVersion: text(spec, 'slsaVersion'),
    startedOn: time(spec.field('startedOn')),
    finishedOn: time(spec.field('finishedOn')),
    predicate,
    // An ingest-predicates document is plain JSON: nothing signs the provenance it states.
    signature: 'unsigned',
    ...origin(spec),
  });
}

function certifyVuln(r: JsonReader, { b, pkg, now }: Translation): void {
  const data = r.field('vulnData');
  data.object();
  b.certifyVuln({
    package: pkg(r.field('pkg')),
    vulnerability: vuln(r.field('vulnerability')),
    scan: {
      scannerUri: data.field('scannerUri').stringOr(''),
      scannerVersion: data.field('scannerVersion').stringOr(''),
      dbUri: data.field('dbUri').stringOr(''),
      dbVersion: data.field('dbVersion').stringOr(''),
      timeScanned: time(data.field('timeScanned')) ?? now,
    },
    ...origin(data),
  });
}

function vulnEqual(r: JsonReader, { b }: Translation): void {
  const spec = r.field('vulnEqual');
  b.vulnEqual({
    vulnerability: requiredVuln(r.field('vulnerability')),
    equal: requiredVuln(r.field('equalVulnerability')),
    justification: text(spec, 'justification'),
    ...origin(spec),
  });
}

function vulnMetadata(r: JsonReader, { b }: Translation): void {
  const data = r.field('vulnData');
  data.object();
  const score = data.field('scoreValue');
  b.vulnMetadata({
    vulnerability: requiredVuln(r.field('vulnerability')),
    scoreType: text(data, 'scoreType'),
    scoreValue: score.isAbsent() ? undefined : score.number(),
    timestamp: time(data.field('timestamp')),
    ...origin(data),
  });
}

function hasSourceAt(r: JsonReader, { b, pkg }: Translation): void {
  const spec = r.field('hasSourceAt');
  const flag = r.field('pkgMatchFlag');
  const match = flag.isAbsent() ? 'SPECIFIC_VERSION' : flag.object().field('pkg').stringOr('SPECIFIC_VERSION');
  if (match !== 'ALL_VERSIONS' && match !== 'SPECIFIC_VERSION')
    throw new DocumentError(flag.field('pkg').path, 'must be ALL_VERSIONS or SPECIFIC_VERSION');
  b.hasSourceAt({
    package: pkg(r.field('pkg')),
    allVersions: match === 'ALL_VERSIONS',
    source: source(r.field('src')),
    knownSince: spec.isAbsent() ? undefined : time(spec.field('knownSince')),
    justification: text(spec, 'justification'),
    ...origin(spec),
  });
}

function hasSbom(r: JsonReader, { b }: Translation): void {
  const subject = oneOf(r, 'pkg', 'artifact', null) as NodeRef & { kind: 'package' | 'artifact' };
  const spec = r.field('hasSbom');
  spec.object();
  b.sbom({
    subject,
    uri: text(spec, 'uri'),
    algorithm: text(spec, 'algorithm'),
    digest: text(spec, 'digest'),
    downloadLocation: text(spec, 'downloadLocation'),
    knownSince: time(spec.field('knownSince')),
    ...origin(spec),
  });
}

function vex(r: JsonReader, { b, now }: Translation): void {
  const subject = oneOf(r, 'pkg', 'artifact', null) as NodeRef & { kind: 'package' | 'artifact' };
  const data = r.field('vexData');
  data.object();
  const status = data.field('status').string().toUpperCase() as VexStatus;
  if (!VEX_STATUSES.includes(status))
    throw new DocumentError(data.field('status').path, `must be one of ${VEX_STATUSES.join(', ')}`);
  b.vex({
    subject,
    vulnerability: requiredVuln(r.field('vulnerability')),
    status,
    justification: text(data, 'vexJustification'),
    statement: text(data, 'statement'),
    statusNotes: text(data, 'statusNotes'),
    knownSince: time(data.field('knownSince')) ?? now,
    ...origin(data),
  });
}

function certifyScorecard(r: JsonReader, { b, now }: Translation): void {
  const card = r.field('scorecard');
  card.object();
  const checks = card.field('checks');
  b.scorecard({
    source: source(r.field('source')),
    aggregateScore: card.field('aggregateScore').number(),
    checks: checks.isAbsent()
      ? []
      : checks.array().map((c) => ({ check: c.field('check').string(), score: c.field('score').number() })),
    timeScanned: time(card.field('timeScanned')) ?? now,
    scorecardVersion: card.field('scorecardVersion').stringOr(''),
    scorecardCommit: card.field('scorecardCommit').stringOr(''),
    ...origin(card),
  });
}

/**
 * Predicates with no fact of docs/model.md: their subjects still belong to the document (and so to its
 * SBOMs, by GUAC's bulk rule), the predicates themselves are not kept.
 */
function subjectsOnly(r: JsonReader, { b, pkg, optionalArtifact }: Translation, key: string): void {
  r.object();
  for (const p of ['pkg', 'equalPkg']) if (!r.field(p).isAbsent()) b.package(pkg(r.field(p)));
  if (!r.field('artifact').isAbsent()) {
    const a = optionalArtifact(r.field('artifact'));
    if (a !== undefined) b.artifact(a);
  }
  if (!r.field('src').isAbsent()) b.source(source(r.field('src')));
  b.skip(r.path, `"${key}" predicates are not part of the graph; only their subjects were kept`);
}

/** Each predicate kind and how it is read, in the order the facts are stated. */
const PREDICATES: readonly (readonly [string, PredicateReader])[] = [
  ['isDependency', isDependency],
  ['isOccurrence', isOccurrence],
  ['hashEqual', hashEqual],
  ['hasSlsa', hasSlsa],
  ['certifyVuln', certifyVuln],
  ['vulnEqual', vulnEqual],
  ['vulnMetadata', vulnMetadata],
  ['hasSourceAt', hasSourceAt],
  ['hasSBOM', hasSbom],
  ['vex', vex],
  ['certifyScorecard', certifyScorecard],
  ...(['certifyBad', 'certifyGood', 'contact', 'hasMetadata', 'certifyLegal', 'pkgEqual'] as const).map(
    (key) => [key, subjectsOnly] as const,
  ),
];
