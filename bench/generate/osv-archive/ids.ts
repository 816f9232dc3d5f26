// Advisory ids, in the shapes osv.dev's databases use. Every id is a function of a per-prefix
// serial number, so ids never repeat within an archive and the same serial always gives the
// same id (the --modified-shift twin of an archive names its records alike).

/** The years ids and publication dates spread over (none after the generator's epoch). */
export const FIRST_YEAR = 2014;
export const YEARS = 11;

export interface YearSerial {
  year: number;
  serial: number;
}

/** Serial `n` as a year and a number within that year: consecutive serials cycle through the years. */
export function yearSerial(n: number): YearSerial {
  return { year: FIRST_YEAR + (n % YEARS), serial: Math.floor(n / YEARS) };
}

/** CVE-YYYY-NNNN(N…): distinct for distinct `n`; distributions share `n` for the same CVE. */
export function cveId(n: number): string {
  const { year, serial } = yearSerial(n);
  return `CVE-${year}-${String(1000 + serial).padStart(4, '0')}`;
}

/** The year a CVE id was assigned in (its published date falls in it). */
export function cveYear(n: number): number {
  return yearSerial(n).year;
}

const GHSA_ALPHABET = '23456789cfghjmpqrvwx';
const GHSA_SPACE = 20 ** 12;

/**
 * GHSA-xxxx-xxxx-xxxx: the serial scrambled by an odd multiplier (a bijection modulo 20^12,
 * exact in doubles for serials below a million), so ids look random yet never collide.
 */
export function ghsaId(k: number): string {
  let x = (k * 2654435761 + 104729) % GHSA_SPACE;
  let chars = '';
  for (let i = 0; i < 12; i++) {
    chars = GHSA_ALPHABET[x % 20] + chars;
    x = Math.floor(x / 20);
  }
  return `GHSA-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** PREFIX-YYYY-NNNN ids (PYSEC, GO, RUSTSEC, MAL): four digits at least, as those databases pad. */
export function yearId(prefix: string, k: number, base = 1): string {
  const { year, serial } = yearSerial(k);
  return `${prefix}-${year}-${String(base + serial).padStart(4, '0')}`;
}

/** Debian's DSA-NNNN-1 and DLA-NNNN-1. */
export function debianAdvisoryId(prefix: 'DSA' | 'DLA', k: number): string {
  return `${prefix}-${(prefix === 'DSA' ? 3000 : 1000) + k}-${1 + (k % 7 === 0 ? 1 : 0)}`;
}

/** RHSA-YYYY:NNNN and SUSE-SU-YYYY:NNNN-1. */
export function colonId(prefix: string, k: number, suffix = ''): string {
  const { year, serial } = yearSerial(k);
  return `${prefix}-${year}:${String(1 + serial).padStart(4, '0')}${suffix}`;
}
