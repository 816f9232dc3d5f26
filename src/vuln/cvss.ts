// CVSS base scores from vector strings, so a vulnerability's severity can be derived from the
// vectors advisories and scanners carry instead of trusting (or lacking) a label.
//   v2.0: NVD/FIRST CVSS v2 guide, section 3.2.1 (base equation), rounded to one decimal.
//   v3.0 / v3.1: specification section 7.1 (base equations). v3.1 uses the spec's Roundup
//     (integer arithmetic, appendix A) to avoid floating-point artefacts; v3.0 used a plain ceiling.
//   v4.0: specification section 8 — MacroVector lookup plus interpolation by severity distance
//     (data in cvss4-table.ts). Threat and environmental metrics are honoured when present,
//     which is what the v4 nomenclature (CVSS-B / -BT / -BE / -BTE) describes.
import {
  MACROVECTOR_SCORES,
  MAX_COMPOSED,
  MAX_SEVERITY_DEPTH,
  METRIC_LEVELS,
  V4_BASE_METRICS,
  V4_METRIC_VALUES,
} from './cvss4-table.js';

export type CvssVersion = '2.0' | '3.0' | '3.1' | '4.0';

export interface CvssScore {
  version: CvssVersion;
  score: number;
}

/** GUAC's VulnerabilityScoreType names, used as VulnMetadataFact.scoreType. */
export function scoreTypeOf(version: CvssVersion): string {
  switch (version) {
    case '2.0':
      return 'CVSSv2';
    case '3.0':
      return 'CVSSv3';
    case '3.1':
      return 'CVSSv31';
    case '4.0':
      return 'CVSSv4';
  }
}

/** Splits "K:V/K:V" into a map; undefined on malformed parts or a repeated metric. */
function metricsOf(parts: string[]): Map<string, string> | undefined {
  const out = new Map<string, string>();
  for (const part of parts) {
    const m = /^([A-Za-z]+):([A-Za-z]+)$/.exec(part);
    if (!m || out.has(m[1])) return undefined;
    out.set(m[1], m[2]);
  }
  return out;
}

function has(values: Readonly<Record<string, number>>, key: string | undefined): key is string {
  return key !== undefined && Object.prototype.hasOwnProperty.call(values, key);
}

// ---------------------------------------------------------------- v2

const V2 = {
  AV: { L: 0.395, A: 0.646, N: 1.0 },
  AC: { H: 0.35, M: 0.61, L: 0.71 },
  Au: { M: 0.45, S: 0.56, N: 0.704 },
  CIA: { N: 0.0, P: 0.275, C: 0.66 },
} as const;

function scoreV2(m: Map<string, string>): number | undefined {
  const av = m.get('AV'),
    ac = m.get('AC'),
    au = m.get('Au');
  const c = m.get('C'),
    i = m.get('I'),
    a = m.get('A');
  if (!has(V2.AV, av) || !has(V2.AC, ac) || !has(V2.Au, au) || !has(V2.CIA, c) || !has(V2.CIA, i) || !has(V2.CIA, a)) {
    return undefined;
  }
  const impact = 10.41 * (1 - (1 - V2.CIA[c as 'N']) * (1 - V2.CIA[i as 'N']) * (1 - V2.CIA[a as 'N']));
  const exploitability = 20 * V2.AV[av as 'N'] * V2.AC[ac as 'L'] * V2.Au[au as 'N'];
  const f = impact === 0 ? 0 : 1.176;
  const raw = (0.6 * impact + 0.4 * exploitability - 1.5) * f;
  return Math.max(0, Math.round(raw * 10 + 1e-9) / 10);
}

// ---------------------------------------------------------------- v3.x

const V3 = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  PR_U: { N: 0.85, L: 0.62, H: 0.27 },
  PR_C: { N: 0.85, L: 0.68, H: 0.5 },
  UI: { N: 0.85, R: 0.62 },
  CIA: { H: 0.56, L: 0.22, N: 0 },
} as const;

/** CVSS v3.1 appendix A Roundup: smallest one-decimal number ≥ x, computed on integers. */
function roundup31(x: number): number {
  const i = Math.round(x * 100000);
  return i % 10000 === 0 ? i / 100000 : (Math.floor(i / 10000) + 1) / 10;
}

function roundup30(x: number): number {
  return Math.ceil(x * 10) / 10;
}

