// The served OpenAPI document passes Redocly's `recommended` ruleset with no errors and no
// warnings, and names every route, status and header the API has.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestClient } from '../helpers/server.js';

/** The parts of the document these tests read. */
interface ResponseEntry {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}
interface OpenApiDocument {
  info: { license?: unknown; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, { get: { operationId: string; tags: string[]; responses: Record<string, ResponseEntry> } }>;
  components: { responses: Record<string, ResponseEntry> };
}

let t: TestClient;
let source: string;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  const res = await t.get('/openapi.json');
  expect(res.status).toBe(200);
  source = res.text;
  doc = res.body as OpenApiDocument;
});
afterAll(async () => {
  await t?.close();
});

describe('/openapi.json', () => {
  it('lints clean with the recommended ruleset', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(described).toEqual([]);
  });

  it('describes the public routes, each with an operationId and a tag that has a description', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/analysis/dependencies',
      '/analysis/licenses',
      '/healthz',
      '/metrics',
      '/readyz',
      '/v0/artifact/{digest}/dependencies',
      '/v0/artifact/{digest}/info',
      '/v0/artifact/{digest}/vulns',
      '/v0/audit',
      '/v0/diff',
      '/v0/documents',
      '/v0/documents/{digest}',
      '/v0/documents/{digest}/project',
      '/v0/exploitation',
      '/v0/exploitation/{kind}',
      '/v0/feeds',
      '/v0/feeds/{name}',
      '/v0/feeds/{name}/sync',
      '/v0/feeds/{name}/syncs',
      '/v0/findings',
      '/v0/findings/summary',
      '/v0/package/{purl}',
      '/v0/package/{purl}/artifacts',
      '/v0/package/{purl}/dependencies',
      '/v0/package/{purl}/dependents',
      '/v0/package/{purl}/info',
      '/v0/package/{purl}/vulns',
      '/v0/path',
      '/v0/policies',
      '/v0/policies/{name}',
      '/v0/projects',
      '/v0/projects/{name}',
      '/v0/query/dependencies',
      '/v0/query/vulns',
      '/v0/search',
      '/v0/stats',
      '/v0/verdicts',
      '/v0/vuln/{id}',
      '/v0/vuln/{id}/artifacts',
      '/v0/vuln/{id}/dependents',
      '/v0/vuln/{id}/packages',
    ]);
    // Every method's operation (the batch questions are POST alone, the documents also POST and DELETE).
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.map((op) => op.operationId).sort()).toEqual([
      'analyzeDependencies',
      'analyzeLicenses',
      'deleteDocument',
      'deleteFeed',
      'deletePolicy',
      'getArtifactDeps',
      'getArtifactInfo',
      'getArtifactVulns',
      'getBuildDiff',
      'getDocument',
      'getFeed',
      'getGraphStats',
      'getMetrics',
      'getPackageArtifacts',
      'getPackageDependents',
      'getPackageDeps',
      'getPackageInfo',
      'getPackagePurls',
      'getPackageVulns',
      'getPath',
      'getProject',
      'getVuln',
      'getVulnArtifacts',
      'getVulnDependents',
      'getVulnPackages',
      'healthCheck',
      'importExploitation',
      'judgeBuild',
      'listAuditEvents',
      'listDocuments',
      'listExploitationSources',
      'listFeedSyncs',
      'listFeeds',
      'listFindings',
      'listPolicies',
      'listProjects',
      'listVerdicts',
      'moveBuild',
      'putFeed',
      'putPolicy',
      'queryDependencies',
      'queryPackageVulns',
      'readinessCheck',
      'search',
      'setProjectLabels',
      'summarizeFindings',
      'syncFeed',
      'uploadDocument',
    ]);
    const tags = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const op of operations) for (const tag of op.tags) expect(tags.get(tag)).toMatch(/\w/);
  });

  it('says which operations take a bearer token: reads may, the audit log must, probes never', () => {
    const document = doc as unknown as {
      security?: object[];
      components: { securitySchemes: Record<string, object> };
      paths: Record<
        string,
        Record<string, { security?: object[]; 'x-required-scope'?: string; responses: Record<string, unknown> }>
      >;
    };
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // No document-wide requirement, which would make the writes look as if a token were optional.
    expect(document.security).toBeUndefined();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.security, `${method} ${path}`).toBeDefined();
      }
    }
    const writes = [
      ['post', '/v0/documents', 'ingest'],
      ['delete', '/v0/documents/{digest}', 'admin'],
      ['get', '/v0/audit', 'admin'],
      ['put', '/v0/documents/{digest}/project', 'ingest'],
      ['patch', '/v0/projects/{name}', 'ingest'],
      ['put', '/v0/policies/{name}', 'admin'],
      ['delete', '/v0/policies/{name}', 'admin'],
      ['post', '/v0/verdicts', 'ingest'],
    ] as const;
    for (const [method, path, scope] of writes) {
      expect(document.paths[path][method].security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
      expect(document.paths[path][method]['x-required-scope'], `${method} ${path}`).toBe(scope);
    }
    for (const path of ['/v0/documents', '/v0/package/{purl}', '/analysis/dependencies']) {
      expect(document.paths[path].get.security, path).toEqual([{}, { bearerAuth: [] }]);
      expect(document.paths[path].get['x-required-scope']).toBeUndefined();
    }
    expect(document.paths['/v0/query/vulns'].post.security).toEqual([{}, { bearerAuth: [] }]);
    expect(Object.keys(document.paths['/v0/audit'].get.responses)).toEqual(
      expect.arrayContaining(['401', '403', '429']),
    );
    expect(document.paths['/healthz'].get.security).toEqual([]);
    expect(document.paths['/readyz'].get.security).toEqual([]);
  });

  it('describes the batch questions as POST with a JSON body, answers without ETag, 413 and 415', () => {
    const paths = doc.paths as unknown as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, unknown> }; responses: Record<string, ResponseEntry> }>
    >;
    for (const path of ['/v0/query/vulns', '/v0/query/dependencies']) {
      expect(Object.keys(paths[path])).toEqual(['post']);
      const op = paths[path].post;
      expect(Object.keys(op.requestBody?.content ?? {})).toEqual(['application/json']);
      expect(Object.keys(op.responses['200'].headers ?? {})).toEqual(['X-Request-Id']);
      expect(op.responses['304']).toBeUndefined();
      expect(op.responses['413']).toEqual({ $ref: '#/components/responses/PayloadTooLarge' });
      expect(op.responses['415']).toEqual({ $ref: '#/components/responses/UnsupportedMediaType' });
      expect(op.responses['404']).toBeUndefined();
    }
  });

  it('has license, description and servers', () => {
    expect(doc.info.license).toEqual({ name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' });
    expect(doc.info.description).toMatch(/HEAD/);
    expect(doc.servers[0].url).toBe('http://{host}:{port}');
  });

  it('gives errors as shared problem+json responses and /healthz as text/plain', () => {
    const vulns = doc.paths['/v0/package/{purl}/vulns'].get.responses;
    expect(Object.keys(vulns).sort()).toEqual(
      ['200', '304', '400', '401', '404', '405', '408', '413', '414', '429', '431', '500', '502', '503'].sort(),
    );
    expect(vulns['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(Object.keys(doc.components.responses.NotFound.content ?? {})).toEqual(['application/problem+json']);
    expect(Object.keys(doc.components.responses.MethodNotAllowed.headers ?? {})).toContain('Allow');
    expect(Object.keys(doc.components.responses.ServiceUnavailable.headers ?? {})).toContain('Retry-After');
    expect(Object.keys(vulns['200'].headers ?? {}).sort()).toEqual(['ETag', 'Link', 'X-Request-Id', 'X-Total-Count']);
    expect(Object.keys(doc.paths['/healthz'].get.responses['200'].content ?? {})).toEqual(['text/plain']);
    // Only the ranking waits on a background computation, so only it has a query budget.
    expect(doc.paths['/analysis/dependencies'].get.responses['504']).toEqual({
      $ref: '#/components/responses/GatewayTimeout',
    });
    expect(doc.paths['/v0/package/{purl}/dependencies'].get.responses['504']).toBeUndefined();
    // /v0/package/{purl} answers an empty list, never 404, for a purl nothing matches.
    expect(doc.paths['/v0/package/{purl}'].get.responses['404']).toBeUndefined();
  });
});
