// The whole-corpus sweep, purls: every purl of every corpus document round-trips and is found.
import { CORPUS } from '../helpers/corpus.js';
import { purlRoundTripSuite } from '../http/purl-roundtrip.suite.js';

purlRoundTripSuite(CORPUS, 1000);
