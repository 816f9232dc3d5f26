// GUAC ingest-predicates JSON (assembler.IngestPredicates, with the JSON tags of GUAC's
// generated input specs). Every predicate kind of SPEC §2 can be written in it.
import {
  DocumentError,
  FactsBuilder,
  type DependencyType,
  type DocumentFacts,
  type FactOrigin,
  type NodeRef,
  type VexStatus,
  type VulnRef,
} from '../../../model/facts.js';
import { canonicalParts, formatPurl, PurlError } from '../../../model/purl.js';
import { canonicalArtifact, DigestError } from '../../../model/artifact.js';
import { formatSource } from '../../../model/source.js';
import { canonicalVulnId } from '../../../model/vulnerability.js';
import type { ParseContext, SniffedDocument } from '../types.js';
import { JsonReader } from '../../json-reader.js';

/** Top-level keys of assembler.IngestPredicates. */
export const PREDICATE_KEYS = [
  'certifyScorecard',
  'isDependency',
  'isOccurrence',
  'hasSlsa',
  'certifyVuln',
  'vulnEqual',
  'hasSourceAt',
  'certifyBad',
  'certifyGood',
  'hasSBOM',
  'hashEqual',
  'pkgEqual',
  'vex',
  'contact',
  'vulnMetadata',
  'hasMetadata',
  'certifyLegal',
] as const;

const DEPENDENCY_TYPES: readonly DependencyType[] = ['DIRECT', 'INDIRECT', 'UNKNOWN'];
const VEX_STATUSES: readonly VexStatus[] = ['NOT_AFFECTED', 'AFFECTED', 'FIXED', 'UNDER_INVESTIGATION'];

/** An artifact reference that names no artifact (empty algorithm or digest, control characters). */
class UnusableArtifact extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(reason);
  }
}

