// The one string order for answers: code-unit order, as the purl and id sorts elsewhere use.

/** Orders strings by UTF-16 code units (locale-independent, as `Array.prototype.sort` does). */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
