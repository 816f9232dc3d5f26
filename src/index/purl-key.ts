// Reads the parts of a *canonical* purl string without decoding it. In canonical form '@', '?'
// and '#' inside components are percent-encoded, so the first of each is a separator; two
// canonical purls can therefore be compared component by component on their encoded text.

export interface PurlKey {
  name: string; // "pkg:type/namespace/name"
  version?: string;
  qualifiers: string[]; // "key=value", encoded
  subpath?: string;
}

export function splitCanonicalPurl(purl: string): PurlKey {
  let end = purl.length;
  let subpath: string | undefined;
  const hash = purl.indexOf('#');
  if (hash >= 0) {
    subpath = purl.slice(hash + 1);
    end = hash;
  }
  let qualifiers: string[] = [];
  const question = purl.indexOf('?');
  if (question >= 0 && question < end) {
    qualifiers = purl.slice(question + 1, end).split('&');
    end = question;
  }
  let version: string | undefined;
  const at = purl.indexOf('@');
  if (at >= 0 && at < end) {
    version = purl.slice(at + 1, end);
    end = at;
  }
  return { name: withOciRepository(purl, purl.slice(0, end), qualifiers), version, qualifiers, subpath };
}

/**
 * The package-name part ("pkg:type/namespace/name") of a canonical purl. For oci it keeps the
 * repository_url qualifier, which is an oci package's namespace (GUAC's mapping, model/purl.ts).
 */
export function nameOfCanonicalPurl(purl: string): string {
  for (let i = 4; i < purl.length; i++) {
    const c = purl.charCodeAt(i);
    if (c === 64 /* @ */ || c === 63 /* ? */ || c === 35 /* # */) {
      const name = purl.slice(0, i);
      return purl.startsWith(OCI) ? withOciRepository(purl, name, splitCanonicalPurl(purl).qualifiers) : name;
    }
  }
  return purl;
}

const OCI = 'pkg:oci/';
const REPOSITORY = 'repository_url=';

function withOciRepository(purl: string, name: string, qualifiers: readonly string[]): string {
  if (!purl.startsWith(OCI)) return name;
  const repository = qualifiers.find((q) => q.startsWith(REPOSITORY));
  return repository ? `${name}?${repository}` : name;
}

/** The template rule (docs/api.md, "Which packages a purl names") on canonical strings. */
export function matchesPurlTemplate(template: PurlKey, candidate: PurlKey): boolean {
  if (template.name !== candidate.name) return false;
  if (template.version !== undefined && template.version !== candidate.version) return false;
  if (template.subpath !== undefined && template.subpath !== candidate.subpath) return false;
  for (const q of template.qualifiers) if (!candidate.qualifiers.includes(q)) return false;
  return true;
}
