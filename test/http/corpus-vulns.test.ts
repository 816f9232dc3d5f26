// Scanner findings, offline OSV matching, OpenVEX and scorecards through the API on the real
// documents of test/fixtures (the corpus sweep runs the same suite over the whole corpus).
import { FIXTURES } from '../helpers/corpus.js';
import { corpusVulnsSuite } from './corpus-vulns.suite.js';

corpusVulnsSuite(FIXTURES);
