// The blast radius over the real documents of test/fixtures (the corpus sweep runs the same suite
// over the whole corpus): every image a scanner report scanned is reached, with a path.
import { FIXTURES } from '../helpers/corpus.js';
import { vulnBlastSuite } from './vuln-corpus.suite.js';

vulnBlastSuite(FIXTURES);
