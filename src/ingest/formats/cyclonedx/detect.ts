// Is this document CycloneDX? JSON with bomFormat "CycloneDX", or XML whose root <bom> is in a
// CycloneDX namespace (the namespace names the spec version).
import { isObject } from '../common/json.js';
import type { SniffedDocument } from '../types.js';
import { cycloneDxXmlVersion } from './xml.js';

export const isCycloneDxJson = (doc: SniffedDocument): boolean =>
  isObject(doc.json) && doc.json.bomFormat === 'CycloneDX';

export const isCycloneDxXml = (doc: SniffedDocument): boolean => doc.xml && cycloneDxXmlVersion(doc.text) !== undefined;
