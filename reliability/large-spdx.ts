// A large, legitimate SPDX 2.3 JSON SBOM, written as a stream: N packages (each with a purl, a
// licence and a download location, shaped like syft's output), the document describing the
// first, and DEPENDS_ON relationships (one per package on average, biased towards popular
// packages). 400,000 packages make about 164 MB: the upload of issue 29's finding.
import { once } from 'node:events';
import { createWriteStream, statSync } from 'node:fs';
import { Rng } from '../bench/lib/rng.js';

const ECOSYSTEMS = ['npm', 'pypi', 'maven', 'golang'] as const;
const LICENCES = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC', 'GPL-2.0-only', 'MPL-2.0'];
const WORDS = ['fast', 'json', 'http', 'stream', 'parse', 'core', 'utils', 'client', 'config', 'cache', 'async'];

function purlOf(rng: Rng, i: number): { name: string; version: string; purl: string } {
  const name = `${rng.pick(WORDS)}-${rng.pick(WORDS)}-${i.toString(36)}`;
  const version = `${rng.int(0, 20)}.${rng.int(0, 40)}.${rng.int(0, 30)}`;
  const eco = rng.pick(ECOSYSTEMS);
  switch (eco) {
    case 'maven':
      return { name, version, purl: `pkg:maven/org.${rng.pick(WORDS)}/${name}@${version}` };
    case 'golang':
      return { name, version: `v${version}`, purl: `pkg:golang/github.com/${rng.pick(WORDS)}/${name}@v${version}` };
    default:
      return { name, version, purl: `pkg:${eco}/${name}@${version}` };
  }
}

/** Writes the SBOM to `path`; returns its size in bytes and its counts. */
export async function writeLargeSpdx(
  path: string,
  packages: number,
  seed: string,
): Promise<{ bytes: number; packages: number; relationships: number }> {
  const rng = new Rng(seed);
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const q = JSON.stringify;
  const id = (i: number): string => `SPDXRef-${i.toString(36)}`;
  await write(
    `{"spdxVersion":"SPDX-2.3","dataLicense":"CC0-1.0","SPDXID":"SPDXRef-DOCUMENT","name":"large-upload-${seed}",` +
      `"documentNamespace":"https://supplygraph.example/reliability/large-upload/${seed}/${packages}",` +
      `"creationInfo":{"created":"2026-01-01T00:00:00Z","creators":["Tool: supplygraph-reliability"]},` +
      `"documentDescribes":["${id(0)}"],"packages":[`,
  );
  for (let i = 0; i < packages; i++) {
    const p = purlOf(rng, i);
    const licence = rng.pick(LICENCES);
    await write(
      `${i ? ',' : ''}{"SPDXID":"${id(i)}","name":${q(p.name)},"versionInfo":${q(p.version)},` +
        `"downloadLocation":"NOASSERTION","filesAnalyzed":false,` +
        `"licenseConcluded":"${licence}","licenseDeclared":"${licence}",` +
        `"externalRefs":[{"referenceCategory":"PACKAGE-MANAGER","referenceType":"purl","referenceLocator":${q(p.purl)}}]}`,
    );
  }
  await write('],"relationships":[');
  let relationships = 0;
  for (let i = 0; i < packages; i++) {
    const n = rng.int(0, 3); // 0, 1 or 2: one per package on average
    for (let k = 0; k < n; k++) {
      const j = rng.chance(0.7) ? Math.floor(packages * rng.next() ** 3) : rng.int(0, packages);
      if (j === i) continue;
      await write(
        `${relationships ? ',' : ''}{"spdxElementId":"${id(i)}","relationshipType":"DEPENDS_ON","relatedSpdxElement":"${id(j)}"}`,
      );
      relationships++;
    }
  }
  await write(']}\n');
  out.end();
  await once(out, 'finish');
  return { bytes: statSync(path).size, packages, relationships };
}
