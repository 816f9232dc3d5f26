// Zip archives built in memory for the tests (yazl): a name → content map, or an OSV export
// (one `<id>.json` entry per record, as osv.dev's all.zip).
import yazl from 'yazl';

/** `compress: false` stores entries as they are (a test can then find and alter their bytes). */
export function zipOf(entries: Record<string, string | Buffer>, { compress = true } = {}): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.from(content), name, { mtime: new Date(0), compress });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export function osvArchive(records: readonly Record<string, unknown>[]): Promise<Buffer> {
  return zipOf(Object.fromEntries(records.map((r) => [`${String(r.id)}.json`, JSON.stringify(r)])));
}
