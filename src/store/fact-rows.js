import { packageNameOf, parsePurl } from '../model/purl.js';
import { FactKind, NodeKind } from '../model/kinds.js';
import { EVIDENCE_COLUMNS, factTable } from './schema/tables.js';
const DEPS_DEV = /deps\.dev/i;
/** The values of a table without field columns (SBOM inclusion, the most numerous rows): shared. */
const NO_VALUES = [];
/** Records (a, b, data) in `seen`; true the first time. a/b are node indexes of one document (far below 2^26; b may be -1). */
function firstTime(seen, a, b, data) {
    const pair = a * 0x4000000 + (b + 1);
    const datas = seen.get(pair);
    if (!datas) {
        seen.set(pair, [data]);
        return true;
    }
    if (datas.includes(data))
        return false;
    datas.push(data);
    return true;
}
export function encodeDocument(facts, docOrigin, docCollector) {
    const nodes = [];
    // One map per node kind: no key concatenation on the hot path.
    const nodeIndex = new Map();
    const rows = new Map();
    // Rows already written, by table and (a, b) packed into one number, then by values.
    const seenRows = new Map();
    const evidenceMemo = new Map();
    const evidence = [];
    const dependencies = [];
    const seenDependencies = new Map();
    const node = (kind, key, attr = null) => {
        let byKey = nodeIndex.get(kind);
        if (!byKey)
            nodeIndex.set(kind, (byKey = new Map()));
        let i = byKey.get(key);
        if (i === undefined) {
            i = nodes.length;
            nodes.push({ kind, key, attr });
            byKey.set(key, i);
        }
        return i;
    };
    const ref = (r) => r.kind === 'package'
        ? node(NodeKind.Package, r.purl)
        : r.kind === 'artifact'
            ? node(NodeKind.Artifact, r.digest)
            : node(NodeKind.Source, r.url);
    const vuln = (v) => node(NodeKind.Vulnerability, v.id, v.type);
    /** The fields as column values: empty and undefined fields, origin/collector equal to the document's, are null. */
    const values = (columns, fields) => columns.length === 0
        ? NO_VALUES
        : columns.map(({ field, type }) => {
            const v = fields[field];
            if (v === undefined || v === null || v === '')
                return null;
            if ((field === 'origin' && v === docOrigin) || (field === 'collector' && v === docCollector))
                return null;
            return type === 'json' ? JSON.stringify(v) : v;
        });
    /** Dependency evidence repeats (type, justification) across a document: keep each shape once. */
    const evidenceIndex = (fields) => {
        const memoKey = `${fields.type}\u0000${fields.versionRange ?? ''}\u0000${fields.justification ?? ''}\u0000${fields.origin ?? ''}\u0000${fields.collector ?? ''}`;
        let i = evidenceMemo.get(memoKey);
        if (i === undefined) {
            i = evidence.length;
            evidence.push(values(EVIDENCE_COLUMNS, fields));
            evidenceMemo.set(memoKey, i);
        }
        return i;
    };
    const dependency = (a, b, e) => {
        if (firstTime(seenDependencies, a, b, e))
            dependencies.push({ a, b, evidence: e });
    };
    const row = (kind, a, b, fields = {}) => {
        const table = factTable(kind);
        const v = values(table.columns, fields);
        let byPair = seenRows.get(table);
        if (!byPair)
            seenRows.set(table, (byPair = new Map()));
        if (!firstTime(byPair, a, b, v.length ? JSON.stringify(v) : ''))
            return;
        let list = rows.get(table);
        if (!list)
            rows.set(table, (list = []));
        list.push({ a, b, values: v });
    };
    for (const p of facts.packages)
        node(NodeKind.Package, p);
    for (const a of facts.artifacts)
        node(NodeKind.Artifact, a);
    for (const s of facts.sources)
        node(NodeKind.Source, s);
    let frequencyEligible = false;
    for (const s of facts.sboms) {
        const { subject, ...rest } = s;
        const subjectIndex = ref(subject);
        row(FactKind.HasSbom, subjectIndex, -1, rest);
        const origin = `${s.origin ?? docOrigin} ${s.collector ?? docCollector}`;
        if (!DEPS_DEV.test(origin))
            frequencyEligible = true;
        // GUAC's bulk rule: an SBOM includes every package and artifact of its document.
        for (const p of facts.packages) {
            const i = node(NodeKind.Package, p);
            if (i !== subjectIndex)
                row(FactKind.SbomIncludes, subjectIndex, i);
        }
        for (const a of facts.artifacts) {
            const i = node(NodeKind.Artifact, a);
            if (i !== subjectIndex)
                row(FactKind.SbomIncludes, subjectIndex, i);
        }
    }
    for (const d of facts.dependencies) {
        if (d.from === d.to)
            continue;
        const { from, to, ...rest } = d;
        dependency(node(NodeKind.Package, from), node(NodeKind.Package, to), evidenceIndex(rest));
    }
    for (const o of facts.occurrences) {
        const { artifact, subject, ...rest } = o;
        row(FactKind.IsOccurrence, node(NodeKind.Artifact, artifact), ref(subject), rest);
    }
    for (const h of facts.hashEquals) {
        if (h.artifact === h.equal)
            continue;
        const { artifact, equal, ...rest } = h;
        row(FactKind.HashEqual, node(NodeKind.Artifact, artifact), node(NodeKind.Artifact, equal), rest);
    }
    for (const s of facts.slsa) {
        const { subject, materials, ...rest } = s;
        const a = node(NodeKind.Artifact, subject);
        if (materials.length === 0)
            row(FactKind.HasSlsa, a, -1, rest);
        for (const m of materials)
            row(FactKind.HasSlsa, a, node(NodeKind.Artifact, m), rest);
    }
    for (const c of facts.certifyVulns) {
        const { package: purl, vulnerability, scan, ...rest } = c;
        row(FactKind.CertifyVuln, node(NodeKind.Package, purl), vulnerability ? vuln(vulnerability) : -1, {
            ...scan,
            ...rest,
        });
    }
    for (const e of facts.vulnEquals) {
        const { vulnerability, equal, ...rest } = e;
        if (vulnerability.id === equal.id)
            continue;
        row(FactKind.VulnEqual, vuln(vulnerability), vuln(equal), rest);
    }
    for (const m of facts.vulnMetadata) {
        const { vulnerability, ...rest } = m;
        row(FactKind.VulnMetadata, vuln(vulnerability), -1, rest);
    }
    for (const v of facts.vex) {
        const { subject, vulnerability, ...rest } = v;
        row(FactKind.Vex, ref(subject), vuln(vulnerability), rest);
    }
    for (const h of facts.hasSourceAt) {
        const { package: purl, source, allVersions, ...rest } = h;
        const subject = allVersions
            ? node(NodeKind.PackageName, packageNameOf(parsePurl(purl)))
            : node(NodeKind.Package, purl);
        row(FactKind.HasSourceAt, subject, node(NodeKind.Source, source), rest);
    }
    for (const s of facts.scorecards) {
        const { source, ...rest } = s;
        row(FactKind.Scorecard, node(NodeKind.Source, source), -1, rest);
    }
    for (const adv of facts.advisories) {
        const { vulnerability, ...rest } = adv;
        row(FactKind.Advisory, vuln(vulnerability), -1, rest);
    }
    return { nodes, facts: rows, dependencies, evidence, frequencyEligible };
}
/** A document's dependency facts as stored: (a, b, evidence index) triples of node ids. */
export function packDependencies(dependencies, ids) {
    const triples = new Uint32Array(dependencies.length * 3);
    for (let i = 0; i < dependencies.length; i++) {
        const d = dependencies[i];
        triples[i * 3] = ids[d.a];
        triples[i * 3 + 1] = ids[d.b];
        triples[i * 3 + 2] = d.evidence;
    }
    return Buffer.from(triples.buffer, triples.byteOffset, triples.byteLength);
}
