function refKey(ref) {
    return ref.kind === 'package' ? ref.purl : ref.kind === 'artifact' ? ref.digest : ref.url;
}
export function documentSubject(facts) {
    const sbom = facts.sboms[0];
    if (sbom)
        return refKey(sbom.subject);
    const slsa = facts.slsa[0];
    if (slsa)
        return slsa.subject;
    const scorecard = facts.scorecards[0];
    if (scorecard)
        return scorecard.source;
    const advisory = facts.advisories[0];
    if (advisory)
        return advisory.vulnerability.id;
    const vex = facts.vex[0];
    if (vex)
        return refKey(vex.subject);
    const scan = facts.certifyVulns[0];
    if (scan)
        return scan.package;
    return null;
}
