// Licence round-trip over every SBOM and scanner report of the shared corpus.
import { CORPUS } from '../helpers/corpus.js';
import { licenceRoundTripSuite } from '../ingest/licence-roundtrip.suite.js';

licenceRoundTripSuite(CORPUS);
