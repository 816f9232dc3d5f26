// Numbers as the report prints them.

/** Grouped thousands, at most `digits` decimals; "–" for no figure. */
export const fmt = (x: number | undefined, digits = 1): string =>
  x === undefined || Number.isNaN(x)
    ? '–'
    : x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** Bytes in kB below a megabyte, else in MB. */
export const mb = (bytes: number): string => (bytes < 1e6 ? `${fmt(bytes / 1e3, 1)} kB` : `${fmt(bytes / 1e6, 1)} MB`);
