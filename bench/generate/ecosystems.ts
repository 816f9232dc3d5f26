// The five ecosystems of the generated graph and their shares of it.

export const ECOSYSTEMS = ['npm', 'maven', 'pypi', 'golang', 'deb'] as const;
export type Eco = (typeof ECOSYSTEMS)[number];
/** Share of the package versions per ecosystem. */
export const ECO_SHARE: Record<Eco, number> = { npm: 0.5, maven: 0.16, pypi: 0.12, golang: 0.12, deb: 0.1 };
export const OSV_ECOSYSTEM: Record<Eco, string> = {
  npm: 'npm',
  maven: 'Maven',
  pypi: 'PyPI',
  golang: 'Go',
  deb: 'Debian:12',
};
/** Ecosystems applications are written in (Debian packages are installed in images), and their shares. */
export const APP_ECOS: readonly Eco[] = ['npm', 'maven', 'pypi', 'golang'];
export const APP_SHARE = [0.55, 0.18, 0.13, 0.14];
