// The whole-corpus sweep through the API: every SBOM and provenance document of the shared corpus.
import { CORPUS } from '../helpers/corpus.js';
import { corpusSbomsSuite } from '../http/corpus-sboms.suite.js';

corpusSbomsSuite(CORPUS);
