// /v0/search (issue 14): what a search box asks, and a mix of queries for throughput.
import type { Manifest } from '../generate/manifest.js';
import { enc } from './scenario-paths.js';
import type { ScenarioDef } from './scenarios.js';

/** The words of a package name's last segment ("parser-lode-1a" → parser, lode, 1a). */
function nameWords(purlName: string): string[] {
  const last = decodeURIComponent(purlName.slice(purlName.lastIndexOf('/') + 1));
  return last
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * /v0/search (issue 14). Inputs come from the manifest's names, digests and ids: 3-character
 * prefixes of the words of popular and typical package names (each a distinct first request:
 * the latency a search box sees), and a mix of whole words, digest prefixes and vulnerability id
 * prefixes for throughput. Pages of 20, as a search box asks.
 */
export function searchScenarios(q: Manifest['queries']): ScenarioDef[] {
  const names = [...q.partial.map((p) => p.purl), ...q.typicalMany.map((p) => p.slice(0, p.lastIndexOf('@')))];
  const prefixes = new Set<string>();
  const words = new Set<string>();
  for (const name of names) {
    for (const w of nameWords(name)) {
      if (w.length < 3) continue;
      if (prefixes.size < 200) prefixes.add(w.slice(0, 3));
      if (words.size < 100) words.add(w);
    }
    if (prefixes.size >= 200 && words.size >= 100) break;
  }
  const search = (text: string): string => `/v0/search?q=${enc(text)}&PageSize=20`;
  const digests = q.images.slice(0, 50).map((im, i) => {
    const value = im.digest.slice(im.digest.indexOf(':') + 1, im.digest.indexOf(':') + 13);
    return i % 2 ? value : `sha256:${value}`;
  });
  // Id prefixes: "GHSA-xxxx" and "CVE-2021-1" (lower case sometimes: ids are case-insensitive).
  const vulns = [...(q.reverse?.vulnsSample ?? []), ...(q.reverse?.vulnsPopular ?? [])]
    .slice(0, 50)
    .map((v, i) => (i % 2 ? v.alias.slice(0, 10) : v.id.slice(0, 9).toLowerCase()));
  const prefixList = [...prefixes];
  const mix: string[] = [];
  for (let i = 0; i < 200; i++) {
    const pick = i % 4;
    const list = pick === 0 ? [...words] : pick === 1 ? prefixList : pick === 2 ? digests : vulns;
    if (list.length) mix.push(search(list[Math.floor(i / 4) % list.length]));
  }
  return [
    {
      name: 'search-prefix3',
      expectKey: 'results',
      description: `\`/v0/search?q=…&PageSize=20\`, ${prefixList.length} distinct 3-character prefixes of package name words`,
      paths: prefixList.map(search),
    },
    {
      name: 'search-mix',
      expectKey: 'results',
      description:
        '`/v0/search?q=…&PageSize=20`: whole package name words, 3-character prefixes, digest prefixes (12 hex characters, with and without `sha256:`) and vulnerability id prefixes, in turn',
      paths: mix,
    },
  ];
}
