// What each module of src/ may import: data flows one way,
// documents → facts (model) → store → index → query → http, with cli on top.
// Checked in the test run (test/architecture/layers.test.ts) and by `npm run lint:layers`.
/** A rule forbidding imports from a layer to anything internal outside what it may use. */
const layer = (name, from, allowed) => ({
  name,
  comment: `${from} may import only ${allowed.join(', ') || 'itself'} (docs/architecture.md)`,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: {
    path: '^src/',
    pathNot: [`^src/${from}/`, ...allowed.map((a) => (a.endsWith('.ts') ? `^src/${a}$` : `^src/${a}/`))],
  },
});

module.exports = {
  forbidden: [
    layer('model-is-the-base', 'model', []),
    // The settings table: every layer may read its typed defaults.
    layer('config-is-a-leaf', 'config', []),
    layer('vuln-is-domain-logic', 'vuln', ['model']),
    // Policies compile and test CEL expressions over what the query layer gives them.
    layer('policy-is-domain-logic', 'policy', ['model']),
    // The pipeline hands each document's facts to the store interface.
    layer('ingest-only-makes-facts', 'ingest', ['model', 'config', 'vuln', 'store/types.ts']),
    layer('store-only-persists-facts', 'store', ['model', 'config']),
    layer('index-reads-the-store-interface', 'index', ['model', 'vuln', 'store/types.ts', 'store/load-phases.ts']),
    // Answers that need the stored documents take the store port they read (GraphEvidence).
    layer('query-asks-the-graph-view', 'query', ['model', 'vuln', 'policy', 'index', 'store/types.ts']),
    // server.ts composes the process: it opens the store and starts the index service. Uploads
    // go through the one ingest pipeline, as the CLI's ingest does; the upload worker rebuilds
    // the signature verifier from its settings (ingest/signatures). KEV and EPSS files go
    // through their one import (ingest/exploitation/import.ts), as the CLI's do; feeds are synced
    // by the one sync (ingest/feeds/sync.ts) the CLI runs too.
    layer('http-answers-through-query', 'http', [
      'model',
      'query',
      'index',
      'store/types.ts',
      'store/open.ts',
      'config',
      'ingest/pipeline.ts',
      'ingest/signatures/index.ts',
      'ingest/exploitation/import.ts',
      'ingest/feeds/sync.ts',
      'ingest/feeds/fetch-source.ts',
    ]),
    {
      name: 'no-cycles',
      comment: 'modules depend on each other in one direction',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages that publish ESM only (typebox) resolve through their "import" condition.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
