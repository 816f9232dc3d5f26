import { openStore } from '../store/open.js';
import { requireExistingStore } from './preflight.js';

/** Prints what the store holds: aligned lines, or one JSON object with --json. */
export async function runStats(location: string, json: boolean): Promise<number> {
  requireExistingStore(location);
  const store = await openStore(location);
  try {
    const stats = { backend: store.backend, ...(await store.stats()) };
    if (json) console.log(JSON.stringify(stats));
    else {
      const width = Math.max(...Object.keys(stats).map((k) => k.length));
      for (const [key, value] of Object.entries(stats)) console.log(`${key.padEnd(width)}  ${value}`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
