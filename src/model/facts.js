/** Collects facts, de-duplicating node lists, so parsers need not track what they added. */
export class FactsBuilder {
    packageSet = new Set();
    artifactSet = new Set();
    sourceSet = new Set();
    facts;
    constructor(format) {
        this.facts = {
            format,
            packages: [],
            artifacts: [],
            sources: [],
            sboms: [],
            dependencies: [],
            occurrences: [],
            hashEquals: [],
            slsa: [],
            certifyVulns: [],
            vulnEquals: [],
            vulnMetadata: [],
            vex: [],
            hasSourceAt: [],
            scorecards: [],
            advisories: [],
            skipped: [],
        };
    }
    package(purl) {
        if (!this.packageSet.has(purl)) {
            this.packageSet.add(purl);
            this.facts.packages.push(purl);
        }
        return purl;
    }
    artifact(digest) {
        if (!this.artifactSet.has(digest)) {
            this.artifactSet.add(digest);
            this.facts.artifacts.push(digest);
        }
        return digest;
    }
    source(url) {
        if (!this.sourceSet.has(url)) {
            this.sourceSet.add(url);
            this.facts.sources.push(url);
        }
        return url;
    }
    node(ref) {
        if (ref.kind === 'package')
            this.package(ref.purl);
        else if (ref.kind === 'artifact')
            this.artifact(ref.digest);
        else
            this.source(ref.url);
    }
    sbom(f) {
        this.node(f.subject);
        this.facts.sboms.push(f);
    }
    dependency(f) {
        this.package(f.from);
        this.package(f.to);
        this.facts.dependencies.push(f);
    }
    occurrence(f) {
        this.artifact(f.artifact);
        this.node(f.subject);
        this.facts.occurrences.push(f);
    }
    hashEqual(f) {
        this.artifact(f.artifact);
        this.artifact(f.equal);
        this.facts.hashEquals.push(f);
    }
    slsa(f) {
        this.artifact(f.subject);
        for (const m of f.materials)
            this.artifact(m);
        this.facts.slsa.push(f);
    }
    certifyVuln(f) {
        this.package(f.package);
        this.facts.certifyVulns.push(f);
    }
    vulnEqual(f) {
        this.facts.vulnEquals.push(f);
    }
    vulnMetadata(f) {
        this.facts.vulnMetadata.push(f);
    }
    vex(f) {
        this.node(f.subject);
        this.facts.vex.push(f);
    }
    hasSourceAt(f) {
        if (!f.allVersions)
            this.package(f.package);
        this.source(f.source);
        this.facts.hasSourceAt.push(f);
    }
    scorecard(f) {
        this.source(f.source);
        this.facts.scorecards.push(f);
    }
    advisory(f) {
        this.facts.advisories.push(f);
    }
    skip(path, reason) {
        this.facts.skipped.push({ path, reason });
    }
}
/** Thrown by parsers for a document that must be rejected whole; `path` is a JSON pointer or element path. */
export class DocumentError extends Error {
    path;
    reason;
    constructor(path, reason) {
        super(path ? `${path}: ${reason}` : reason);
        this.path = path;
        this.reason = reason;
    }
}
