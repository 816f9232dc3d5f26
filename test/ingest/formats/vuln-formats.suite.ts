// The per-document checks of the OSV / scanner / OpenVEX / Scorecard parsers, over any set of real
// documents: the format tests run them on test/fixtures, the corpus sweep on the whole corpus.
// Expectations are read from the raw documents here, without the parsers; purls are compared
// by test/helpers/purl-identity.ts, not src/model/purl.ts.
import { describe, expect, it } from 'vitest';
import type { DocumentSet } from '../../helpers/corpus.js';
import { purlFields, purlKey } from '../../helpers/purl-identity.js';
import type { CertifyVulnFact, DocumentFacts } from '../../../src/model/facts.js';
import type { FormatParser, ParseContext } from '../../../src/ingest/formats/types.js';
import { advisoryFromDocument, osvParser } from '../../../src/ingest/formats/osv/index.js';
import { grypeParser, osvScannerParser, trivyParser } from '../../../src/ingest/formats/scanners/index.js';
import { openvexParser } from '../../../src/ingest/formats/openvex/index.js';
import { scorecardParser } from '../../../src/ingest/formats/scorecard/index.js';

type J = Record<string, any>;

export const CTX: ParseContext = {
  origin: 'test',
  collector: 'vitest',
  documentDigest: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
  now: '2030-01-01T00:00:00.000Z',
};

/** Corpus kind each parser owns. */
export const PARSER_KIND: [FormatParser, string][] = [
  [osvParser, 'osv'],
  [osvScannerParser, 'osv-scanner'],
  [grypeParser, 'grype'],
  [trivyParser, 'trivy'],
  [openvexParser, 'openvex'],
  [scorecardParser, 'scorecard'],
];

/** Every document of the set is claimed by `parser` exactly when its kind is `kind`. */
export function detectionMismatches(set: DocumentSet, parser: FormatParser, kind: string): string[] {
  return set
    .entries()
    .filter((e) => parser.detect(set.load(e.file)) !== (e.kind === kind))
    .map((e) => `${e.file} (${e.kind}) ${e.kind === kind ? 'not detected' : 'wrongly claimed'} by ${parser.name}`);
}

/** A describe block: the parser claims exactly the set's documents of its kind, and no other vulnerability parser does. */
function detectionSuite(set: DocumentSet, parser: FormatParser, kind: string): void {
  describe(`${kind} detection over the ${set.name}`, () => {
    const files = set.filesOfKind(kind);
    it('claims exactly the documents of its kind, and is the only vulnerability parser that does', () => {
      expect(files.length).toBeGreaterThan(0);
      expect(detectionMismatches(set, parser, kind)).toEqual([]);
      for (const f of files)
        expect(PARSER_KIND.filter(([p]) => p.detect(set.load(f))).map(([p]) => p.name)).toEqual([parser.name]);
    });
  });
}

