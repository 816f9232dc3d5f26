// The prose and metadata of records: summaries, details of 200–2,000 characters (most short, a
// few long, like CVE descriptions), CVSS v3 vectors, references and timestamps.
import type { Rng } from '../../lib/rng.js';
import type { OsvReference } from './osv-types.js';

const WEAKNESSES = [
  'buffer overflow',
  'heap-based buffer overflow',
  'use-after-free',
  'out-of-bounds read',
  'integer overflow',
  'NULL pointer dereference',
  'path traversal',
  'cross-site scripting',
  'SQL injection',
  'server-side request forgery',
  'prototype pollution',
  'regular expression denial of service',
  'improper certificate validation',
  'race condition',
  'uncontrolled resource consumption',
  'double free',
  'command injection',
  'information disclosure',
];
const COMPONENTS = [
  'parser',
  'decoder',
  'TLS handshake',
  'HTTP/2 implementation',
  'archive extractor',
  'authentication handler',
  'template engine',
  'URL normaliser',
  'image loader',
  'XML reader',
  'cookie jar',
  'session cache',
  'DNS resolver',
  'compression routine',
];
const IMPACTS = [
  'cause a denial of service',
  'execute arbitrary code',
  'read sensitive information',
  'bypass authentication',
  'escalate privileges',
  'write files outside the intended directory',
  'inject arbitrary web script or HTML',
  'exhaust memory on the server',
];
const VECTORS = [
  'a crafted file',
  'a specially crafted request',
  'a malicious archive',
  'an overly long header',
  'a malformed certificate',
  'untrusted input passed to the API',
  'a crafted network packet',
];
const CWES = ['CWE-20', 'CWE-22', 'CWE-79', 'CWE-89', 'CWE-119', 'CWE-125', 'CWE-190', 'CWE-400', 'CWE-416', 'CWE-787'];

/** "A …" or "An …", capitalised to start a sentence. */
function article(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'An' : 'A'} ${phrase}`;
}

export function weakness(rng: Rng): string {
  return rng.pick(WEAKNESSES);
}

export function cweIds(rng: Rng): string[] {
  return rng.chance(0.85) ? [rng.pick(CWES)] : [rng.pick(CWES), rng.pick(CWES)].filter((c, i, a) => a.indexOf(c) === i);
}

export function summaryOf(rng: Rng, name: string): string {
  const w = weakness(rng);
  return rng.chance(0.5)
    ? `${w.charAt(0).toUpperCase()}${w.slice(1)} in ${name}`
    : `${name} vulnerable to ${w} in its ${rng.pick(COMPONENTS)}`;
}

function sentence(rng: Rng, name: string, fixed: string | undefined): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `${article(weakness(rng))} flaw was found in the ${rng.pick(COMPONENTS)} of ${name}.`;
    case 1:
      return `A remote attacker could use this issue to ${rng.pick(IMPACTS)} via ${rng.pick(VECTORS)}.`;
    case 2:
      return fixed
        ? `This issue affects ${name} versions before ${fixed}, which contains a patch.`
        : `No fixed version of ${name} is available yet; disabling the ${rng.pick(COMPONENTS)} mitigates the issue.`;
    case 3:
      return `The ${rng.pick(COMPONENTS)} does not properly validate the length of ${rng.pick(VECTORS)}, which allows attackers to ${rng.pick(IMPACTS)}.`;
    default:
      return `When processing ${rng.pick(VECTORS)}, ${name} may ${rng.pick(IMPACTS).replace(/^cause/, 'suffer')} if the ${rng.pick(COMPONENTS)} is enabled.`;
  }
}

/** Details of 200–2,000 characters, skewed short; `markdown` adds GitHub's section headings. */
export function detailsOf(rng: Rng, name: string, fixed: string | undefined, markdown = false): string {
  const target = 200 + Math.floor(1800 * Math.pow(rng.next(), 2));
  const parts: string[] = [];
  let length = 0;
  if (markdown) parts.push('### Impact\n');
  while (length < target) {
    const s = sentence(rng, name, fixed);
    if (length + s.length > 2000) break;
    parts.push(s);
    length += s.length + 1;
    if (markdown && rng.chance(0.1)) parts.push(`\n\n### ${rng.pick(['Patches', 'Workarounds', 'References'])}\n`);
  }
  return parts.join(' ');
}

/** A CVSS v3.1 base vector (every metric present, so rating it never fails). */
export function cvss3(rng: Rng): string {
  const m = (name: string, values: string) => `${name}:${rng.pick(values.split(''))}`;
  return [
    'CVSS:3.1',
    m('AV', 'NNNALP'),
    m('AC', 'LLH'),
    m('PR', 'NNLH'),
    m('UI', 'NR'),
    m('S', 'UUUC'),
    m('C', 'NLHH'),
    m('I', 'NLHH'),
    m('A', 'NLHH'),
  ].join('/');
}

export function severityLabel(rng: Rng): string {
  return rng.pick(['LOW', 'MODERATE', 'MODERATE', 'HIGH', 'HIGH', 'CRITICAL']);
}

/** References: the database's own page first, then fixes, reports and mailing-list posts. */
export function referencesOf(rng: Rng, own: OsvReference[], repo: string | undefined, count: number): OsvReference[] {
  const out = [...own];
  for (let i = 0; out.length < count; i++) {
    const r = rng.int(0, 4);
    if (r === 0 && repo) out.push({ type: 'FIX', url: `https://${repo}/commit/${rng.hex(40)}` });
    else if (r === 1 && repo) out.push({ type: 'REPORT', url: `https://${repo}/issues/${rng.int(10, 9000)}` });
    else if (r === 2)
      out.push({
        type: 'WEB',
        url: `https://lists.debian.org/debian-lts-announce/2024/0${1 + (i % 9)}/msg000${i}.html`,
      });
    else out.push({ type: 'ARTICLE', url: `https://security.example.org/advisories/${rng.hex(12)}` });
  }
  return out;
}

const EPOCH_MS = Date.UTC(2025, 0, 6);
const YEAR_MS = 365.25 * 24 * 3600_000;

function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface Dates {
  published: string;
  modified: string;
  /** `modified` in milliseconds, for withdrawals that must not come before it. */
  modifiedMs: number;
}

/** Published within `year`; modified between then and the generator's epoch (no clock is read). */
export function datesIn(rng: Rng, year: number): Dates {
  const start = Date.UTC(year, 0, 1);
  const published = Math.min(EPOCH_MS - 86_400_000, start + rng.next() * YEAR_MS);
  const modifiedMs = published + Math.pow(rng.next(), 2) * (EPOCH_MS - published);
  return { published: iso(published), modified: iso(modifiedMs), modifiedMs };
}

/** A time after `ms` (and before the epoch), for withdrawals. */
export function timeAfter(rng: Rng, ms: number): string {
  return iso(ms + rng.next() * Math.max(0, EPOCH_MS - ms));
}

/** Times after the generator's epoch: a --modified-shift change is newer than every record. */
export function afterEpoch(minutes: number): string {
  return iso(EPOCH_MS + minutes * 60_000);
}
