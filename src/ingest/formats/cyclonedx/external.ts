// CycloneDX 1.7 external components: `isExternal` (the component is provided by the environment,
// not bundled) and `versionRange` (the versions accepted, in vers syntax, instead of one
// `version`). The schema's rules are checked here and a breach rejects the BOM naming the field:
// `versionRange` only with `isExternal: true`, never together with `version`, a non-empty string
// of at most 4096 characters. Whether the range is written in vers syntax is judged in
// translate.ts, where a range that is not is left out and recorded.
import { DocumentError } from '../../../model/facts.js';
import type { Json, PathFormatter, Segments } from '../common/json.js';
import { lookupTable } from '../../../model/lookup-table.js';

/** The schema's bound on a version range's length. */
export const MAX_VERSION_RANGE = 4096;

/** xs:boolean's lexical forms (XML attributes arrive as text); JSON gives a boolean. */
const XML_BOOLEAN = lookupTable<boolean>({ true: true, false: false, '1': true, '0': false });

export interface CdxExternal {
  isExternal?: boolean;
  versionRange?: string;
}

export function readExternal(c: Json, at: Segments, version: string | undefined, path: PathFormatter): CdxExternal {
  let isExternal: boolean | undefined;
  const flag = c.isExternal;
  if (typeof flag === 'boolean') isExternal = flag;
  else if (typeof flag === 'string' && flag.trim() in XML_BOOLEAN) isExternal = XML_BOOLEAN[flag.trim()];
  else if (flag !== undefined && flag !== null)
    throw new DocumentError(path([...at, 'isExternal']), '"isExternal" must be a boolean');

  const range = c.versionRange;
  if (range === undefined || range === null) return { isExternal };
  const where = path([...at, 'versionRange']);
  if (typeof range !== 'string') throw new DocumentError(where, '"versionRange" must be a string');
  const versionRange = range.trim();
  if (versionRange === '') throw new DocumentError(where, '"versionRange" must not be empty');
  if (versionRange.length > MAX_VERSION_RANGE)
    throw new DocumentError(where, `"versionRange" is longer than ${MAX_VERSION_RANGE} characters`);
  if (version !== undefined && version.trim() !== '')
    throw new DocumentError(where, 'a component gives either "version" or "versionRange", not both');
  if (isExternal !== true)
    throw new DocumentError(where, '"versionRange" is allowed only on an external component ("isExternal": true)');
  return { isExternal, versionRange };
}

/** vers syntax: "vers:<versioning scheme>/<constraints>" (github.com/package-url/vers-spec). */
export function isVers(range: string): boolean {
  return /^vers:[a-z0-9][a-z0-9.+-]*\/\S/i.test(range);
}
