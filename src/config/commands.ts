// What each command takes: its settings (from the table), its arguments and its own flags
// (output and selection options that have no environment variable). load.ts builds commander's
// program from this table, so the help, the parsing and the typed result cannot drift apart.
import type { SettingName } from './settings.js';

/** A flag of one command only: a switch, or a value with an optional default. */
export interface CommandFlag {
  readonly flag: string;
  readonly description: string;
  readonly defaultValue?: string;
  readonly required?: true;
}

export interface CommandSpec {
  readonly description: string;
  readonly settings: readonly SettingName[];
  /** commander's argument syntax (`<paths...>`, `<digest>`) with its description. */
  readonly argument?: readonly [string, string];
  readonly flags?: Readonly<Record<string, CommandFlag>>;
}

const PG = ['pgPoolSize', 'pgConnectTimeout', 'pgStatementTimeout'] as const;
const PG_ADMIN = ['pgConnectTimeout', 'pgStatementTimeout', 'pgStartupWait'] as const;
const SIGNATURES = ['trustedKeys', 'sigstoreTrustedRoot', 'requireSignedProvenance'] as const;
const JSON_FLAG = (what: string): CommandFlag => ({ flag: '--json', description: `print ${what} as JSON` });
const DIGEST: readonly [string, string] = ['<digest>', 'sha256:<64 hex> (or the 64 hex digits alone)'];

/** What `ingest` says about the builds its SBOMs are (docs/api.md, "Projects and builds"). */
const BUILD_FLAGS = {
  project: {
    flag: '--project <name>',
    description: 'the project the SBOMs are builds of (default: derived from each subject)',
  },
  buildVersion: { flag: '--build-version <version>', description: "the builds' version (default: the subject's)" },
  commit: { flag: '--commit <sha>', description: 'the commit the builds were made from' },
  branch: { flag: '--branch <name>', description: 'the branch the builds were made from' },
  buildUrl: { flag: '--build-url <url>', description: 'where the builds ran (a CI job URL)' },
  builtAt: { flag: '--built-at <time>', description: "when they were built (RFC 3339); orders the project's builds" },
  labels: { flag: '--labels <key=value,...>', description: 'labels set on the project, comma-separated' },
} as const satisfies Record<string, CommandFlag>;

const SERVE_SETTINGS = [
  'store',
  'host',
  'port',
  'listCap',
  'maxPageSize',
  'refreshInterval',
  'feedCheckInterval',
  'logLevel',
  ...PG,
  'pgStartupWait',
  'requestTimeout',
  'headersTimeout',
  'keepAliveTimeout',
  'maxConnections',
  'maxConnectionsPerAddress',
  'maxHeaderSize',
  'queryBudget',
  'maxEventLoopDelay',
  'drainTimeout',
  'readAccess',
  'allowedHosts',
  'rateLimit',
  'anonymousRateLimit',
  'trustProxy',
  'corsOrigin',
  'compressThreshold',
  'maxDocumentSize',
  'maxBatchInputs',
  'bodyBudget',
  ...SIGNATURES,
] as const satisfies readonly SettingName[];

