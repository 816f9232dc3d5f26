// Licence round-trip over the SBOM and scanner report fixtures (the sweep runs it over the whole corpus).
import { FIXTURES } from '../helpers/corpus.js';
import { licenceRoundTripSuite } from './licence-roundtrip.suite.js';

licenceRoundTripSuite(FIXTURES);
