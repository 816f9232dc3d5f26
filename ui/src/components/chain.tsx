// A path through the graph as a chain of links: `start → … → the package`, each node a link to
// its page (a purl to the package page, anything else to the artifact page).
import { artifactHref, packageHref } from '../links';

export function Node({ name, short = false }: { name: string; short?: boolean }) {
  if (name.startsWith('pkg:')) {
    return (
      <a class="purl" href={packageHref(name)}>
        {name}
      </a>
    );
  }
  // `short`: a digest as `sha256:d7d2c248…`, the whole of it in the link's title.
  const abbreviated = short && name.length > 20;
  return (
    <a class="digest" href={artifactHref(name)} title={abbreviated ? name : undefined}>
      {abbreviated ? `${name.slice(0, 15)}…` : name}
    </a>
  );
}

/** `start → via[0] → … → the affected package`, each node a link; `short` abbreviates digests. */
export function Chain({ path, short = false }: { path: string[]; short?: boolean }) {
  return (
    <ol class="chain" aria-label="Path">
      {path.map((node, i) => (
        <li key={`${i} ${node}`}>
          <Node name={node} short={short} />
        </li>
      ))}
    </ol>
  );
}
