// The accessible twin of the drawing: one list item per drawn node, with a button that does what a
// click in the drawing does (select a package and expand its dependencies, or open a group).
import { useEffect, useRef } from 'preact/hooks';
import { artifactHref, packageHref } from '../links';
import { parentsOf, type GraphNode, type GraphState } from './model';
import { isPurl, shortLabel } from './names';

export interface NodeListProps {
  state: GraphState;
  target: string | undefined;
  /** Absent for a static drawing (PathsView): the items then link to the node's page only. */
  onChoose?: (id: string) => void;
}

const pageOf = (id: string): string => (isPurl(id) ? packageHref(id) : artifactHref(id));

function Item({ node, state, target, parents, onChoose }: NodeListProps & { node: GraphNode; parents: string[] }) {
  const onPath = state.pathNodes.has(node.id);
  const vulnerable = node.kind === 'group' ? node.vulnerable === true : state.vulnerable.has(node.id);
  const common = {
    'data-node': node.id,
    'data-on-path': String(onPath),
    'data-vulnerable': String(vulnerable),
    'data-parents': parents.join(' '),
    class: onPath ? 'on-path' : undefined,
  };
  if (node.kind === 'group') {
    const count = node.members?.length ?? 0;
    return (
      <li {...common} data-kind="group" data-group-label={node.label} data-group-count={count}>
        <button type="button" onClick={() => onChoose?.(node.id)} disabled={!onChoose}>
          Expand group {node.label} ({count})
        </button>{' '}
        <span class="muted">
          dependencies of <span class="purl">{shortLabel(node.parent ?? '')}</span>
        </span>
      </li>
    );
  }
  const isRoot = node.id === state.root && onChoose !== undefined;
  const expanded = state.expanded.has(node.id);
  return (
    <li {...common} data-kind={node.kind}>
      {onChoose && !isRoot ? (
        <button type="button" class="purl" aria-pressed={node.id === target} onClick={() => onChoose(node.id)}>
          {node.id}
        </button>
      ) : (
        <span class="purl">{node.id}</span>
      )}{' '}
      <span class="muted">
        {isRoot ? '(root) ' : ''}
        {vulnerable ? '(vulnerable) ' : ''}
        {onPath ? '(on the path) ' : ''}
        {onChoose && expanded ? '(dependencies drawn) ' : ''}
      </span>
      <a href={pageOf(node.id)}>
        details<span class="visually-hidden"> of {node.id}</span>
      </a>
    </li>
  );
}

export function NodeList(props: NodeListProps) {
  const parents = parentsOf(props.state);
  const nodes = [...props.state.nodes.values()];
  const region = useRef<HTMLDivElement>(null);
  // An opened group's button leaves the list with it: keep the keyboard focus in the list.
  const refocus = useRef(false);
  useEffect(() => {
    if (refocus.current && !region.current?.contains(document.activeElement)) region.current?.focus();
    refocus.current = false;
  }, [props.state]);
  const { onChoose } = props;
  const choose = onChoose
    ? (id: string) => {
        refocus.current = props.state.nodes.get(id)?.kind === 'group';
        onChoose(id);
      }
    : undefined;
  return (
    <div class="graph-node-list" ref={region} tabIndex={0} role="region" aria-label="Drawn nodes, as a list">
      <ul aria-label="Drawn nodes">
        {nodes.map((node) => (
          <Item key={node.id} {...props} onChoose={choose} node={node} parents={parents.get(node.id) ?? []} />
        ))}
      </ul>
    </div>
  );
}
