// The members of a JSON root object, as a streaming tokenizer (stream-json) reads them: each
// member's value is assembled whole, except the arrays named as streamed, whose items are
// assembled and handed on one at a time, so a huge array is never held. Nesting deeper than
// the document limit is refused, as for a document parsed whole.
import { Assembler } from 'stream-json/assembler.js';
import type { Token } from 'stream-json/parser.js';
import { DocumentError } from '../../model/facts.js';
import { MAX_JSON_DEPTH } from '../detect.js';

export interface RootObjectHandler {
  /** A member of the root object (a streamed key whose value is not an array comes here too). */
  member(key: string, value: unknown): void;
  /** A streamed array begins (before its first item). */
  arrayStart(key: string): void;
  /** One item of a streamed array, at its index. */
  item(key: string, index: number, value: unknown): void;
  /** The root object has ended. */
  end(): void;
}

/**
 * The document is of a shape the streaming reader does not follow (the root is not an object,
 * its members come in an order it cannot use): it is read whole instead. The message says why.
 */
export class NotStreamableError extends Error {}

export class RootObjectStream {
  /** Containers open, the root object included. */
  private depth = 0;
  private key: string | undefined;
  /** Assembling the member or item whose value started at this depth (undefined: between values). */
  private assembling: number | undefined;
  private readonly assembler = new Assembler();
  /** The streamed array being read, and the index of its next item. */
  private streaming: string | undefined;
  private index = 0;
  private ended = false;

  constructor(
    private readonly streamed: ReadonlySet<string>,
    private readonly handler: RootObjectHandler,
  ) {}

  /** Feeds the tokens of the next piece of text. */
  tokens(tokens: readonly Token[]): void {
    for (const token of tokens) this.token(token);
  }

  private token(token: Token): void {
    const name = token.name;
    const opens = name === 'startObject' || name === 'startArray';
    const closes = name === 'endObject' || name === 'endArray';
    if (opens && ++this.depth > MAX_JSON_DEPTH)
      throw new DocumentError('', `the JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`);
    if (this.assembling !== undefined) {
      this.assembler.consume(token);
      if (closes) this.depth--;
      if (this.assembler.done) this.complete(this.assembler.current);
      return;
    }
    if (this.depth === 0 || (opens && this.depth === 1)) {
      // The root itself (depth 1 now), or, past its end, a second value the tokenizer refuses anyway.
      if (name !== 'startObject' || this.ended) throw new NotStreamableError('the JSON root is not an object');
      return;
    }
    if (this.streaming !== undefined && this.depth === 2 && name === 'endArray') {
      this.depth--;
      this.streaming = undefined;
      return;
    }
    if (this.streaming === undefined && this.depth === 1) {
      if (name === 'keyValue') {
        this.key = token.value;
        return;
      }
      if (name === 'endObject') {
        this.depth--;
        this.ended = true;
        this.handler.end();
        return;
      }
    }
    if (
      this.streaming === undefined &&
      opens &&
      name === 'startArray' &&
      this.depth === 2 &&
      this.streamed.has(this.key!)
    ) {
      this.streaming = this.key;
      this.index = 0;
      this.handler.arrayStart(this.streaming!);
      return;
    }
    if (name === 'startKey' || name === 'endKey' || name === 'whitespace') return;
    // A value starts: a member of the root, or an item of the streamed array.
    this.assembling = opens ? this.depth - 1 : this.depth;
    this.assembler.consume(token);
    if (this.assembler.done) this.complete(this.assembler.current);
  }

  private complete(value: unknown): void {
    this.assembling = undefined;
    if (this.streaming !== undefined) this.handler.item(this.streaming, this.index++, value);
    else this.handler.member(this.key!, value);
  }
}
