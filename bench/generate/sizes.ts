// The generator's sizes and options.

export type SizeName = 'tiny' | 'S' | 'M' | 'L';

export interface SizeParams {
  /** Package versions in the universe (approximate: whole names are added until reached). */
  versions: number;
  /** Application SBOMs. */
  apps: number;
  /** Container image SBOMs (each wraps one application plus a Debian base). */
  images: number;
}

export const SIZES: Record<SizeName, SizeParams> = {
  tiny: { versions: 600, apps: 8, images: 4 },
  S: { versions: 6_000, apps: 60, images: 24 },
  M: { versions: 40_000, apps: 300, images: 100 },
  L: { versions: 200_000, apps: 1_500, images: 500 },
};

export function isSize(x: string): x is SizeName {
  return x in SIZES;
}

export interface GenerateOptions {
  size: SizeName;
  seed: string;
  out: string;
  /** Called with progress lines (stderr in the CLI). */
  log?: (line: string) => void;
}
