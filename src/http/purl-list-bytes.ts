// A purl list answer written straight to bytes, for the lists computed most often (a package's
// dependencies): `{"PaginationInfo":{…},"<field>":["<purl>",…]}` from package ids in list order.
// Each purl's JSON literal is made once per package node (PackagePurl.json), so a request copies
// bytes into one buffer instead of building an array of strings and escaping each one again. The
// bytes are those the route's compiled serializer writes for the same list (same property order,
// same escaping: JSON.stringify's); test/http/dependencies.test.ts compares the two.
import type { GraphView } from '../index/graph-view.js';
import type { PaginationInfo } from './schemas/pagination.js';

/** The JSON text of a PaginationInfo object, in the schema's property order. */
function paginationText(info: PaginationInfo): string {
  return info.NextCursor === undefined
    ? `{"TotalCount":${info.TotalCount}}`
    : `{"TotalCount":${info.TotalCount},"NextCursor":${JSON.stringify(info.NextCursor)}}`;
}

/** The answer `{"PaginationInfo": info, [field]: purls of ids}` as UTF-8 bytes. */
export function purlListBytes(index: GraphView, info: PaginationInfo, field: string, ids: readonly number[]): Buffer {
  const head = `{"PaginationInfo":${paginationText(info)},${JSON.stringify(field)}:[`;
  // Head and field are ASCII (digits, base64url cursor, a property name): one byte per character.
  let length = head.length + 2 + Math.max(ids.length - 1, 0);
  for (let i = 0; i < ids.length; i++) length += index.packagePurl(ids[i]).jsonByteLength;
  const out = Buffer.allocUnsafe(length);
  let at = out.write(head, 0, 'latin1');
  for (let i = 0; i < ids.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    at += out.write(index.packagePurl(ids[i]).json, at, 'utf8');
  }
  out[at] = 0x5d; // ]
  out[at + 1] = 0x7d; // }
  return out;
}
