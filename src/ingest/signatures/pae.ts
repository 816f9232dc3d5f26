// DSSE pre-authentication encoding (DSSE spec, protocol.md): what a DSSE signature signs.
//   PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body
// LEN is the byte length in ASCII decimal.
export function preAuthEncoding(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, 'ascii'),
    type,
    Buffer.from(` ${payload.length} `, 'ascii'),
    payload,
  ]);
}
