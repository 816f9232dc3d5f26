// The drawing: Cytoscape.js, imported on first use so that only the pages with a graph download
// it. It mirrors a GraphState (adds and removes elements by id), lays it out in layers from the
// root (layout.ts: left to right, depth = layer) and takes its colours from the page's CSS variables.
import type { Core, ElementDefinition, StylesheetJson } from 'cytoscape';
import { extentOf, FONT_SIZE, layeredPositions, NODE_SIZE } from './layout';
import { drawnLabel, fullLabel, type GraphState } from './model';

export interface Drawing {
  /** Shows `state`; resolves once the new layout has been painted. */
  update(state: GraphState, selected: string | undefined): Promise<void>;
  /** Takes the colours again (after a theme switch). */
  restyle(): void;
  destroy(): void;
}

function colours(): Record<string, string> {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string): string => css.getPropertyValue(`--${name}`).trim() || '#888888';
  const names = ['fg', 'bg', 'muted', 'border', 'panel', 'accent', 'highlight', 'medium', 'high'];
  return Object.fromEntries(names.map((name) => [name, read(name)]));
}

function styleOf(): StylesheetJson {
  const c = colours();
  return [
    {
      selector: 'node',
      style: {
        'background-color': c.accent,
        label: 'data(label)',
        color: c.fg,
        'font-size': FONT_SIZE,
        'text-valign': 'center',
        'text-halign': 'right',
        'text-margin-x': 4,
        width: NODE_SIZE,
        height: NODE_SIZE,
        // Labels vanish when zoomed out past readable (the framing never goes there by itself).
        'min-zoomed-font-size': MIN_LABEL_PX - 1,
      },
    },
    {
      selector: 'node.group',
      style: {
        shape: 'round-rectangle',
        'background-color': c.panel,
        'border-color': c.muted,
        'border-width': 1,
        'text-halign': 'center',
        'text-margin-x': 0,
        width: 'data(width)',
        height: 22,
      },
    },
    // Known vulnerable: a group of vulnerable packages, or a vulnerable package.
    { selector: 'node.vulnerable', style: { 'border-color': c.high, 'border-width': 3 } },
    { selector: 'node.group.vulnerable', style: { color: c.high, 'font-weight': 'bold' } },
    { selector: 'node.root', style: { shape: 'diamond', width: 26, height: 26, 'background-color': c.medium } },
    { selector: 'node.on-path', style: { 'background-color': c.highlight, 'border-color': c.highlight } },
    {
      selector: 'node.selected',
      style: { shape: 'star', width: 26, height: 26, 'border-width': 3, 'border-color': c.fg },
    },
    {
      selector: 'edge',
      style: {
        width: 1,
        'line-color': c.border,
        'target-arrow-color': c.border,
        'target-arrow-shape': 'triangle',
        'arrow-scale': 0.6,
        'curve-style': 'straight',
      },
    },
    {
      selector: 'edge.on-path',
      style: { width: 4, 'line-color': c.highlight, 'target-arrow-color': c.highlight, 'z-index': 10 },
    },
    // A hop that is only an SBOM's inclusion, not a dependency the documents state.
    { selector: 'edge.on-path.sbom', style: { 'line-style': 'dashed' } },
  ];
}

function classesOf(state: GraphState, id: string, kind: string, selected: string | undefined): string[] {
  const classes: string[] = [kind];
  if (id === state.root) classes.push('root');
  if (state.vulnerable.has(id) || state.nodes.get(id)?.vulnerable) classes.push('vulnerable');
  if (state.pathNodes.has(id)) classes.push('on-path');
  if (id === selected) classes.push('selected');
  return classes;
}

