// Vulnerability scanner reports: each (package, vulnerability) finding becomes a CertifyVuln.
export { osvScannerParser, isOsvScannerReport, OSV_SCANNER_URI } from './osv-scanner/index.js';
export { grypeParser, isGrypeReport, GRYPE_URI } from './grype/index.js';
export { trivyParser, trivyResults, TRIVY_URI } from './trivy/index.js';
