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
    if (opens && ++this.depth > MAX_JSON_DEPTH)
      throw new DocumentError('', `the JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`);
    if (this.assembling !== undefined) {
      this.assemble(token);
      return;
    }
    if (this.depth === 0 || (opens && this.depth === 1)) {
      this.root(token);
      return;
    }
    const structural = this.streaming !== undefined ? this.streamedArrayEnd(token) : this.betweenMembers(token);
    if (structural || name === 'startKey' || name === 'endKey' || name === 'whitespace') return;
    // A value starts: a member of the root, or an item of the streamed array.
    this.startValue(token, opens);
  }

  /** Inside a value: its tokens go to the assembler until it is whole. */
  private assemble(token: Token): void {
    this.assembler.consume(token);
    if (token.name === 'endObject' || token.name === 'endArray') this.depth--;
    if (this.assembler.done) this.complete(this.assembler.current);
  }

  /** The root itself (depth 1 now), or, past its end, a second value the tokenizer refuses anyway. */
  private root(token: Token): void {
    if (token.name !== 'startObject' || this.ended) throw new NotStreamableError('the JSON root is not an object');
  }

  /** In a streamed array: whether the token ends it (else an item starts). */
  private streamedArrayEnd(token: Token): boolean {
    if (this.depth !== 2 || token.name !== 'endArray') return false;
    this.depth--;
    this.streaming = undefined;
    return true;
  }

  /** Between the root's members: whether the token is a key, the root's end or a streamed array's start. */
  private betweenMembers(token: Token): boolean {
    if (this.depth === 1 && token.name === 'keyValue') {
      this.key = token.value;
      return true;
    }
    if (this.depth === 1 && token.name === 'endObject') {
      this.depth--;
      this.ended = true;
      this.handler.end();
      return true;
    }
    if (this.depth !== 2 || token.name !== 'startArray' || !this.streamed.has(this.key!)) return false;
    this.streaming = this.key;
    this.index = 0;
    this.handler.arrayStart(this.streaming!);
    return true;
  }

  private startValue(token: Token, opens: boolean): void {
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
