// SBOM and provenance fidelity through the API on the real documents of test/fixtures
// (the corpus sweep runs the same suite over the whole corpus).
import { FIXTURES } from '../helpers/corpus.js';
import { corpusSbomsSuite } from './corpus-sboms.suite.js';

corpusSbomsSuite(FIXTURES);