function scoreV3(m: Map<string, string>, version: '3.0' | '3.1'): number | undefined {
  const s = m.get('S');
  if (s !== 'U' && s !== 'C') return undefined;
  const pr = s === 'C' ? V3.PR_C : V3.PR_U;
  const [av, ac, p, ui, c, i, a] = ['AV', 'AC', 'PR', 'UI', 'C', 'I', 'A'].map((k) => m.get(k));
  if (
    !has(V3.AV, av) ||
    !has(V3.AC, ac) ||
    !has(pr, p) ||
    !has(V3.UI, ui) ||
    !has(V3.CIA, c) ||
    !has(V3.CIA, i) ||
    !has(V3.CIA, a)
  )
    return undefined;
  const cia = V3.CIA as Record<string, number>;
  const iss = 1 - (1 - cia[c]) * (1 - cia[i]) * (1 - cia[a]);
  const impact = s === 'U' ? 6.42 * iss : 7.52 * (iss - 0.029) - 3.25 * Math.pow(iss - 0.02, 15);
  const exploitability =
    8.22 *
    (V3.AV as Record<string, number>)[av] *
    (V3.AC as Record<string, number>)[ac] *
    (pr as Record<string, number>)[p] *
    (V3.UI as Record<string, number>)[ui];
  if (impact <= 0) return 0;
  const roundup = version === '3.1' ? roundup31 : roundup30;
  return s === 'U'
    ? roundup(Math.min(impact + exploitability, 10))
    : roundup(Math.min(1.08 * (impact + exploitability), 10));
}

// ---------------------------------------------------------------- v4.0

/** The value a v4 metric takes for scoring: modified (M*) overrides, worst-case defaults for X. */
function effective(m: Map<string, string>, metric: string): string {
  const selected = m.get(metric) ?? 'X';
  if (selected === 'X') {
    if (metric === 'E') return 'A';
    if (metric === 'CR' || metric === 'IR' || metric === 'AR') return 'H';
  }
  const modified = m.get(`M${metric}`);
  if (modified !== undefined && modified !== 'X') return modified;
  return selected;
}

type Effective = (metric: string) => string;
type MacroVector = [number, number, number, number, number, number];

/** EQ1 (AV/PR/UI): 0 all network/none, 1 some, 2 none or physical access. */
function eq1Of(e: Effective): number {
  const av = e('AV'),
    pr = e('PR'),
    ui = e('UI');
  if (av === 'N' && pr === 'N' && ui === 'N') return 0;
  if ((av === 'N' || pr === 'N' || ui === 'N') && av !== 'P') return 1;
  return 2;
}

/** EQ3 (VC/VI/VA): 0 high confidentiality and integrity, 1 any high, 2 none high. */
function eq3Of(e: Effective): number {
  const vc = e('VC'),
    vi = e('VI');
  if (vc === 'H' && vi === 'H') return 0;
  if (vc === 'H' || vi === 'H' || e('VA') === 'H') return 1;
  return 2;
}

/** EQ4 (SC/SI/SA): 0 a safety impact, 1 any high, 2 none high. */
function eq4Of(m: Map<string, string>, e: Effective): number {
  // MSI/MSA "S" (safety) only exists as an environmental value.
  if (m.get('MSI') === 'S' || m.get('MSA') === 'S') return 0;
  if (e('SC') === 'H' || e('SI') === 'H' || e('SA') === 'H') return 1;
  return 2;
}

/** EQ6 (CR/IR/AR with VC/VI/VA): 0 when a high requirement meets a high impact. */
function eq6Of(e: Effective): number {
  return (e('CR') === 'H' && e('VC') === 'H') ||
    (e('IR') === 'H' && e('VI') === 'H') ||
    (e('AR') === 'H' && e('VA') === 'H')
    ? 0
    : 1;
}

function macroVectorOf(m: Map<string, string>): MacroVector {
  const e = (k: string) => effective(m, k);
  const eq2 = e('AC') === 'L' && e('AT') === 'N' ? 0 : 1;
  const ex = e('E');
  const eq5 = ex === 'A' ? 0 : ex === 'P' ? 1 : 2;
  return [eq1Of(e), eq2, eq3Of(e), eq4Of(m, e), eq5, eq6Of(e)];
}

function lookup(eqs: number[]): number | undefined {
  return MACROVECTOR_SCORES[eqs.join('')];
}

/** Every metric known with a value it may take, and every base metric present. */
function isV4Vector(m: Map<string, string>): boolean {
  for (const [key, value] of m) {
    const allowed = V4_METRIC_VALUES[key];
    if (!allowed || !allowed.includes(value)) return false;
  }
  return V4_BASE_METRICS.every((k) => m.has(k));
}

/** 1a. Score of the next lower MacroVector along each EQ (undefined when there is none). */
function lowerScoresOf(eqs: MacroVector): (number | undefined)[] {
  const [, , eq3, , , eq6] = eqs;
  const lower = (i: number, delta = 1) => lookup(eqs.map((x, j) => (j === i ? x + delta : x)));
  let lowerEq3eq6: number | undefined;
  if (eq3 === 0 && eq6 === 0) {
    // Two ways down (00 → 01 and 00 → 10): take the higher-scoring one.
    const left = lower(5),
      right = lower(2);
    lowerEq3eq6 = left === undefined ? right : right === undefined ? left : Math.max(left, right);
  } else if (eq3 === 1 && eq6 === 0) {
    lowerEq3eq6 = lower(5);
  } else if (eq3 === 2) {
    lowerEq3eq6 = undefined; // 21 has nothing below it
  } else {
    lowerEq3eq6 = lower(2); // 01 → 11, 11 → 21
  }
  return [lower(0), lower(1), lowerEq3eq6, lower(3), lower(4)];
}

