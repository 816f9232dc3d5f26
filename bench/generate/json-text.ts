// Pieces of the documents' JSON text: quoted strings, serial numbers and timestamps.
import type { Rng } from '../lib/rng.js';

/** A JSON string literal. */
export const q = JSON.stringify;

/** A random (version 4) UUID. */
export function uuid(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16], 16) & 3]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const EPOCH = Date.UTC(2025, 0, 6);

/** A timestamp so many minutes after the generator's fixed epoch (no clock is read). */
export function isoAt(offsetMinutes: number): string {
  return new Date(EPOCH + offsetMinutes * 60_000).toISOString().replace('.000Z', 'Z');
}
