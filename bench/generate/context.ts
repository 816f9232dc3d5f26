// What the document writers share: the universe, its closures, the documents' random stream,
// the output directory and the progress log.
import type { Rng } from '../lib/rng.js';
import type { Closure } from './closure.js';
import type { Universe } from './universe.js';

export interface DocumentContext {
  u: Universe;
  closure: Closure;
  /** The documents' stream: every draw from it, in order, decides the bytes written. */
  rng: Rng;
  out: string;
  log: (line: string) => void;
}
