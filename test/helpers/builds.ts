// Small CycloneDX 1.5 SBOMs written in the test: one build of a service with the components given,
// and a way to store it through the ingest pipeline with what an upload says about the build.
import { ingestDocument } from '../../src/ingest/pipeline.js';
import type { BuildInput } from '../../src/model/build.js';
import type { GraphStore } from '../../src/store/types.js';

export interface ServiceBuild {
  /** npm package name of the service (its project, unless the upload says otherwise). */
  service: string;
  version: string;
  /** Component purls. */
  components: readonly string[];
}

/** The SBOM of one build, as a build tool would write it. */
export function serviceSbom(b: ServiceBuild): string {
  const subject = `pkg:npm/${b.service.replace('@', '%40')}@${b.version}`;
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: {
      component: { type: 'application', 'bom-ref': subject, name: b.service, version: b.version, purl: subject },
    },
    components: b.components.map((purl) => ({ type: 'library', 'bom-ref': purl, name: purl, purl })),
    dependencies: [{ ref: subject, dependsOn: [...b.components] }],
  });
}

/** Stores a build; returns the document digest. */
export async function storeBuild(store: GraphStore, b: ServiceBuild, build?: BuildInput): Promise<string> {
  const bytes = Buffer.from(serviceSbom(b));
  const result = await ingestDocument(
    { name: `${b.service}-${b.version}.cdx.json`, read: () => Promise.resolve(bytes) },
    { store, collector: 'test', maxDocumentBytes: 1 << 24, ...(build ? { build } : {}) },
  );
  if (result.status !== 'stored') throw new Error(`not stored: ${result.error ?? result.status}`);
  return result.digest!;
}
