// One client's view of the service: sequential timed requests, and what an answer holds.
import { get, sleep } from '../lib/proc.js';

/** `n` requests in turn over `paths`, one at a time; their times (ms), ascending. */
export async function sequential(base: string, paths: string[], n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await get(base, paths[i % paths.length]);
    times.push(r.ms);
  }
  return times.sort((a, b) => a - b);
}

/** Like sequential, but only 2xx answers are timed; the others are counted. */
export async function sequential2xx(
  base: string,
  paths: string[],
  n: number,
): Promise<{ times: number[]; non2xx: number }> {
  const times: number[] = [];
  let non2xx = 0;
  for (let i = 0; i < n; i++) {
    const r = await get(base, paths[i % paths.length]);
    if (r.status >= 200 && r.status < 300) times.push(r.ms);
    else non2xx++;
  }
  return { times: times.sort((a, b) => a - b), non2xx };
}

/** After a load burst the server may shed requests (503) until its event-loop delay falls: wait for a 2xx. */
export async function recovered(base: string, path: string, timeoutMs = 20_000): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const r = await get(base, path);
    if (r.status >= 200 && r.status < 300) return;
    await sleep(250);
  }
}

/** How many items an answer holds: its total count (header or paging info), else its length as a list. */
export function itemsOf(body: Buffer, headers: Record<string, string>): number {
  if (headers['x-total-count']) return Number(headers['x-total-count']);
  try {
    const json = JSON.parse(body.toString('utf8')) as {
      PaginationInfo?: { TotalCount?: number };
      vulnerabilities?: unknown[];
    };
    return json.PaginationInfo?.TotalCount ?? (Array.isArray(json) ? json.length : 0);
  } catch {
    return 0;
  }
}

/** Whether the answer is a JSON object with the property `key`. */
export function hasKey(body: Buffer, key: string): boolean {
  try {
    const json: unknown = JSON.parse(body.toString('utf8'));
    return typeof json === 'object' && json !== null && key in json;
  } catch {
    return false;
  }
}
