// The whole-corpus sweep of the blast radius: for every vulnerability a grype or Trivy image scan
// names, /v0/vuln/{id}/artifacts lists the scanned image with a path; the properties hold.
import { CORPUS } from '../helpers/corpus.js';
import { vulnBlastSuite } from '../http/vuln-corpus.suite.js';

vulnBlastSuite(CORPUS);
