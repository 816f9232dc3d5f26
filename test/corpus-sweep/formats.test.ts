// The whole-corpus sweep, parsers: the fixture checks of every format, over every document of
// the shared corpus. vitest.config.ts runs this only when the corpus is there (and requires it in CI).
import { CORPUS } from '../helpers/corpus.js';
import {
  cyclonedxJsonFidelitySuite,
  cyclonedxXmlFidelitySuite,
  sbomDetectionSuite,
  slsaFidelitySuite,
  spdxFidelitySuite,
} from '../ingest/formats/sbom-formats.suite.js';
import {
  openvexFormatSuite,
  osvFormatSuite,
  scannerFormatSuite,
  scorecardFormatSuite,
} from '../ingest/formats/vuln-formats.suite.js';
import { cvssAgreementSuite, osvAdvisoryEdgesSuite } from '../vuln/corpus-data.suite.js';

sbomDetectionSuite(CORPUS);
spdxFidelitySuite(CORPUS);
cyclonedxJsonFidelitySuite(CORPUS);
cyclonedxXmlFidelitySuite(CORPUS);
slsaFidelitySuite(CORPUS);
osvFormatSuite(CORPUS);
scannerFormatSuite(CORPUS);
openvexFormatSuite(CORPUS);
scorecardFormatSuite(CORPUS);
osvAdvisoryEdgesSuite(CORPUS);
cvssAgreementSuite(CORPUS, { vectors: 50, labels: 8 });
