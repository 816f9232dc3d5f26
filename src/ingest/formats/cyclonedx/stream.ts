// A CycloneDX JSON BOM read as it streams (large documents): the root's members arrive one by
// one (streaming/root-object-stream.ts); `components` and `dependencies` items are translated as
// they arrive and dropped, so memory holds the facts and the bom-ref map, never the document.
// It goes through the same steps as a BOM parsed whole (parse.ts, translate.ts), in the same
// order, so the facts are the same. A BOM whose members come in an order this cannot follow
// (its header after its components, a repeated key, components after dependencies, no subject
// and no serial number before the components) is handed back with NotStreamableError, to be
// read whole.
import type { DocumentFacts } from '../../../model/facts.js';
import { isObject, jsonPointer, optArray, type Json } from '../common/json.js';
import { NotStreamableError, type RootObjectHandler } from '../../streaming/root-object-stream.js';
import type { ParseContext } from '../types.js';
import { ComponentReader, readCycloneDxHeader, readDependency, readTopComponent, type CdxComponent } from './parse.js';
import {
  extensionEntries,
  extensionOfSubject,
  producingTool,
  vulnerabilityEntries,
  type CdxVulnerabilities,
} from './parse-vulnerabilities.js';
import { CycloneDxTranslator, serialSubjectPurl } from './translate.js';
import { translateCycloneDxVulnerabilities } from './translate-vulnerabilities.js';

/** The root members read item by item. */
export const STREAMED_MEMBERS: ReadonlySet<string> = new Set(['components', 'dependencies']);

/** Members the translation needs before the first component: they may not come after it. */
const HEADER_MEMBERS = new Set(['bomFormat', 'specVersion', 'metadata', 'serialNumber']);

export class CycloneDxStreamReader implements RootObjectHandler {
  /** Every member of the root except the streamed arrays. */
  private readonly root: Json = {};
  private readonly seen = new Set<string>();
  private translator?: CycloneDxTranslator;
  private reader?: ComponentReader;
  private readonly extension: CdxVulnerabilities['extension'] = [];
  private dependenciesStarted = false;
  private ended = false;

  member(key: string, value: unknown): void {
    this.once(key);
    if (key === 'spdxVersion' && typeof value === 'string' && value.startsWith('SPDX-'))
      throw new NotStreamableError('an SPDX document (spdxVersion at its root)');
    if (key === 'bomFormat' && value !== 'CycloneDX') throw new NotStreamableError('bomFormat is not "CycloneDX"');
    if (this.translator && HEADER_MEMBERS.has(key))
      throw new NotStreamableError(`"${key}" comes after the components or dependencies`);
    this.root[key] = value;
  }

  arrayStart(key: string): void {
    this.once(key);
    if (key === 'components' && this.dependenciesStarted)
      throw new NotStreamableError('"components" comes after "dependencies"');
    this.begin(undefined);
    if (key === 'dependencies') this.dependenciesStarted = true;
  }

  item(key: string, index: number, value: unknown): void {
    if (key === 'dependencies') {
      this.translator!.dependency(readDependency(value, index, jsonPointer));
      return;
    }
    const at = ['components', index];
    this.reader!.walkOne(value, at, 1);
    if (isObject(value)) extensionEntries(value, at, this.extension);
  }

  end(): void {
    this.ended = true;
  }

  /** The facts, once the whole document has been read and its digest is known. */
  finish(ctx: ParseContext): DocumentFacts {
    if (!this.ended) throw new NotStreamableError('the document ended before its root object');
    this.begin(ctx.documentDigest);
    // `components` or `dependencies` given as something other than an array (null, or wrong).
    this.reader!.walk(optArray(this.root, 'components', jsonPointer(['components'])), ['components'], 1);
    optArray(this.root, 'dependencies', jsonPointer(['dependencies'])).forEach((dep, i) =>
      this.translator!.dependency(readDependency(dep, i, jsonPointer)),
    );
    const read = this.translator!.finish(this.root, ctx);
    const vulnerabilities: CdxVulnerabilities = {
      tool: producingTool(this.root),
      entries: vulnerabilityEntries(this.root.vulnerabilities),
      extension: this.extension,
    };
    translateCycloneDxVulnerabilities(read, vulnerabilities, ctx);
    return read.builder.facts;
  }

  private once(key: string): void {
    // JSON.parse keeps the last of repeated keys; streaming has already used the first.
    if (this.seen.has(key)) throw new NotStreamableError(`the root repeats "${key}"`);
    this.seen.add(key);
  }

  /**
   * Reads the header and the subject, before the first component or dependency (or at the end).
   * The document digest is known only at the end; a BOM named after it (no subject and no
   * serial number) cannot start translating before.
   */
  private begin(documentDigest: string | undefined): void {
    if (this.translator) return;
    if (this.root.bomFormat !== 'CycloneDX')
      throw new NotStreamableError('bomFormat does not come before the components');
    const header = readCycloneDxHeader(this.root, 'json', jsonPointer);
    const pending: CdxComponent[] = [];
    let onComponent = (c: CdxComponent): void => void pending.push(c);
    const reader = new ComponentReader(jsonPointer, (c) => onComponent(c));
    const top = readTopComponent(header, reader);
    if (!top && serialSubjectPurl(header.serialNumber) === undefined && documentDigest === undefined)
      throw new NotStreamableError('no subject and no serial number before the components');
    const translator = new CycloneDxTranslator(header, { documentDigest: documentDigest ?? '' }, top);
    for (const c of pending) translator.component(c);
    onComponent = (c) => translator.component(c);
    if (header.metadata && isObject(header.metadata.component))
      extensionOfSubject(header.metadata.component, this.extension);
    this.translator = translator;
    this.reader = reader;
  }
}
