// The query parameters a route declares, and the 400 for those it does not (docs/api.md, "Query
// parameters"): a parameter that is ignored turns a typo, or a purl's unencoded qualifiers, into a
// plausible answer to another question.
import { ProblemError } from './errors.js';
import { mayCarryCredential } from './request-log.js';

/** The message names this many undeclared parameters, each cut to so many characters. */
const NAMES_SHOWN = 5;
const NAME_CHARACTERS_SHOWN = 100;

/** The parameter names of a route's querystring schema (none without one). */
export function declaredQueryParameters(schema: unknown): readonly string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/** The names of the request's query that the route does not declare, in the order sent. */
export function undeclaredQueryParameters(query: unknown, declared: readonly string[]): string[] {
  if (typeof query !== 'object' || query === null) return [];
  return Object.keys(query).filter((name) => !declared.includes(name));
}

/**
 * The number of single-character insertions, deletions, substitutions and swaps of adjacent
 * characters from `a` to `b` (optimal string alignment: `nmae` is one edit from `name`).
 */
function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance from the first i characters of a to the first j of b.
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/**
 * The declared parameter a name most likely misspells, ignoring case: the nearest within one edit
 * per five characters of the longer name, at least one (`licence`, `includeDependency`,
 * `pagesize`, `nmae`).
 */
export function closestDeclared(name: string, declared: readonly string[]): string | undefined {
  // A name of one character is too short to tell what it misspells; a long one is no misspelling.
  if (name.length < 2 || name.length > NAME_CHARACTERS_SHOWN) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of declared) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    const allowed = Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 5));
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** A name as the message shows it: an API token sent as a name is not repeated, a long name is cut. */
function named(name: string, declared: readonly string[]): string {
  if (mayCarryCredential('', name)) return 'a parameter named with a token';
  const shown = name.length > NAME_CHARACTERS_SHOWN ? `${name.slice(0, NAME_CHARACTERS_SHOWN)}…` : name;
  const close = closestDeclared(name, declared);
  return close === undefined ? `"${shown}"` : `"${shown}" (did you mean "${close}"?)`;
}

function namesOf(undeclared: readonly string[], declared: readonly string[]): string {
  const shown = undeclared.slice(0, NAMES_SHOWN).map((name) => named(name, declared));
  const more = undeclared.length - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '');
}

/**
 * The 400 for undeclared parameters: it names them (the first few; never their values, which may
 * be credentials) and every parameter the route takes; `hint` is a sentence added after.
 */
export function undeclaredQueryError(
  undeclared: readonly string[],
  declared: readonly string[],
  hint?: string,
): ProblemError {
  const what = undeclared.length === 1 ? 'unknown query parameter' : 'unknown query parameters';
  const takes = declared.length ? `this route takes ${declared.join(', ')}` : 'this route takes no query parameters';
  const names = namesOf(undeclared, declared);
  return new ProblemError('SG_INVALID_PARAMETER', `${what} ${names}; ${takes}${hint ? `. ${hint}` : ''}`);
}

/** A parameter that may be repeated (`?label=a&label=b`), as a list: one value or several. */
export function repeated(value: string | string[] | undefined): string[] | undefined {
  return value === undefined ? undefined : typeof value === 'string' ? [value] : value;
}
