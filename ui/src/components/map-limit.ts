// Runs `task` over `items` with at most `limit` at a time (so a page does not fire fifty API
// calls at once), keeping input order; stops starting new tasks once `signal` aborts.
export async function mapLimit<In, Out>(
  items: readonly In[],
  limit: number,
  task: (item: In) => Promise<Out>,
  signal?: AbortSignal,
): Promise<Out[]> {
  const results = new Array<Out>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
  return results;
}
