// OpenSSF Scorecard JSON results (`scorecard --format json`, scorecard-action, the API).
import type { FormatParser } from '../types.js';
import { isScorecard } from './detect.js';
import { parseScorecard } from './parse.js';
import { SCORECARD_FORMAT, translateScorecard } from './translate.js';

export const scorecardParser: FormatParser = {
  name: SCORECARD_FORMAT,
  detect: (doc) => isScorecard(doc.json),
  parse: (doc) => translateScorecard(parseScorecard(doc.json)),
};

export { isScorecard } from './detect.js';
export { SCORECARD_FORMAT } from './translate.js';
