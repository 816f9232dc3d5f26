// CycloneDX BOMs: JSON (bomFormat "CycloneDX") and XML (root <bom> in a CycloneDX namespace).
// Both go through the same parse and translate steps; XML is normalised into the JSON shape.
import type { DocumentFacts } from '../../../model/facts.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { isCycloneDxJson, isCycloneDxXml } from './detect.js';
import { parseCycloneDx } from './parse.js';
import { translateCycloneDx } from './translate.js';
import { translateCycloneDxVulnerabilities } from './translate-vulnerabilities.js';

function translate(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
  const parsed = parseCycloneDx(doc);
  const read = translateCycloneDx(parsed, ctx);
  translateCycloneDxVulnerabilities(read, parsed.vulnerabilities, ctx);
  return read.builder.facts;
}

export const cyclonedxJsonParser: FormatParser = { name: 'cyclonedx-json', detect: isCycloneDxJson, parse: translate };

export const cyclonedxXmlParser: FormatParser = { name: 'cyclonedx-xml', detect: isCycloneDxXml, parse: translate };

export { parseCycloneDx } from './parse.js';
export { translateCycloneDx, type CycloneDxRead } from './translate.js';
export { cycloneDxXmlToJson } from './xml.js';
