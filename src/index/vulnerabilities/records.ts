// What the index keeps of the vulnerability facts: the fields the questions read, with the
// stating document's origin and collector filled in where the fact had none.
import type { ScanMetadata, SeverityRatingFact } from '../../model/facts.js';

export interface Attribution {
  origin: string;
  collector: string;
}

/** A certified finding: a package has a vulnerability, per a scan. */
export interface CertifyVulnRecord extends ScanMetadata, Attribution {
  pkg: number;
  vuln: number;
}

export interface VexRecord {
  subject: number;
  vuln: number;
  status: string;
  justification?: string;
  statement?: string;
  knownSince: string;
  doc: number;
  origin: string;
  collector: string;
}

export interface VulnMetadataRecord extends Attribution {
  scoreType?: string;
  scoreValue?: number;
  severity?: string;
  description?: string;
  timestamp?: string;
  /** A one-line title, when the document gives one apart from the description. */
  summary?: string;
  /** When the vulnerability was published, per the document. */
  published?: string;
  /** Advisory and reference URLs the document gives. */
  references?: readonly string[];
  /** Every rating the document gives, with its source (absent: stored before sources were kept, or none). */
  ratings?: readonly SeverityRatingFact[];
  /** The stating document. */
  doc: number;
}