/** Commands by their path (`documents list` is the subcommand list of documents). */
export const COMMANDS = {
  serve: { description: 'serve the REST API over the store', settings: SERVE_SETTINGS },
  init: {
    description:
      'create an empty store (a directory, or the schema in an existing PostgreSQL database); on a store that exists, nothing changes but a schema migration',
    settings: ['store', ...PG_ADMIN],
    flags: { json: JSON_FLAG('the outcome') },
  },
  ingest: {
    description: 'ingest documents (files, directories recursively, "-" for stdin) into the store',
    settings: ['store', 'collector', 'maxDocumentSize', 'pipeWait', 'origin', ...SIGNATURES, ...PG],
    argument: ['<paths...>', 'files, directories or - for stdin, ingested in argument order'],
    flags: {
      json: JSON_FLAG('the summary'),
      quiet: { flag: '--quiet', description: 'no progress bar' },
      ...BUILD_FLAGS,
    },
  },
  stats: {
    description: 'print what the store holds',
    settings: ['store', ...PG],
    flags: { json: { flag: '--json', description: 'print the figures as one JSON object' } },
  },
  openapi: {
    description: 'print the OpenAPI document the server serves at /openapi.json (no store needed)',
    settings: [],
    flags: { out: { flag: '--out <file>', description: 'write it to this file instead of stdout' } },
  },
  'documents list': {
    description: 'list the documents in the store, newest first',
    settings: ['store', ...PG],
    flags: {
      format: { flag: '--format <format>', description: 'only documents of this detected format' },
      subject: {
        flag: '--subject <subject>',
        description: 'only documents about this subject (purl, digest, repository, advisory id)',
      },
      limit: { flag: '--limit <n>', description: 'documents listed at most', defaultValue: '100' },
      json: { flag: '--json', description: 'print { total, documents } as JSON' },
    },
  },
  'documents show': {
    description: 'show one document and what ingest skipped in it',
    settings: ['store', ...PG],
    argument: DIGEST,
    flags: { json: JSON_FLAG('the document') },
  },
  'documents delete': {
    description: 'delete a document and every fact only it stated',
    settings: ['store', ...PG],
    argument: DIGEST,
  },
  migrate: {
    description: 'apply the PostgreSQL schema migrations this build needs (serve and ingest only check the version)',
    settings: ['store', ...PG_ADMIN],
    flags: { json: JSON_FLAG('the outcome') },
  },
  'token create': {
    description: 'create an API token; prints it once, alone on stdout',
    settings: ['store', ...PG],
    flags: {
      name: {
        flag: '--name <name>',
        description: 'unique name: shows in the audit log, `token list` and `token revoke`',
        required: true,
      },
      scope: {
        flag: '--scope <scope>',
        description: 'read, ingest (read and upload) or admin (also delete and read the audit log)',
        required: true,
      },
      expires: {
        flag: '--expires <when>',
        description: 'a duration from now (90d, 12h, 30m) or an ISO date; default: never',
      },
    },
  },
  'token list': {
    description: 'list the tokens (never their secret or hash)',
    settings: ['store', ...PG],
    flags: { json: JSON_FLAG('them') },
  },
  'token revoke': {
    description: 'delete a token: running servers refuse it within a few seconds',
    settings: ['store', ...PG],
    argument: ['<name>', 'the name given at creation'],
  },
  check: {
    description: "judge an SBOM by the server's policies (POST /v0/verdicts): exit 0 pass or warn, 1 fail, 2 error",
    settings: [],
    argument: ['<sbom>', 'the SBOM file'],
    flags: {
      server: {
        flag: '--server <url>',
        description: 'the supplygraph server, e.g. https://sbom.example.com',
        required: true,
      },
      token: { flag: '--token <token>', description: 'an API token with the ingest scope (or SUPPLYGRAPH_TOKEN)' },
      project: { flag: '--project <name>', description: 'the project the SBOM is a build of (default: derived)' },
      store: { flag: '--store', description: 'store the SBOM as an upload before judging it' },
      json: JSON_FLAG('the verdict'),
    },
  },
  'policies list': {
    description: 'list the policies builds are judged by',
    settings: ['store', ...PG],
    flags: { json: JSON_FLAG('them') },
  },
  'policies set': {
    description: 'create or replace a policy (a CEL expression, compiled first)',
    settings: ['store', ...PG],
    argument: ['<name>', 'the policy name'],
    flags: {
      expression: { flag: '--expression <cel>', description: 'true when a build breaks the rule', required: true },
      subject: { flag: '--subject <subject>', description: 'finding (default: vuln.* and component.*) or component' },
      action: { flag: '--action <action>', description: 'fail (default) or warn' },
      project: { flag: '--project <name>', description: 'only for builds of this project' },
      label: { flag: '--label <key=value>', description: 'only for projects with this label' },
    },
  },
  'policies delete': {
    description: 'delete a policy',
    settings: ['store', ...PG],
    argument: ['<name>', 'the policy name'],
  },
  'feeds list': {
    description: 'list the feeds the server keeps current, with their last sync',
    settings: ['store', ...PG],
    flags: { json: JSON_FLAG('them') },
  },
  'feeds add': {
    description: 'add a feed, or change one (it is due at once)',
    settings: ['store', ...PG],
    argument: ['<name>', 'the feed name'],
    flags: {
      kind: { flag: '--kind <kind>', description: 'osv-archive, osv-records, kev or epss', required: true },
      source: { flag: '--source <url-or-path>', description: 'an http(s) URL or an absolute path', required: true },
      interval: { flag: '--interval <seconds>', description: 'seconds between syncs (default 86400, a day)' },
    },
  },
  'feeds remove': {
    description: 'remove a feed (what it stored stays)',
    settings: ['store', ...PG],
    argument: ['<name>', 'the feed name'],
  },
  'feeds sync': {
    description: 'sync the named feed now, or every feed that is due, in this process',
    settings: ['store', ...PG],
    argument: ['[name]', 'the feed name (default: every feed due)'],
  },
  'exploitation list': {
    description: 'list the KEV and EPSS data loaded',
    settings: ['store', ...PG],
    flags: { json: JSON_FLAG('them') },
  },
  'exploitation kev': {
    description: 'replace the KEV catalogue with a file (CISA JSON, gzip accepted)',
    settings: ['store', ...PG],
    argument: ['<file>', 'the catalogue, e.g. known_exploited_vulnerabilities.json'],
  },
  'exploitation epss': {
    description: "replace the EPSS scores with a file (FIRST's CSV, gzip accepted)",
    settings: ['store', ...PG],
    argument: ['<file>', 'the scores, e.g. epss_scores-2026-11-28.csv.gz'],
  },
  'projects list': {
    description: 'list the projects with their latest build, by name',
    settings: ['store', ...PG],
    flags: {
      name: { flag: '--name <prefix>', description: 'only projects whose name starts with this' },
      label: { flag: '--label <key=value>', description: 'only projects with this label' },
      limit: { flag: '--limit <n>', description: 'projects listed at most', defaultValue: '100' },
      json: { flag: '--json', description: 'print { total, unassigned, projects } as JSON' },
    },
  },
  'projects show': {
    description: 'show one project: its labels and builds, newest first',
    settings: ['store', ...PG],
    argument: ['<name>', 'the project name'],
    flags: {
      limit: { flag: '--limit <n>', description: 'builds listed at most', defaultValue: '20' },
      json: JSON_FLAG('the project and its builds'),
    },
  },
  'projects move': {
    description: 'move the build an SBOM document is to another project (created when new)',
    settings: ['store', ...PG],
    argument: DIGEST,
    flags: { to: { flag: '--to <project>', description: 'the project it moves to', required: true } },
  },
  audit: {
    description: 'print the newest records of the audit log, newest first',
    settings: ['store', ...PG],
    flags: {
      limit: { flag: '--limit <n>', description: 'records to print', defaultValue: '50' },
      json: JSON_FLAG('them'),
    },
  },
} as const satisfies Record<string, CommandSpec>;

/** The groups that hold subcommands, with their own description. */
export const COMMAND_GROUPS: Readonly<Record<string, string>> = {
  documents: 'list, show or delete the documents in the store',
  token: 'manage the API tokens of the store (shared by every server on it)',
  policies: 'list, set or delete the policies builds are judged by (docs/api.md, "Policies and verdicts")',
  projects: 'list or show the projects (the builds of one service over time), or move a build',
  feeds: 'add, list, remove or sync the feeds the server keeps current (docs/api.md, "Feeds")',
  exploitation: 'list or replace the KEV catalogue and EPSS scores (docs/api.md, "Exploitation: KEV and EPSS")',
};

export type CommandName = keyof typeof COMMANDS;