function sync(cy: Core, state: GraphState, selected: string | undefined): void {
  cy.batch(() => {
    cy.elements().forEach((el) => {
      const id = el.id();
      const keep = el.isNode() ? state.nodes.has(id) : state.edges.has(id);
      if (!keep) el.remove();
    });
    const added: ElementDefinition[] = [];
    for (const node of state.nodes.values()) {
      const label = drawnLabel(node);
      const title = fullLabel(node);
      const classes = classesOf(state, node.id, node.kind, selected);
      // A group is a box around its label (Cytoscape no longer sizes a node by its label).
      const width = node.kind === 'group' ? extentOf(node).width : NODE_SIZE;
      const el = cy.getElementById(node.id);
      if (el.nonempty()) {
        el.data({ label, title, width });
        el.classes(classes);
      } else added.push({ group: 'nodes', data: { id: node.id, label, title, width }, classes });
    }
    for (const edge of state.edges.values()) {
      const kind = state.pathKinds.get(edge.id);
      const classes = state.pathEdges.has(edge.id) ? ['on-path', ...(kind ? [kind] : [])] : [];
      const el = cy.getElementById(edge.id);
      if (el.nonempty()) el.classes(classes);
      else added.push({ group: 'edges', data: { id: edge.id, source: edge.source, target: edge.target }, classes });
    }
    cy.add(added);
  });
}

/** The smallest label, in screen pixels, the drawing frames itself at (no 6-pixel labels). */
const MIN_LABEL_PX = 9;
/** The smallest zoom the drawing frames itself at: labels of at least MIN_LABEL_PX. */
const READABLE_ZOOM = MIN_LABEL_PX / FONT_SIZE;
/** A small drawing is not blown up past this. */
const MAX_FIT_ZOOM = 1.5;

/**
 * Frames the highlighted path when there is one (when the whole chain does not fit at a readable
 * zoom, its end, the chosen node, stays in view on the right and the user pans left to the root);
 * else fits the drawing, but not below a readable zoom: then it centres on the root's
 * neighbourhood and the user pans to the rest.
 */
function frame(cy: Core, root: string): void {
  const path = cy.elements('.on-path');
  if (path.nonempty()) {
    cy.fit(path, 30);
    if (cy.zoom() > MAX_FIT_ZOOM) cy.zoom(MAX_FIT_ZOOM);
    cy.center(path);
    if (cy.zoom() >= READABLE_ZOOM) return;
    cy.zoom(READABLE_ZOOM);
    cy.center(path);
    // The chain reads left to right: keep its end (the rightmost path node) on screen.
    const end = path.nodes().boundingBox({ includeLabels: true });
    const overflow = (end.x2 + 30) * cy.zoom() + cy.pan().x - cy.width();
    if (overflow > 0) cy.panBy({ x: -overflow, y: 0 });
    return;
  }
  cy.fit(undefined, 30);
  if (cy.zoom() > MAX_FIT_ZOOM) cy.zoom(MAX_FIT_ZOOM);
  if (cy.zoom() >= READABLE_ZOOM) return;
  const focus = cy.getElementById(root).closedNeighborhood();
  cy.fit(focus, 30);
  if (cy.zoom() >= READABLE_ZOOM) return;
  cy.zoom(READABLE_ZOOM);
  cy.center(focus);
}

const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));

export async function createDrawing(container: HTMLElement, onTap: (id: string) => void): Promise<Drawing> {
  const { default: cytoscape } = await import('cytoscape');
  const cy = cytoscape({ container, style: styleOf(), minZoom: 0.02, maxZoom: 4, boxSelectionEnabled: false });
  cy.on('tap', 'node', (event) => onTap((event.target as { id: () => string }).id()));
  // A label cut short with an ellipsis: the whole of it as the pointer's tooltip.
  cy.on('mouseover', 'node', (event) => {
    const title: unknown = (event.target as { data: (key: string) => unknown }).data('title');
    container.title = typeof title === 'string' ? title : '';
  });
  cy.on('mouseout', 'node', () => container.removeAttribute('title'));
  // Updates run one after the other: a layout finishes before the next one starts.
  let queue: Promise<void> = Promise.resolve();
  return {
    update(state, selected) {
      queue = queue
        .catch(() => undefined)
        .then(async () => {
          sync(cy, state, selected);
          const positions = layeredPositions(state);
          cy.batch(() => cy.nodes().forEach((node) => void node.position(positions.get(node.id()) ?? { x: 0, y: 0 })));
          frame(cy, state.root);
          // The frame after the layout is the one that shows it.
          await nextFrame();
          await nextFrame();
        });
      return queue;
    },
    restyle() {
      cy.style(styleOf());
    },
    destroy() {
      cy.destroy();
    },
  };
}
