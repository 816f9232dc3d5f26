// A streaming zip writer for archives of hundreds of thousands of small entries. Why not yazl:
// yazl 3.3 finds the next entry to write by scanning its entry list from the start (quadratic in
// the entry count) and keeps every added buffer referenced until the archive ends — 150,000
// entries took over 3 minutes and 1 GB, growing. Here entries are deflated on libuv's thread
// pool a few at a time (so the output stays in order and memory stays bounded) and written as
// they finish; only the central directory (about 80 bytes per entry) is kept until the end.
// Zip64 records are written when the entry count or an offset needs them, as osv.dev's all.zip
// (over 65,535 entries) does. Fixed timestamps make the bytes depend on the content alone.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

/** Entries compressed ahead of the one being written: enough to keep the thread pool busy. */
const WINDOW = 8;
const U16 = 0xffff;
const U32 = 0xffffffff;
/** 2025-01-06 00:00 as an MS-DOS date; time 00:00. */
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 6;
const DOS_TIME = 0;

interface Pending {
  name: Buffer;
  size: number;
  crc: number;
  data: Promise<Buffer>;
}

export class ZipWriter {
  private readonly out: WriteStream;
  private readonly pending: Pending[] = [];
  /** Central directory records, written after the entries (in 1 MiB chunks: few objects). */
  private readonly directory = new Chunks();
  private offset = 0;
  entries = 0;
  uncompressedBytes = 0;

  constructor(path: string) {
    this.out = createWriteStream(path);
  }

  /** Queues an entry; resolves once the queue is short enough to take the next one. */
  async add(name: string, content: Buffer): Promise<void> {
    this.pending.push({
      name: Buffer.from(name, 'utf8'),
      size: content.length,
      crc: crc32(content),
      data: deflate(content),
    });
    this.uncompressedBytes += content.length;
    if (this.pending.length >= WINDOW) await this.writeNext();
  }

  /** Writes the remaining entries, the central directory and its end records; returns the archive's size. */
  async close(): Promise<number> {
    while (this.pending.length) await this.writeNext();
    const start = this.offset;
    for (const chunk of this.directory.chunks()) await this.write(chunk);
    await this.write(this.endRecords(start, this.offset - start));
    this.out.end();
    await once(this.out, 'close');
    return this.offset;
  }

  private async writeNext(): Promise<void> {
    const entry = this.pending.shift();
    if (!entry) return;
    const data = await entry.data;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: deflate
    header.writeUInt16LE(0, 6); // flags
    header.writeUInt16LE(8, 8); // method: deflate
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28); // no extra field
    this.directory.append(this.directoryRecord(entry, data.length, this.offset));
    await this.write(Buffer.concat([header, entry.name, data]));
    this.entries++;
  }

  /** The central directory record; an offset past 4 GiB goes into a zip64 extra field. */
  private directoryRecord(entry: Pending, compressed: number, offset: number): Buffer {
    const zip64 = offset >= U32;
    const extra = Buffer.alloc(zip64 ? 12 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(offset), 4);
    }
    const r = Buffer.alloc(46);
    r.writeUInt32LE(0x02014b50, 0);
    r.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, zip 4.5
    r.writeUInt16LE(zip64 ? 45 : 20, 6);
    r.writeUInt16LE(0, 8);
    r.writeUInt16LE(8, 10);
    r.writeUInt16LE(DOS_TIME, 12);
    r.writeUInt16LE(DOS_DATE, 14);
    r.writeUInt32LE(entry.crc, 16);
    r.writeUInt32LE(compressed, 20);
    r.writeUInt32LE(entry.size, 24);
    r.writeUInt16LE(entry.name.length, 28);
    r.writeUInt16LE(extra.length, 30);
    r.writeUInt16LE(0, 32); // comment length
    r.writeUInt16LE(0, 34); // disk number
    r.writeUInt16LE(0, 36); // internal attributes
    r.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    r.writeUInt32LE(zip64 ? U32 : offset, 42);
    return Buffer.concat([r, entry.name, extra]);
  }

  /** The end of central directory record, preceded by the zip64 ones when any count or offset overflows. */
  private endRecords(start: number, size: number): Buffer {
    const zip64 = this.entries >= U16 || start >= U32 || size >= U32;
    const parts: Buffer[] = [];
    if (zip64) {
      const z = Buffer.alloc(56);
      z.writeUInt32LE(0x06064b50, 0);
      z.writeBigUInt64LE(44n, 4); // size of the rest of this record
      z.writeUInt16LE(45, 12);
      z.writeUInt16LE(45, 14);
      z.writeUInt32LE(0, 16);
      z.writeUInt32LE(0, 20);
      z.writeBigUInt64LE(BigInt(this.entries), 24);
      z.writeBigUInt64LE(BigInt(this.entries), 32);
      z.writeBigUInt64LE(BigInt(size), 40);
      z.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeUInt32LE(0, 4);
      locator.writeBigUInt64LE(BigInt(start + size), 8); // where the zip64 end record starts
      locator.writeUInt32LE(1, 16);
      parts.push(z, locator);
    }
    const e = Buffer.alloc(22);
    e.writeUInt32LE(0x06054b50, 0);
    e.writeUInt16LE(zip64 ? U16 : this.entries, 8);
    e.writeUInt16LE(zip64 ? U16 : this.entries, 10);
    e.writeUInt32LE(zip64 ? U32 : size, 12);
    e.writeUInt32LE(zip64 ? U32 : start, 16);
    parts.push(e);
    return Buffer.concat(parts);
  }

  /** Writes and waits for the file to drain when its buffer is full (bounded memory). */
  private async write(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }
}

/** An append-only byte store of 1 MiB chunks. */
class Chunks {
  private readonly full: Buffer[] = [];
  private current = Buffer.alloc(1 << 20);
  private used = 0;

  append(buf: Buffer): void {
    if (this.used + buf.length > this.current.length) {
      this.full.push(this.current.subarray(0, this.used));
      this.current = Buffer.alloc(Math.max(1 << 20, buf.length));
      this.used = 0;
    }
    buf.copy(this.current, this.used);
    this.used += buf.length;
  }

  chunks(): Buffer[] {
    return [...this.full, this.current.subarray(0, this.used)];
  }
}
