// The whole-corpus sweep through the API: every scanner report, OSV record, OpenVEX document and
// scorecard of the shared corpus.
import { CORPUS } from '../helpers/corpus.js';
import { corpusVulnsSuite } from '../http/corpus-vulns.suite.js';

corpusVulnsSuite(CORPUS);