export function osvFormatSuite(set: DocumentSet): void {
  detectionSuite(set, osvParser, 'osv');
  describe(`OSV parsing over the ${set.name}`, () => {
    it.each(set.filesOfKind('osv'))('%s: metadata for its id and VulnEqual for each alias', (f) => {
      const raw = set.rawJson(f) as { id: string; aliases?: string[]; summary?: string; details?: string };
      const facts = osvParser.parse(set.load(f), CTX);
      expect(facts.format).toBe('osv');
      expect(facts.certifyVulns).toEqual([]);
      const meta = facts.vulnMetadata.find((m) => m.vulnerability.id.toUpperCase() === raw.id.toUpperCase());
      expect(meta).toBeDefined();
      expect(meta!.description).toBe(
        raw.summary ??
          raw
            .details!.split('\n')
            .find((l) => l.trim())!
            .replace(/^#+\s*/, '')
            .trim(),
      );
      expect(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']).toContain(meta!.severity);
      const aliases = new Set(facts.vulnEquals.map((e) => e.equal.id.toUpperCase()));
      for (const a of raw.aliases ?? []) expect(aliases.has(a.toUpperCase())).toBe(true);
      expect(advisoryFromDocument(set.load(f)).id).toBe(raw.id);
    });
  });
}

/** One finding as the raw report states it, computed without the parser. */
interface RawFinding {
  purl?: string;
  name: string;
  version: string;
  vuln: string;
}

function osvScannerFindings(json: J): RawFinding[] {
  return json.results.flatMap((r: J) =>
    r.packages.flatMap((p: J) =>
      (p.vulnerabilities ?? []).map((v: J) => ({
        name: p.package.name,
        version: p.package.version,
        vuln: v.id,
      })),
    ),
  );
}

function grypeFindings(json: J): RawFinding[] {
  return json.matches.map((m: J) => ({
    purl: m.artifact.purl,
    name: m.artifact.name,
    version: m.artifact.version,
    vuln: m.vulnerability.id,
  }));
}

function trivyFindings(json: J): RawFinding[] {
  const results: J[] = Array.isArray(json) ? json : (json.Results ?? []);
  return results.flatMap((r) =>
    (r.Vulnerabilities ?? []).map((v: J) => ({
      purl: v.PkgIdentifier?.PURL,
      name: v.PkgName,
      version: v.InstalledVersion,
      vuln: v.VulnerabilityID,
    })),
  );
}

/** Does a CertifyVuln record this raw finding? By purl when the report has one, else by name + version. */
function recorded(f: RawFinding, facts: DocumentFacts): boolean {
  const sameVuln = (c: CertifyVulnFact) => c.vulnerability?.id.toUpperCase() === f.vuln.toUpperCase();
  if (f.purl) return facts.certifyVulns.some((c) => sameVuln(c) && purlKey(c.package) === purlKey(f.purl));
  const last = f.name.split(/[/:]/).pop()!.toLowerCase().replace(/_/g, '-');
  return facts.certifyVulns.some((c) => {
    if (!sameVuln(c)) return false;
    const p = purlFields(c.package);
    return (
      p !== undefined &&
      p.name.toLowerCase().replace(/_/g, '-') === last &&
      (p.version === f.version || p.version === `v${f.version}`)
    );
  });
}

const SCANNERS: [FormatParser, string, (json: J) => RawFinding[], string][] = [
  [osvScannerParser, 'osv-scanner', osvScannerFindings, 'https://github.com/google/osv-scanner'],
  [grypeParser, 'grype', grypeFindings, 'https://github.com/anchore/grype'],
  [trivyParser, 'trivy', trivyFindings, 'https://github.com/aquasecurity/trivy'],
];

export function scannerFormatSuite(set: DocumentSet): void {
  for (const [parser, kind, findings, scannerUri] of SCANNERS) {
    detectionSuite(set, parser, kind);
    describe(`${kind} reports over the ${set.name}`, () => {
      it.each(set.filesOfKind(kind))('%s: every (package, vulnerability) pair is a CertifyVuln', (f) => {
        const raw = findings(set.rawJson(f) as J);
        const facts = parser.parse(set.load(f), CTX);
        const missing = raw
          .filter((r) => !recorded(r, facts))
          .map((r) => `${r.purl ?? `${r.name}@${r.version}`} ${r.vuln}`);
        expect(missing).toEqual([]);
        const distinct = new Set(
          raw.map((r) => `${r.purl ? purlKey(r.purl) : `${r.name}@${r.version}`}|${r.vuln.toUpperCase()}`),
        );
        expect(facts.certifyVulns.filter((c) => c.vulnerability).length).toBe(distinct.size);
        for (const c of facts.certifyVulns) {
          expect(c.scan.scannerUri).toBe(scannerUri);
          expect(c.scan.timeScanned).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
          expect(facts.packages).toContain(c.package);
        }
        // One metadata fact per vulnerability at most.
        const ids = facts.vulnMetadata.map((m) => `${m.vulnerability.type}:${m.vulnerability.id}`);
        expect(new Set(ids).size).toBe(ids.length);
      });
    });
  }
}

export function openvexFormatSuite(set: DocumentSet): void {
  detectionSuite(set, openvexParser, 'openvex');
  describe(`OpenVEX parsing over the ${set.name}`, () => {
    it.each(set.filesOfKind('openvex'))('%s: one fact per identifiable product, skips the rest', (f) => {
      const raw = set.rawJson(f) as J;
      const facts = openvexParser.parse(set.load(f), CTX);
      let expectedFacts = 0;
      for (const s of raw.statements as J[]) {
        for (const p of s.products ?? []) {
          const id = typeof p === 'string' ? p : (p['@id'] ?? p.identifiers?.purl);
          if (typeof id === 'string' && (id.startsWith('pkg:') || /^sha\d+:/.test(id))) expectedFacts += 1;
        }
      }
      expect(facts.vex.length).toBe(expectedFacts);
      for (const v of facts.vex) {
        expect(['NOT_AFFECTED', 'AFFECTED', 'FIXED', 'UNDER_INVESTIGATION']).toContain(v.status);
        expect(v.knownSince).toMatch(/Z$/);
      }
    });
  });
}

export function scorecardFormatSuite(set: DocumentSet): void {
  detectionSuite(set, scorecardParser, 'scorecard');
  describe(`Scorecard parsing over the ${set.name}`, () => {
    it.each(set.filesOfKind('scorecard'))('%s: one scorecard on the source repository, scores as reported', (f) => {
      const raw = set.rawJson(f) as J;
      const facts = scorecardParser.parse(set.load(f), CTX);
      expect(facts.scorecards.length).toBe(1);
      const s = facts.scorecards[0];
      expect(s.source).toBe(`git+https://${raw.repo.name.toLowerCase()}`);
      expect(facts.sources).toEqual([s.source]);
      expect(s.aggregateScore).toBe(raw.score);
      expect(s.checks).toEqual(raw.checks.map((c: J) => ({ check: c.name, score: c.score })));
      expect(s.scorecardVersion).toBe(raw.scorecard.version);
      expect(s.scorecardCommit).toBe(raw.scorecard.commit);
      expect(s.commit).toBe(raw.repo.commit);
      expect(s.timeScanned).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });
  });
}
