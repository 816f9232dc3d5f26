// The whole closure as a filterable list: every page of the dependency list is fetched, filtered in
// the browser by text, and rendered a slice at a time (never thousands of rows at once). Choosing
// an entry asks the graph view to show the path to it.
import { useCallback, useMemo, useState } from 'preact/hooks';
import { useLoad } from '../../api/use-load';
import { Show } from '../../components/status';
import { closure } from '../../graph/data';

/** Rows rendered per slice ("Show more" adds another). */
export const SLICE = 100;

export interface ClosureListProps {
  rootId: string;
  selected: string | undefined;
  onChoose: (purl: string) => void;
}

function Filtered({ purls, selected, onChoose }: { purls: string[] } & Omit<ClosureListProps, 'rootId'>) {
  const [text, setText] = useState('');
  const [shown, setShown] = useState(SLICE);
  const needle = text.trim().toLowerCase();
  const matches = useMemo(
    () => (needle ? purls.filter((purl) => purl.toLowerCase().includes(needle)) : purls),
    [purls, needle],
  );
  return (
    <>
      <label for="closure-filter">Filter the dependencies</label>{' '}
      <input
        id="closure-filter"
        type="search"
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setShown(SLICE);
        }}
      />
      <p role="status" aria-live="polite">
        {matches.length === purls.length
          ? `${purls.length} dependencies`
          : `${matches.length} of ${purls.length} dependencies match`}
        {matches.length > shown ? `; showing the first ${shown}.` : '.'}
      </p>
      <ul class="closure-list" aria-label="Dependencies in the closure">
        {matches.slice(0, shown).map((purl) => (
          <li key={purl} data-purl={purl}>
            <button type="button" class="purl" aria-pressed={purl === selected} onClick={() => onChoose(purl)}>
              {purl}
            </button>
          </li>
        ))}
      </ul>
      {matches.length > shown ? (
        <button type="button" onClick={() => setShown((n) => n + SLICE)}>
          Show {Math.min(SLICE, matches.length - shown)} more
        </button>
      ) : null}
    </>
  );
}

export function ClosureList({ rootId, selected, onChoose }: ClosureListProps) {
  const resource = useLoad(useCallback((signal: AbortSignal) => closure(rootId, signal), [rootId]));
  return (
    <Show resource={resource} what="the dependency list">
      {(purls) => <Filtered purls={purls} selected={selected} onChoose={onChoose} />}
    </Show>
  );
}