export function parseIngestPredicates(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
  const b = new FactsBuilder('guac-predicates');
  const root = new JsonReader(doc.json, '');
  root.object();

  const pkg = (r: JsonReader): string => {
    r.object();
    const qualifiers: Record<string, string> = {};
    const q = r.field('qualifiers');
    if (!q.isAbsent()) {
      q.array().forEach((item) => {
        qualifiers[item.field('key').string()] = item.field('value').stringOr('');
      });
    }
    try {
      return formatPurl(
        canonicalParts({
          type: r.field('type').string(),
          namespace: r.field('namespace').optionalString(),
          name: r.field('name').string(),
          version: r.field('version').optionalString(),
          qualifiers,
          subpath: r.field('subpath').optionalString(),
        }),
      );
    } catch (err) {
      if (err instanceof PurlError) throw new DocumentError(r.path, err.message);
      throw err;
    }
  };
  /** GUAC keeps any artifact it is given; one that names nothing (an empty part) leaves out its predicate. */
  const artifact = (r: JsonReader): string => {
    r.object();
    try {
      return canonicalArtifact(r.field('algorithm').stringOr(''), r.field('digest').stringOr(''));
    } catch (err) {
      if (err instanceof DigestError) throw new UnusableArtifact(r.path, err.message);
      throw err;
    }
  };
  /** The artifact, or undefined after recording why it was left out. */
  const optionalArtifact = (r: JsonReader): string | undefined => {
    try {
      return artifact(r);
    } catch (err) {
      if (!(err instanceof UnusableArtifact)) throw err;
      b.skip(err.path, `artifact left out: ${err.message}`);
      return undefined;
    }
  };
  const source = (r: JsonReader): string => {
    r.object();
    return formatSource({
      type: r.field('type').string(),
      namespace: r.field('namespace').string(),
      name: r.field('name').string(),
    });
  };
  const vuln = (r: JsonReader): VulnRef | null => {
    r.object();
    const type = r.field('type').string().trim().toUpperCase();
    if (type === 'NOVULN') return null;
    return { type, id: canonicalVulnId(r.field('vulnerabilityID').string()) };
  };
  const requiredVuln = (r: JsonReader): VulnRef => {
    const v = vuln(r);
    if (!v) throw new DocumentError(r.path, 'type "novuln" is not allowed here');
    return v;
  };
  const origin = (r: JsonReader): FactOrigin => {
    if (r.isAbsent()) return {};
    r.object();
    return {
      origin: r.field('origin').optionalString() || undefined,
      collector: r.field('collector').optionalString() || undefined,
    };
  };
  const time = (r: JsonReader): string | undefined => {
    const text = r.optionalString();
    if (!text) return undefined;
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) throw new DocumentError(r.path, `"${text}" is not an RFC 3339 time`);
    return date.toISOString();
  };
  /** Exactly one of the named subject fields. */
  const oneOf = (r: JsonReader, pkgKey: string | null, artKey: string | null, srcKey: string | null): NodeRef => {
    const refs: NodeRef[] = [];
    if (pkgKey && !r.field(pkgKey).isAbsent()) refs.push({ kind: 'package', purl: pkg(r.field(pkgKey)) });
    if (artKey && !r.field(artKey).isAbsent()) refs.push({ kind: 'artifact', digest: artifact(r.field(artKey)) });
    if (srcKey && !r.field(srcKey).isAbsent()) refs.push({ kind: 'source', url: source(r.field(srcKey)) });
    const names = [pkgKey, artKey, srcKey].filter(Boolean).join('" or "');
    if (refs.length !== 1) throw new DocumentError(r.path, `needs exactly one of "${names}"`);
    return refs[0];
  };
  /** Runs fn on every predicate of one kind; a predicate naming an unusable artifact is skipped whole. */
  const each = (key: string, fn: (r: JsonReader) => void): void => {
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
  };

  for (const key of Object.keys(doc.json as object)) {
    if (!(PREDICATE_KEYS as readonly string[]).includes(key))
      throw new DocumentError(`/${key}`, 'is not an ingest-predicates field');
  }

  each('isDependency', (r) => {
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
      versionRange: spec.field('versionRange').optionalString() || undefined,
      justification: spec.field('justification').optionalString() || undefined,
      ...origin(spec),
    });
  });
  each('isOccurrence', (r) => {
    const subject = oneOf(r, 'pkg', null, 'src') as NodeRef & { kind: 'package' | 'source' };
    const spec = r.field('isOccurrence');
    b.occurrence({
      artifact: artifact(r.field('artifact')),
      subject,
      justification: spec.isAbsent() ? undefined : spec.field('justification').optionalString() || undefined,
      ...origin(spec),
    });
  });
  each('hashEqual', (r) => {
    const spec = r.field('hashEqual');
    b.hashEqual({
      artifact: artifact(r.field('artifact')),
      equal: artifact(r.field('equalArtifact')),
      justification: spec.isAbsent() ? undefined : spec.field('justification').optionalString() || undefined,
      ...origin(spec),
    });
  });
  each('hasSlsa', (r) => {
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
      buildType: spec.field('buildType').optionalString() || undefined,
      slsaVersion: spec.field('slsaVersion').optionalString() || undefined,
      startedOn: time(spec.field('startedOn')),
      finishedOn: time(spec.field('finishedOn')),
      predicate,
      ...origin(spec),
    });
  });
  each('certifyVuln', (r) => {
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
        timeScanned: time(data.field('timeScanned')) ?? ctx.now,
      },
      ...origin(data),
    });
  });
  each('vulnEqual', (r) => {
    const spec = r.field('vulnEqual');
    b.vulnEqual({
      vulnerability: requiredVuln(r.field('vulnerability')),
      equal: requiredVuln(r.field('equalVulnerability')),
      justification: spec.isAbsent() ? undefined : spec.field('justification').optionalString() || undefined,
      ...origin(spec),
    });
  });
  each('vulnMetadata', (r) => {
    const data = r.field('vulnData');
    data.object();
    const score = data.field('scoreValue');
    b.vulnMetadata({
      vulnerability: requiredVuln(r.field('vulnerability')),
      scoreType: data.field('scoreType').optionalString() || undefined,
      scoreValue: score.isAbsent() ? undefined : score.number(),
      timestamp: time(data.field('timestamp')),
      ...origin(data),
    });
  });
  each('hasSourceAt', (r) => {
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
      justification: spec.isAbsent() ? undefined : spec.field('justification').optionalString() || undefined,
      ...origin(spec),
    });
  });
  each('hasSBOM', (r) => {
    const subject = oneOf(r, 'pkg', 'artifact', null) as NodeRef & { kind: 'package' | 'artifact' };
    const spec = r.field('hasSbom');
    spec.object();
    b.sbom({
      subject,
      uri: spec.field('uri').optionalString() || undefined,
      algorithm: spec.field('algorithm').optionalString() || undefined,
      digest: spec.field('digest').optionalString() || undefined,
      downloadLocation: spec.field('downloadLocation').optionalString() || undefined,
      knownSince: time(spec.field('knownSince')),
      ...origin(spec),
    });
  });
  each('vex', (r) => {
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
      justification: data.field('vexJustification').optionalString() || undefined,
      statement: data.field('statement').optionalString() || undefined,
      statusNotes: data.field('statusNotes').optionalString() || undefined,
      knownSince: time(data.field('knownSince')) ?? ctx.now,
      ...origin(data),
    });
  });
  each('certifyScorecard', (r) => {
    const card = r.field('scorecard');
    card.object();
    const checks = card.field('checks');
    b.scorecard({
      source: source(r.field('source')),
      aggregateScore: card.field('aggregateScore').number(),
      checks: checks.isAbsent()
        ? []
        : checks.array().map((c) => ({ check: c.field('check').string(), score: c.field('score').number() })),
      timeScanned: time(card.field('timeScanned')) ?? ctx.now,
      scorecardVersion: card.field('scorecardVersion').stringOr(''),
      scorecardCommit: card.field('scorecardCommit').stringOr(''),
      ...origin(card),
    });
  });
  // Predicates outside SPEC §2: their subjects still belong to the document (and so to its
  // SBOMs, by GUAC's bulk rule), the predicates themselves are not kept.
  for (const key of ['certifyBad', 'certifyGood', 'contact', 'hasMetadata', 'certifyLegal', 'pkgEqual'] as const) {
    each(key, (r) => {
      r.object();
      for (const p of ['pkg', 'equalPkg']) if (!r.field(p).isAbsent()) b.package(pkg(r.field(p)));
      if (!r.field('artifact').isAbsent()) {
        const a = optionalArtifact(r.field('artifact'));
        if (a !== undefined) b.artifact(a);
      }
      if (!r.field('src').isAbsent()) b.source(source(r.field('src')));
      b.skip(r.path, `"${key}" predicates are not part of the graph; only their subjects were kept`);
    });
  }
  return b.facts;
}
