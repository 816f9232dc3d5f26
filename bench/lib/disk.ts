import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes of every file under `dir` (the store on disk, SQLite's WAL included). */
export function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(join(dir, entry));
    if (stat.isFile()) bytes += stat.size;
  }
  return bytes;
}