/**
 * 1b. Severity distance from the first highest-severity vector of this MacroVector that the
 * scored vector does not exceed on any metric.
 */
function severityDistances(m: Map<string, string>, eqs: MacroVector): Record<string, number> | undefined {
  const [eq1, eq2, eq3, eq4, eq5, eq6] = eqs;
  const candidates: Record<string, string>[] = [];
  for (const a of MAX_COMPOSED.eq1[eq1])
    for (const b of MAX_COMPOSED.eq2[eq2])
      for (const c of MAX_COMPOSED.eq3eq6[eq3][eq6])
        for (const d of MAX_COMPOSED.eq4[eq4])
          for (const f of MAX_COMPOSED.eq5[eq5]) candidates.push({ ...a, ...b, ...c, ...d, ...f });
  let distances: Record<string, number> | undefined;
  for (const max of candidates) {
    const dist: Record<string, number> = {};
    for (const metric of Object.keys(METRIC_LEVELS)) {
      dist[metric] = METRIC_LEVELS[metric][effective(m, metric)] - METRIC_LEVELS[metric][max[metric]];
    }
    distances = dist;
    if (Object.values(dist).every((d) => d >= 0)) break;
  }
  return distances;
}

/**
 * 1c/1d. Proportional distance times the available score difference, averaged over the EQs
 * that have a lower MacroVector.
 */
function meanDistance(value: number, eqs: MacroVector, d: Record<string, number>): number {
  const [eq1, eq2, eq3, eq4, , eq6] = eqs;
  const lowerScores = lowerScoresOf(eqs);
  const current = [
    d.AV + d.PR + d.UI,
    d.AC + d.AT,
    d.VC + d.VI + d.VA + d.CR + d.IR + d.AR,
    d.SC + d.SI + d.SA,
    0, // EQ5 has a single value per level: no distance within it
  ];
  const step = 0.1;
  const depth = [
    MAX_SEVERITY_DEPTH.eq1[eq1] * step,
    MAX_SEVERITY_DEPTH.eq2[eq2] * step,
    MAX_SEVERITY_DEPTH.eq3eq6[eq3][eq6] * step,
    MAX_SEVERITY_DEPTH.eq4[eq4] * step,
  ];
  let n = 0;
  let sum = 0;
  for (let i = 0; i < 5; i++) {
    const lowerScore = lowerScores[i];
    if (lowerScore === undefined) continue;
    n += 1;
    if (i < 4) sum += (value - lowerScore) * (current[i] / depth[i]);
  }
  return n === 0 ? 0 : sum / n;
}

function scoreV4(m: Map<string, string>): number | undefined {
  if (!isV4Vector(m)) return undefined;
  // No impact on either system: 0 by definition.
  if (['VC', 'VI', 'VA', 'SC', 'SI', 'SA'].every((k) => effective(m, k) === 'N')) return 0;

  const eqs = macroVectorOf(m);
  const value = lookup(eqs);
  if (value === undefined) return undefined;
  const distances = severityDistances(m, eqs);
  if (!distances) return undefined;
  const score = Math.max(0, Math.min(10, value - meanDistance(value, eqs, distances)));
  // Round half up; the epsilon absorbs binary artefacts such as 1.4499999999999993 (FIRST calculator does the same).
  return Math.round((score + 1e-6) * 10) / 10;
}

// ---------------------------------------------------------------- public API

/** Parses a vector's version prefix; bare "AV:N/AC:L/Au:N/…" vectors are CVSS v2. */
function splitVector(vector: string): { version: CvssVersion; parts: string[] } | undefined {
  const text = vector.trim().replace(/^\((.*)\)$/, '$1');
  const parts = text.split('/').filter((p) => p !== '');
  if (parts.length === 0) return undefined;
  const head = /^CVSS:(\d\.\d)$/.exec(parts[0]);
  if (head) {
    const version = head[1];
    if (version !== '2.0' && version !== '3.0' && version !== '3.1' && version !== '4.0') return undefined;
    return { version, parts: parts.slice(1) };
  }
  if (parts.some((p) => p.startsWith('Au:'))) return { version: '2.0', parts };
  return undefined;
}

/** Base score of a CVSS v2/v3.0/v3.1/v4.0 vector; undefined when the vector is not valid. */
export function scoreOfVector(vector: string): CvssScore | undefined {
  if (typeof vector !== 'string') return undefined;
  const split = splitVector(vector);
  if (!split) return undefined;
  const metrics = metricsOf(split.parts);
  if (!metrics) return undefined;
  let score: number | undefined;
  switch (split.version) {
    case '2.0':
      score = scoreV2(metrics);
      break;
    case '3.0':
    case '3.1':
      score = scoreV3(metrics, split.version);
      break;
    case '4.0':
      score = scoreV4(metrics);
      break;
  }
  return score === undefined ? undefined : { version: split.version, score };
}
