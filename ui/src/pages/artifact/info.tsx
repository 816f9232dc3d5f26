// What the graph knows of one artifact (`/info`): the packages it is, equal digests, how it was
// built (SLSA provenance), what was built from it, the documents naming it.
import type { Answer } from '../../components/api-types';
import { LinkList } from '../../components/link-list';
import { artifactHref, documentHref, packageHref } from '../../links';

export type ArtifactInfo = Answer<'/v0/artifact/{digest}/info'>;

function Digests({ digests, none }: { digests: string[]; none: string }) {
  return <LinkList items={digests} href={artifactHref} className="digest" none={none} />;
}

type ProvenanceEntry = ArtifactInfo['provenance'][number];

/** How the provenance was signed, as judged at ingest (the server's trust settings). */
function signatureLabel(p: ProvenanceEntry): string {
  switch (p.signature) {
    case 'verified':
      return p.signedBy ? `verified, signed by ${p.signedBy}` : 'verified';
    case 'unverified':
      return 'signed, not verified (no trusted key or identity matched)';
    case 'unsigned':
      return 'unsigned';
    default:
      return 'not recorded';
  }
}

function Provenance({ provenance }: { provenance: ArtifactInfo['provenance'] }) {
  if (provenance.length === 0) return <span class="muted">no SLSA provenance</span>;
  return (
    <ul class="plain">
      {provenance.map((p) => (
        <li key={`${p.document} ${p.builder}`} class="provenance">
          <dl class="facts">
            <dt>Builder</dt>
            <dd class="purl">{p.builder}</dd>
            {p.buildType ? (
              <>
                <dt>Build type</dt>
                <dd class="purl">{p.buildType}</dd>
              </>
            ) : null}
            {p.startedOn || p.finishedOn ? (
              <>
                <dt>Built</dt>
                <dd>
                  {p.startedOn ?? '?'} → {p.finishedOn ?? '?'}
                </dd>
              </>
            ) : null}
            <dt>Signature</dt>
            <dd class="signature" data-signature={p.signature ?? 'none'}>
              {signatureLabel(p)}
            </dd>
            <dt>Materials</dt>
            <dd>
              <Digests digests={p.materials} none="none stated" />
            </dd>
            <dt>Stated by</dt>
            <dd>
              <a class="digest" href={documentHref(p.document)}>
                {p.document}
              </a>
              {p.slsaVersion ? <span class="muted"> (SLSA {p.slsaVersion})</span> : null}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function ArtifactDetails({ info }: { info: ArtifactInfo }) {
  return (
    <section aria-labelledby="about-h">
      <h2 id="about-h">About this artifact</h2>
      <dl class="facts">
        <dt>Is the package</dt>
        <dd>
          <LinkList items={info.subjects} href={packageHref} className="purl" none="no package known" />
        </dd>
        <dt>Same bytes as</dt>
        <dd>
          <Digests digests={info.equalDigests} none="no other digest known" />
        </dd>
        <dt>Provenance</dt>
        <dd>
          <Provenance provenance={info.provenance} />
        </dd>
        <dt>Built into</dt>
        <dd>
          <Digests digests={info.builtFrom} none="nothing known to be built from it" />
        </dd>
        <dt>Documents</dt>
        <dd>
          {info.counts.documents} naming it
          <LinkList items={info.documents} href={documentHref} className="digest" />
        </dd>
      </dl>
    </section>
  );
}
