// The findings page's filters: each a parameter of /v0/findings, applied by the form's button
// (the choice goes into the URL, so a filtered list can be shared).
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { SEVERITIES } from '../../components/severity';
import { findingsHref } from '../../links';
import { filterQuery, type FindingsFilters, type FixAvailable, type Suppressed } from './logic';

const TEXT_FIELDS: {
  key: 'project' | 'label' | 'ecosystem' | 'package' | 'vulnerability';
  label: string;
  hint: string;
}[] = [
  { key: 'project', label: 'Project', hint: 'shop-api' },
  { key: 'label', label: 'Label', hint: 'team=payments' },
  { key: 'ecosystem', label: 'Ecosystem', hint: 'npm' },
  { key: 'package', label: 'Package', hint: 'pkg:npm/lodash' },
  { key: 'vulnerability', label: 'Vulnerability', hint: 'CVE-2021-44906' },
];

const SUPPRESSED_LABELS: Record<Suppressed, string> = {
  false: 'Leave out',
  true: 'Only those',
  any: 'Include',
};
const FIX_LABELS: Record<FixAvailable, string> = { '': 'Any', true: 'Available', false: 'None known' };

export function FilterForm({ filters }: { filters: FindingsFilters }) {
  const { route } = useLocation();
  const [draft, setDraft] = useState(filters);
  const set = <K extends keyof FindingsFilters>(key: K, value: FindingsFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  return (
    <form
      class="filter-form"
      aria-label="Filter findings"
      onSubmit={(event) => {
        event.preventDefault();
        route(findingsHref(filterQuery(draft)));
      }}
    >
      <span class="control">
        <label for="filter-severity">Severity</label>
        <select id="filter-severity" value={draft.severity} onChange={(e) => set('severity', e.currentTarget.value)}>
          <option value="">Any</option>
          {/* UNKNOWN is the least severe: "UNKNOWN or worse" would be any. */}
          {SEVERITIES.filter((s) => s !== 'UNKNOWN').map((s) => (
            <option key={s} value={s}>
              {s === 'CRITICAL' ? s : `${s} or worse`}
            </option>
          ))}
        </select>
      </span>
      {TEXT_FIELDS.map((field) => (
        <span class="control" key={field.key}>
          <label for={`filter-${field.key}`}>{field.label}</label>
          <input
            id={`filter-${field.key}`}
            type="search"
            placeholder={field.hint}
            value={draft[field.key]}
            onInput={(e) => set(field.key, e.currentTarget.value)}
          />
        </span>
      ))}
      <span class="control">
        <label for="filter-suppressed">Suppressed by VEX</label>
        <select
          id="filter-suppressed"
          value={draft.suppressed}
          onChange={(e) => set('suppressed', e.currentTarget.value as Suppressed)}
        >
          {(Object.keys(SUPPRESSED_LABELS) as Suppressed[]).map((v) => (
            <option key={v} value={v}>
              {SUPPRESSED_LABELS[v]}
            </option>
          ))}
        </select>
      </span>
      <span class="control">
        <label for="filter-fix">Fix</label>
        <select
          id="filter-fix"
          value={draft.fixAvailable}
          onChange={(e) => set('fixAvailable', e.currentTarget.value as FixAvailable)}
        >
          {(Object.keys(FIX_LABELS) as FixAvailable[]).map((v) => (
            <option key={v} value={v}>
              {FIX_LABELS[v]}
            </option>
          ))}
        </select>
      </span>
      <button type="submit">Apply filters</button>
      <a href={findingsHref()}>Clear</a>
    </form>
  );
}
