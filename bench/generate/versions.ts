// Version strings and purls of the universe's package versions.
import type { Eco } from './ecosystems.js';
import type { Universe } from './universe.js';

function versionString(eco: Eco, j: number, salt: number): string {
  const major = 1 + Math.floor(j / 6);
  const minor = j % 6;
  const patch = salt % 13;
  switch (eco) {
    case 'golang':
      return `v${major}.${minor}.${patch}`;
    case 'deb':
      return `${major}.${minor}.${patch}-${1 + (salt % 3)}`;
    default:
      return `${major}.${minor}.${patch}`;
  }
}

const DEB_QUALIFIERS = '?arch=amd64&distro=debian-12';

export function purlOf(u: Universe, v: number): string {
  const info = u.names[u.verName[v]];
  const version = versionString(info.eco, u.verIndex[v], u.verSalt[v]);
  return `${info.purlName}@${version}${info.eco === 'deb' ? DEB_QUALIFIERS : ''}`;
}

export function versionOf(u: Universe, v: number): string {
  return versionString(u.names[u.verName[v]].eco, u.verIndex[v], u.verSalt[v]);
}
