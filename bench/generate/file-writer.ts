// A file written in chunks of about a megabyte: documents can be larger than a string may be.
import { closeSync, openSync, writeSync } from 'node:fs';

export class FileWriter {
  private fd: number;
  private parts: string[] = [];
  private pending = 0;
  bytes = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  write(s: string): void {
    this.parts.push(s);
    this.pending += s.length;
    if (this.pending > 1 << 20) this.flush();
  }
  private flush(): void {
    if (!this.parts.length) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    writeSync(this.fd, buf);
    this.bytes += buf.length;
    this.parts = [];
    this.pending = 0;
  }
  close(): number {
    this.flush();
    closeSync(this.fd);
    return this.bytes;
  }
}
