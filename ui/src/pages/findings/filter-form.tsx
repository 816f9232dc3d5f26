// The findings page's filters: each a parameter of /v0/findings, applied by the form's button
// (the choice goes into the URL, so a filtered list can be shared).
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { SEVERITIES } from '../../components/severity';
import { findingsHref } from '../../links';
import { filterQuery, type FindingsFilters } from './logic';

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

/** The filters chosen from a list, and the order: each value of the field with its words, in order. */
type ChoiceField = 'suppressed' | 'fixAvailable' | 'kev' | 'sort';
type ChoiceSpec = {
  [F in ChoiceField]: { field: F; id: string; label: string; options: [FindingsFilters[F], string][] };
}[ChoiceField];

const CHOICES: ChoiceSpec[] = [
  {
    field: 'suppressed',
    id: 'filter-suppressed',
    label: 'Suppressed by VEX',
    options: [
      ['false', 'Leave out'],
      ['true', 'Only those'],
      ['any', 'Include'],
    ],
  },
  {
    field: 'fixAvailable',
    id: 'filter-fix',
    label: 'Fix',
    options: [
      ['', 'Any'],
      ['true', 'Available'],
      ['false', 'None known'],
    ],
  },
  {
    field: 'kev',
    id: 'filter-kev',
    label: 'Known exploited (KEV)',
    options: [
      ['', 'Any'],
      ['true', 'Known exploited only'],
      ['false', 'Not known exploited'],
    ],
  },
  {
    field: 'sort',
    id: 'filter-sort',
    label: 'Sort by',
    options: [
      ['severity', 'Severity'],
      ['exploitation', 'Exploitation (KEV, then EPSS)'],
      ['epss', 'EPSS score'],
    ],
  },
];

function Choice({
  choice,
  value,
  onChange,
}: {
  choice: ChoiceSpec;
  value: string;
  onChange: (value: FindingsFilters[ChoiceField]) => void;
}) {
  return (
    <span class="control">
      <label for={choice.id}>{choice.label}</label>
      <select
        id={choice.id}
        value={value}
        // The options are the field's own values: what the select gives back is one of them.
        onChange={(e) => onChange(e.currentTarget.value as FindingsFilters[ChoiceField])}
      >
        {choice.options.map(([v, words]) => (
          <option key={v} value={v}>
            {words}
          </option>
        ))}
      </select>
    </span>
  );
}

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
      {CHOICES.map((choice) => (
        <Choice
          key={choice.field}
          choice={choice}
          value={draft[choice.field]}
          onChange={(value) => set(choice.field, value)}
        />
      ))}
      <button type="submit">Apply filters</button>
      <a href={findingsHref()}>Clear</a>
    </form>
  );
}
