// The portfolio's filters: a name prefix, one `key=value` label and the order, applied by the
// form's button (the choice goes into the URL, so a filtered portfolio can be shared).
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { projectsHref } from '../../links';

export interface PortfolioFilters {
  name: string;
  label: string;
  sort: 'name' | 'lastBuild';
}

export function portfolioFilters(query: Record<string, string | undefined>): PortfolioFilters {
  return {
    name: (query.name ?? '').trim(),
    label: (query.label ?? '').trim(),
    sort: query.sort === 'lastBuild' ? 'lastBuild' : 'name',
  };
}

export function FilterForm({ filters }: { filters: PortfolioFilters }) {
  const { route } = useLocation();
  const [draft, setDraft] = useState(filters);
  return (
    <form
      class="filter-form"
      aria-label="Filter projects"
      onSubmit={(event) => {
        event.preventDefault();
        route(projectsHref({ ...draft, sort: draft.sort === 'name' ? undefined : draft.sort }));
      }}
    >
      <span class="control">
        <label for="project-name">Name starts with</label>
        <input
          id="project-name"
          type="search"
          value={draft.name}
          onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
      </span>
      <span class="control">
        <label for="project-label">Label</label>
        <input
          id="project-label"
          type="search"
          placeholder="team=payments"
          aria-describedby="project-label-hint"
          value={draft.label}
          onInput={(e) => setDraft({ ...draft, label: e.currentTarget.value })}
        />
        <span id="project-label-hint" class="visually-hidden">
          One label, written key=value
        </span>
      </span>
      <span class="control">
        <label for="project-sort">Order</label>
        <select
          id="project-sort"
          value={draft.sort}
          onChange={(e) => setDraft({ ...draft, sort: e.currentTarget.value === 'lastBuild' ? 'lastBuild' : 'name' })}
        >
          <option value="name">By name</option>
          <option value="lastBuild">Newest build first</option>
        </select>
      </span>
      <button type="submit">Apply filters</button>
      <a href={projectsHref()}>Clear</a>
    </form>
  );
}
