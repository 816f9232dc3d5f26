// Plain-text helpers for API strings shown on pages (DOM-free): text is never parsed as HTML.

/** Paragraphs of a description: split on blank lines, trimmed, empty ones dropped. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The URL when it is an absolute http(s) URL (safe to link), else null (shown as text). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The type of a purl (`pkg:npm/a@1` → `npm`), lowercased; '' when the text is not a purl. */
export function purlType(purl: string): string {
  const match = /^pkg:\/*([^/@?#]+)\//i.exec(purl);
  return match ? match[1].toLowerCase() : '';
}

/** A count with its noun, pluralised (by a trailing s unless told): `plural(1, 'package')` → `1 package`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? noun : nouns}`;
}
