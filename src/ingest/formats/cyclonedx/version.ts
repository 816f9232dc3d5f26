// Which CycloneDX versions are read, and how: 1.2–1.7 as they are; a later 1.x minor version
// (1.8, 1.9, …) as 1.7, with a note in the document's skipped list, since minor versions add
// fields without changing the ones read here; 1.0/1.1 (XML only, no dependency graph) and any
// other major version (2.x, the Transparency Exchange Language) are refused.
import { DocumentError } from '../../../model/facts.js';

/** The newest minor version whose fields this parser knows. */
export const NEWEST_READ_MINOR = 7;
export const NEWEST_READ = `1.${NEWEST_READ_MINOR}`;

export interface CdxVersion {
  specVersion: string;
  /** Set for a 1.x newer than 1.7: the note recorded with the document (read as 1.7). */
  newerNote?: string;
}

/** Checks `specVersion` (JSON `specVersion`, the XML namespace's version); throws DocumentError at `where`. */
export function checkSpecVersion(specVersion: string, where: string): CdxVersion {
  const shown = specVersion.slice(0, 20);
  const m = /^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})$/.exec(specVersion);
  const supported = `1.2–${NEWEST_READ}; a later 1.x is read as ${NEWEST_READ}`;
  if (!m) throw new DocumentError(where, `unsupported CycloneDX version "${shown}" (${supported})`);
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major !== 1)
    throw new DocumentError(
      where,
      `unsupported CycloneDX version "${shown}": major version ${major} is not read (${supported})`,
    );
  if (minor < 2) throw new DocumentError(where, `unsupported CycloneDX version "${shown}" (${supported})`);
  if (minor <= NEWEST_READ_MINOR) return { specVersion };
  return {
    specVersion,
    newerNote: `CycloneDX ${specVersion} is newer than ${NEWEST_READ}, the newest version this reads: read as ${NEWEST_READ} (fields added after ${NEWEST_READ} are not read)`,
  };
}
