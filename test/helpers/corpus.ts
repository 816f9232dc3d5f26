// The shared corpus (../shared/corpus beside the project, or SUPPLYGRAPH_CORPUS), read-only.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS =
  process.env.SUPPLYGRAPH_CORPUS ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../shared/corpus');

export const hasCorpus = existsSync(join(CORPUS, 'MANIFEST.tsv'));

export interface CorpusEntry {
  file: string;
  kind: string;
}

export function manifest(): CorpusEntry[] {
  if (!hasCorpus) return [];
  const lines = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  return lines.slice(1).map((l) => {
    const [file, kind] = l.split('\t');
    return { file, kind };
  });
}

export function filesOfKind(...kinds: string[]): string[] {
  return manifest()
    .filter((e) => kinds.includes(e.kind))
    .map((e) => e.file);
}

export function corpusPath(file: string): string {
  return join(CORPUS, file);
}

export function rawJson(file: string): any {
  return JSON.parse(readFileSync(join(CORPUS, file), 'utf8').replace(/^\uFEFF/, ''));
}
