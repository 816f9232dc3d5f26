// Is this JSON an OpenVEX document? An openvex.dev @context and a statements list.
import { isObject } from '../common/json.js';

export function isOpenVex(json: unknown): json is Record<string, unknown> & { statements: unknown[] } {
  return (
    isObject(json) &&
    typeof json['@context'] === 'string' &&
    /^https?:\/\/openvex\.dev\/ns/.test(json['@context']) &&
    Array.isArray(json.statements)
  );
}
