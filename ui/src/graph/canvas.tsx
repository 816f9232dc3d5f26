// The drawing on screen: creates the (lazily loaded) Cytoscape drawing once, hands it every new
// state, and reports each finished draw (a performance mark for the benchmark, and a callback).
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useStableCallback } from '../components/use-stable-callback';
import type { Drawing } from './draw';
import type { GraphState } from './model';

/** The performance mark set each time a layout has been painted (read by bench/suites/ui/graph-view.ts). */
export const DRAWN_MARK = 'supplygraph:graph-drawn';

export interface GraphCanvasProps {
  state: GraphState | null;
  selected: string | undefined;
  label: string;
  onTap: (id: string) => void;
  /** Told each finished draw, with the state it drew. */
  onDrawn: (drawn: GraphState) => void;
  onFailed: (error: unknown) => void;
}

/**
 * The drawing in `container`, once its library has loaded; destroyed on unmount. The handlers
 * may change with every render: the drawing keeps calling the latest ones.
 */
function useDrawing(
  container: RefObject<HTMLDivElement | null>,
  onTap: (id: string) => void,
  onFailed: (error: unknown) => void,
): Drawing | null {
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const tap = useStableCallback(onTap);
  const failed = useStableCallback(onFailed);
  useEffect(() => {
    let made: Drawing | null = null;
    let gone = false;
    import('./draw')
      .then(({ createDrawing }) => createDrawing(container.current!, tap))
      .then((d) => {
        if (gone) d.destroy();
        else setDrawing((made = d));
      }, failed);
    // Colours follow the theme switch (the toggle sets data-theme on <html>).
    const observer = new MutationObserver(() => made?.restyle());
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      gone = true;
      observer.disconnect();
      made?.destroy();
    };
  }, [container, tap, failed]);
  return drawing;
}

export function GraphCanvas({ state, selected, label, onTap, onDrawn, onFailed }: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const drawing = useDrawing(container, onTap, onFailed);
  const drawn = useStableCallback(onDrawn);
  const failed = useStableCallback(onFailed);

  useEffect(() => {
    if (!drawing || !state) return;
    drawing.update(state, selected).then(() => {
      performance.mark(DRAWN_MARK);
      drawn(state);
    }, failed);
  }, [drawing, state, selected, drawn, failed]);

  // The canvas is a picture for sighted mouse users; the node list beside it carries the same.
  return <div class="graph-canvas" ref={container} role="img" aria-label={label} />;
}
