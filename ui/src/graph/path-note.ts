// What the graph view says beside a drawn path: whether the documents state its chain, or only list
// the package in an SBOM (/v0/path's `via`, docs/api.md "Paths").

/**
 * How /v0/path reached the target: along a chain the documents state (`dependencies`), or, where
 * they state none, through an SBOM that lists it (`inclusion`).
 */
export type PathVia = 'dependencies' | 'inclusion';

/** The sentence shown beside a drawn path to `target` (a short label). */
export function pathNote(via: PathVia, target: string): string {
  return via === 'dependencies'
    ? `The highlighted path to ${target} is the dependency chain the documents state.`
    : `The documents state no dependency chain to ${target}: the highlighted path reaches it through an SBOM ` +
        'that lists it (an inclusion, dashed) without saying what depends on it.';
}
