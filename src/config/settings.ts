// Every setting in one typed table: its flag, its environment variable, its default and how its
// text is read (README, "Configuration"). The CLI builds its options from it (load.ts); the app's
// own defaults come from it too (defaults.ts), so a server built without the CLI behaves alike.
import { integer, optionalText, parsed, text, toggle, type Setting, type ValueOf } from './setting.js';
import {
  parseAllowedHosts,
  parseLogLevel,
  parseOrigins,
  parsePort,
  parseReadAccess,
  parseTrustProxy,
  positiveInteger,
  type ReadAccess,
  type TrustProxy,
} from './values.js';

export const SETTINGS = {
  store: text({
    flag: '--store <location>',
    env: 'SUPPLYGRAPH_STORE',
    description: 'store directory (embedded SQLite store) or postgres://user@host:port/db URL (PostgreSQL store)',
    defaultValue: './supplygraph-data',
  }),
  host: text({
    flag: '--host <host>',
    env: 'SUPPLYGRAPH_HOST',
    description: 'address to listen on',
    defaultValue: '127.0.0.1',
  }),
  port: parsed({
    flag: '--port <port>',
    env: 'SUPPLYGRAPH_PORT',
    description: 'TCP port to listen on',
    defaultValue: 8080,
    parse: parsePort,
  }),
  listCap: integer({
    flag: '--list-cap <n>',
    env: 'SUPPLYGRAPH_LIST_CAP',
    description: 'longest list returned whole without PageSize; longer lists come paged',
    defaultValue: 100_000,
  }),
  maxPageSize: integer({
    flag: '--max-page-size <n>',
    env: 'SUPPLYGRAPH_MAX_PAGE_SIZE',
    description: 'largest PageSize accepted',
    defaultValue: 100_000,
  }),
  refreshInterval: integer({
    flag: '--refresh-interval <ms>',
    env: 'SUPPLYGRAPH_REFRESH_INTERVAL',
    description: 'how often the server looks for documents ingested by other processes (0: never)',
    defaultValue: 1_000,
    allowZero: true,
  }),
  feedCheckInterval: integer({
    flag: '--feed-check-interval <ms>',
    env: 'SUPPLYGRAPH_FEED_CHECK_INTERVAL',
    description: 'how often the server looks for feeds due a sync (0: only when asked)',
    defaultValue: 60_000,
    allowZero: true,
  }),
  logLevel: parsed({
    flag: '--log-level <level>',
    env: 'SUPPLYGRAPH_LOG_LEVEL',
    description: 'fatal, error, warn, info, debug, trace or silent',
    defaultValue: 'info',
    parse: parseLogLevel,
  }),
  requestTimeout: integer({
    flag: '--request-timeout <ms>',
    env: 'SUPPLYGRAPH_REQUEST_TIMEOUT',
    description:
      'time a client has to send a whole request (line, headers, any body); then 408 and the connection closes',
    defaultValue: 30_000,
  }),
  headersTimeout: integer({
    flag: '--headers-timeout <ms>',
    env: 'SUPPLYGRAPH_HEADERS_TIMEOUT',
    description: 'time a client has to send the request line and headers (at most --request-timeout)',
    defaultValue: 10_000,
  }),
  keepAliveTimeout: integer({
    flag: '--keep-alive-timeout <ms>',
    env: 'SUPPLYGRAPH_KEEP_ALIVE_TIMEOUT',
    description: 'an idle keep-alive connection is closed after this long',
    defaultValue: 72_000,
  }),
  maxConnections: integer({
    flag: '--max-connections <n>',
    env: 'SUPPLYGRAPH_MAX_CONNECTIONS',
    description:
      'open connections at once; further ones are closed as soon as they are accepted (the last 1/16, at most 64, is kept for client addresses that hold none)',
    defaultValue: 4_096,
  }),
  maxConnectionsPerAddress: integer({
    flag: '--max-connections-per-address <n>',
    env: 'SUPPLYGRAPH_MAX_CONNECTIONS_PER_ADDRESS',
    description:
      'open connections one client address may hold; further ones get 503 with Retry-After and are closed (0: no cap)',
    defaultValue: 256,
    allowZero: true,
  }),
  maxHeaderSize: integer({
    flag: '--max-header-size <bytes>',
    env: 'SUPPLYGRAPH_MAX_HEADER_SIZE',
    description: 'largest request line plus headers; a longer request line is 414, longer headers 431',
    defaultValue: 16_384,
  }),
  queryBudget: integer({
    flag: '--query-budget <ms>',
    env: 'SUPPLYGRAPH_QUERY_BUDGET',
    description: 'longest a request waits for a result being computed in the background (504 past it)',
    defaultValue: 30_000,
  }),
  maxEventLoopDelay: integer({
    flag: '--max-event-loop-delay <ms>',
    env: 'SUPPLYGRAPH_MAX_EVENT_LOOP_DELAY',
    description: 'mean event-loop delay past which requests are shed with 503 and Retry-After (0: never)',
    defaultValue: 1_000,
    allowZero: true,
  }),
  drainTimeout: integer({
    flag: '--drain-timeout <ms>',
    env: 'SUPPLYGRAPH_DRAIN_TIMEOUT',
    description: 'on SIGTERM/SIGINT, how long responses under way may take to finish before connections are cut',
    defaultValue: 30_000,
    allowZero: true,
  }),
  collector: text({
    flag: '--collector <name>',
    env: 'SUPPLYGRAPH_COLLECTOR',
    description: 'collector recorded on ingested facts',
    defaultValue: 'supplygraph-cli',
  }),
  pgPoolSize: integer({
    flag: '--pg-pool-size <n>',
    env: 'SUPPLYGRAPH_PG_POOL_SIZE',
    description: "PostgreSQL: connections in this process's pool",
    defaultValue: 10,
  }),
  pgConnectTimeout: integer({
    flag: '--pg-connect-timeout <seconds>',
    env: 'SUPPLYGRAPH_PG_CONNECT_TIMEOUT',
    description: 'PostgreSQL: seconds to wait for a connection to open',
    defaultValue: 10,
  }),
  pgStatementTimeout: integer({
    flag: '--pg-statement-timeout <ms>',
    env: 'SUPPLYGRAPH_PG_STATEMENT_TIMEOUT',
    description: 'PostgreSQL: server-side budget of one statement (0: none; index loads are exempt)',
    defaultValue: 30_000,
    allowZero: true,
  }),
  pgStartupWait: integer({
    flag: '--pg-startup-wait <ms>',
    env: 'SUPPLYGRAPH_PG_STARTUP_WAIT',
    description:
      'PostgreSQL: how long serve and migrate retry, with backoff, while the database does not answer (0: fail at once)',
    defaultValue: 60_000,
    allowZero: true,
  }),
  maxBatchInputs: integer({
    flag: '--max-batch-inputs <n>',
    env: 'SUPPLYGRAPH_MAX_BATCH_INPUTS',
    description:
      'most purls and digests one POST /v0/query/* request may name (more is 413); its body may be 1 KiB per input plus 64 KiB',
    defaultValue: 1_000,
  }),
  bodyBudget: integer({
    flag: '--body-budget <bytes>',
    env: 'SUPPLYGRAPH_BODY_BUDGET',
    description:
      'bytes of request bodies held in memory at once (a batch question counted by its Content-Length, an upload in progress 256 KiB, until answered); past it 503 with Retry-After. At least the largest batch body',
    defaultValue: 32 * 1024 * 1024,
  }),
  maxDocumentSize: integer({
    flag: '--max-document-size <bytes>',
    env: 'SUPPLYGRAPH_MAX_DOCUMENT_SIZE',
    description: 'larger documents are refused',
    defaultValue: 256 * 1024 * 1024,
  }),
  pipeWait: integer({
    flag: '--pipe-wait <ms>',
    env: 'SUPPLYGRAPH_PIPE_WAIT',
    description: 'how long a named pipe may go without a writer before it is refused',
    defaultValue: 5_000,
    allowZero: true,
  }),
  readAccess: parsed<ReadAccess | undefined>({
    flag: '--read-access <mode>',
    env: 'SUPPLYGRAPH_READ_ACCESS',
    description:
      'open: reads need no token; token: every request but /healthz and /readyz needs one (default: open when listening only on loopback, token otherwise)',
    defaultValue: undefined,
    parse: parseReadAccess,
  }),
  allowedHosts: parsed<readonly string[]>({
    flag: '--allowed-hosts <hosts>',
    env: 'SUPPLYGRAPH_ALLOWED_HOSTS',
    description:
      'comma-separated Host names accepted besides the loopback ones while reads are open on loopback (others get 421; *: any)',
    defaultValue: [],
    parse: parseAllowedHosts,
  }),
  corsOrigin: parsed<readonly string[]>({
    flag: '--cors-origin <origins>',
    env: 'SUPPLYGRAPH_CORS_ORIGIN',
    description: 'comma-separated origins allowed to call the API from a browser (default: none, CORS off)',
    defaultValue: [],
    parse: parseOrigins,
  }),
  rateLimit: integer({
    flag: '--rate-limit <n>',
    env: 'SUPPLYGRAPH_RATE_LIMIT',
    description: 'requests per minute per API token (0: no limit)',
    defaultValue: 6_000,
    allowZero: true,
  }),
  anonymousRateLimit: parsed<number | undefined>({
    flag: '--anonymous-rate-limit <n>',
    env: 'SUPPLYGRAPH_ANONYMOUS_RATE_LIMIT',
    description:
      'requests per minute per client address without a token (0: no limit; default: none while reads are open on loopback, else 6000)',
    defaultValue: undefined,
    parse: (t) => positiveInteger('--anonymous-rate-limit', t, true),
  }),
  trustProxy: parsed<TrustProxy | undefined>({
    flag: '--trust-proxy <proxies>',
    env: 'SUPPLYGRAPH_TRUST_PROXY',
    description:
      'reverse proxies whose X-Forwarded-For names the client (rate limit, audit log): comma-separated addresses, CIDR ranges or loopback/linklocal/uniquelocal, or a number of hops (default: none, the socket address)',
    defaultValue: undefined,
    parse: parseTrustProxy,
  }),
  compressThreshold: integer({
    flag: '--compress-threshold <bytes>',
    env: 'SUPPLYGRAPH_COMPRESS_THRESHOLD',
    description: 'answers at least this large are compressed when the client accepts gzip, deflate or br',
    defaultValue: 8_192,
    allowZero: true,
  }),
  trustedKeys: optionalText({
    flag: '--trusted-keys <path>',
    env: 'SUPPLYGRAPH_TRUSTED_KEYS',
    description:
      'PEM public key file, or directory of them (ECDSA, Ed25519, RSA), that DSSE provenance signatures are verified with',
  }),
  sigstoreTrustedRoot: optionalText({
    flag: '--sigstore-trusted-root <file>',
    env: 'SUPPLYGRAPH_SIGSTORE_TRUSTED_ROOT',
    description:
      'Sigstore trusted_root.json that Sigstore bundles are verified against, offline (e.g. sigstore/root-signing targets/trusted_root.json)',
  }),
  requireSignedProvenance: toggle({
    flag: '--require-signed-provenance',
    env: 'SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE',
    description:
      'refuse provenance whose signature is not verified by --trusted-keys or --sigstore-trusted-root (environment: true/1)',
  }),
  origin: optionalText({
    flag: '--origin <uri>',
    env: 'SUPPLYGRAPH_ORIGIN',
    description: 'origin recorded for the one source ingested, in place of its path (e.g. for stdin)',
  }),
} as const satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;

/** Every setting's typed value. */
export type SettingValues = { readonly [K in SettingName]: ValueOf<(typeof SETTINGS)[K]> };

/** Each setting's value when nothing gives one. */
export const DEFAULTS: SettingValues = Object.freeze(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.defaultValue])),
) as SettingValues;

/** The anonymous rate limit where reads are not open on loopback (docs/api.md, "Access and tokens"). */
export const EXPOSED_ANONYMOUS_RATE_LIMIT = 6000;
