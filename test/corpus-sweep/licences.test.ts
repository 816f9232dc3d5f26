// Licence round-trip over every SBOM of the shared corpus.
import { CORPUS } from '../helpers/corpus.js';
import { licenceRoundTripSuite } from '../ingest/licence-roundtrip.suite.js';

licenceRoundTripSuite(CORPUS);
