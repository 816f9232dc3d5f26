import { openStore } from '../store/open.js';

export async function runStats(location: string): Promise<number> {
  const store = await openStore(location);
  try {
    console.log(JSON.stringify({ backend: store.backend, ...(await store.stats()) }, null, 2));
    return 0;
  } finally {
    await store.close();
  }
}
