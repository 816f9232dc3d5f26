// The drawing on screen: creates the (lazily loaded) Cytoscape drawing once, hands it every new
// state, and reports each finished draw (a performance mark for the benchmark, and a callback).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Drawing } from './draw';
import type { GraphState } from './model';

/** The performance mark set each time a layout has been painted (read by bench/ui.ts). */
export const DRAWN_MARK = 'supplygraph:graph-drawn';

export interface GraphCanvasProps {
  state: GraphState | null;
  selected: string | undefined;
  label: string;
  onTap: (id: string) => void;
  onDrawn: () => void;
  onFailed: (error: unknown) => void;
}

export function GraphCanvas({ state, selected, label, onTap, onDrawn, onFailed }: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  // The tap handler changes with every render; the drawing keeps calling the latest one.
  const tap = useRef(onTap);
  tap.current = onTap;

  useEffect(() => {
    let made: Drawing | null = null;
    let gone = false;
    import('./draw')
      .then(({ createDrawing }) => createDrawing(container.current!, (id) => tap.current(id)))
      .then((d) => {
        if (gone) d.destroy();
        else setDrawing((made = d));
      }, onFailed);
    // Colours follow the theme switch (the toggle sets data-theme on <html>).
    const observer = new MutationObserver(() => made?.restyle());
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      gone = true;
      observer.disconnect();
      made?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!drawing || !state) return;
    drawing.update(state, selected).then(() => {
      performance.mark(DRAWN_MARK);
      onDrawn();
    }, onFailed);
  }, [drawing, state, selected]);

  // The canvas is a picture for sighted mouse users; the node list beside it carries the same.
  return <div class="graph-canvas" ref={container} role="img" aria-label={label} />;
}
