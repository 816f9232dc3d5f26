// Every setting, its flag, its environment variable and its default, in one table (the CLI
// builds its options from it and the README documents it).

export interface Setting {
  flag: string;
  env: string;
  /** Absent: the option is unset unless given. */
  defaultValue?: string;
  description: string;
}

export const SETTINGS = {
  store: {
    flag: '--store <location>',
    env: 'SUPPLYGRAPH_STORE',
    defaultValue: './supplygraph-data',
    description: 'store directory (embedded SQLite store) or postgres://user@host:port/db URL (PostgreSQL store)',
  },
  host: {
    flag: '--host <host>',
    env: 'SUPPLYGRAPH_HOST',
    defaultValue: '127.0.0.1',
    description: 'address to listen on',
  },
  port: { flag: '--port <port>', env: 'SUPPLYGRAPH_PORT', defaultValue: '8080', description: 'TCP port to listen on' },
  listCap: {
    flag: '--list-cap <n>',
    env: 'SUPPLYGRAPH_LIST_CAP',
    defaultValue: '100000',
    description: 'longest list returned whole without PageSize; longer lists come paged',
  },
  maxPageSize: {
    flag: '--max-page-size <n>',
    env: 'SUPPLYGRAPH_MAX_PAGE_SIZE',
    defaultValue: '100000',
    description: 'largest PageSize accepted',
  },
  refreshInterval: {
    flag: '--refresh-interval <ms>',
    env: 'SUPPLYGRAPH_REFRESH_INTERVAL',
    defaultValue: '1000',
    description: 'how often the server looks for documents ingested by other processes (0: never)',
  },
  logLevel: {
    flag: '--log-level <level>',
    env: 'SUPPLYGRAPH_LOG_LEVEL',
    defaultValue: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent',
  },
  requestTimeout: {
    flag: '--request-timeout <ms>',
    env: 'SUPPLYGRAPH_REQUEST_TIMEOUT',
    defaultValue: '30000',
    description:
      'time a client has to send a whole request (line, headers, any body); then 408 and the connection closes',
  },
  headersTimeout: {
    flag: '--headers-timeout <ms>',
    env: 'SUPPLYGRAPH_HEADERS_TIMEOUT',
    defaultValue: '10000',
    description: 'time a client has to send the request line and headers (at most --request-timeout)',
  },
  keepAliveTimeout: {
    flag: '--keep-alive-timeout <ms>',
    env: 'SUPPLYGRAPH_KEEP_ALIVE_TIMEOUT',
    defaultValue: '72000',
    description: 'an idle keep-alive connection is closed after this long',
  },
  maxConnections: {
    flag: '--max-connections <n>',
    env: 'SUPPLYGRAPH_MAX_CONNECTIONS',
    defaultValue: '4096',
    description:
      'open connections at once; further ones are closed as soon as they are accepted (the last 1/16, at most 64, is kept for client addresses that hold none)',
  },
  maxConnectionsPerAddress: {
    flag: '--max-connections-per-address <n>',
    env: 'SUPPLYGRAPH_MAX_CONNECTIONS_PER_ADDRESS',
    defaultValue: '256',
    description:
      'open connections one client address may hold; further ones get 503 with Retry-After and are closed (0: no cap)',
  },
  maxHeaderSize: {
    flag: '--max-header-size <bytes>',
    env: 'SUPPLYGRAPH_MAX_HEADER_SIZE',
    defaultValue: '16384',
    description: 'largest request line plus headers; a longer request line is 414, longer headers 431',
  },
  queryBudget: {
    flag: '--query-budget <ms>',
    env: 'SUPPLYGRAPH_QUERY_BUDGET',
    defaultValue: '30000',
    description: 'longest a request waits for a result being computed in the background (504 past it)',
  },
  maxEventLoopDelay: {
    flag: '--max-event-loop-delay <ms>',
    env: 'SUPPLYGRAPH_MAX_EVENT_LOOP_DELAY',
    defaultValue: '1000',
    description: 'mean event-loop delay past which requests are shed with 503 and Retry-After (0: never)',
  },
  drainTimeout: {
    flag: '--drain-timeout <ms>',
    env: 'SUPPLYGRAPH_DRAIN_TIMEOUT',
    defaultValue: '30000',
    description: 'on SIGTERM/SIGINT, how long responses under way may take to finish before connections are cut',
  },
  collector: {
    flag: '--collector <name>',
    env: 'SUPPLYGRAPH_COLLECTOR',
    defaultValue: 'supplygraph-cli',
    description: 'collector recorded on ingested facts',
  },
  pgPoolSize: {
    flag: '--pg-pool-size <n>',
    env: 'SUPPLYGRAPH_PG_POOL_SIZE',
    defaultValue: '10',
    description: "PostgreSQL: connections in this process's pool",
  },
  pgConnectTimeout: {
    flag: '--pg-connect-timeout <seconds>',
    env: 'SUPPLYGRAPH_PG_CONNECT_TIMEOUT',
    defaultValue: '10',
    description: 'PostgreSQL: seconds to wait for a connection to open',
  },
  pgStatementTimeout: {
    flag: '--pg-statement-timeout <ms>',
    env: 'SUPPLYGRAPH_PG_STATEMENT_TIMEOUT',
    defaultValue: '30000',
    description: 'PostgreSQL: server-side budget of one statement (0: none; index loads are exempt)',
  },
  pgStartupWait: {
    flag: '--pg-startup-wait <ms>',
    env: 'SUPPLYGRAPH_PG_STARTUP_WAIT',
    defaultValue: '60000',
    description:
      'PostgreSQL: how long serve and migrate retry, with backoff, while the database does not answer (0: fail at once)',
  },
  maxBatchInputs: {
    flag: '--max-batch-inputs <n>',
    env: 'SUPPLYGRAPH_MAX_BATCH_INPUTS',
    defaultValue: '1000',
    description:
      'most purls and digests one POST /v0/query/* request may name (more is 413); its body may be 1 KiB per input plus 64 KiB',
  },
  bodyBudget: {
    flag: '--body-budget <bytes>',
    env: 'SUPPLYGRAPH_BODY_BUDGET',
    defaultValue: String(32 * 1024 * 1024),
    description:
      'bytes of request bodies held in memory at once (a batch question counted by its Content-Length, an upload in progress 256 KiB, until answered); past it 503 with Retry-After. At least the largest batch body',
  },
  maxDocumentSize: {
    flag: '--max-document-size <bytes>',
    env: 'SUPPLYGRAPH_MAX_DOCUMENT_SIZE',
    defaultValue: String(256 * 1024 * 1024),
    description: 'larger documents are refused',
  },
  pipeWait: {
    flag: '--pipe-wait <ms>',
    env: 'SUPPLYGRAPH_PIPE_WAIT',
    defaultValue: '5000',
    description: 'how long a named pipe may go without a writer before it is refused',
  },
  readAccess: {
    flag: '--read-access <mode>',
    env: 'SUPPLYGRAPH_READ_ACCESS',
    description:
      'open: reads need no token; token: every request but /healthz and /readyz needs one (default: open when listening only on loopback, token otherwise)',
  },
  allowedHosts: {
    flag: '--allowed-hosts <hosts>',
    env: 'SUPPLYGRAPH_ALLOWED_HOSTS',
    description:
      'comma-separated Host names accepted besides the loopback ones while reads are open on loopback (others get 421; *: any)',
  },
  corsOrigin: {
    flag: '--cors-origin <origins>',
    env: 'SUPPLYGRAPH_CORS_ORIGIN',
    description: 'comma-separated origins allowed to call the API from a browser (default: none, CORS off)',
  },
  rateLimit: {
    flag: '--rate-limit <n>',
    env: 'SUPPLYGRAPH_RATE_LIMIT',
    defaultValue: '6000',
    description: 'requests per minute per API token (0: no limit)',
  },
  anonymousRateLimit: {
    flag: '--anonymous-rate-limit <n>',
    env: 'SUPPLYGRAPH_ANONYMOUS_RATE_LIMIT',
    description:
      'requests per minute per client address without a token (0: no limit; default: none while reads are open on loopback, else 6000)',
  },
  trustProxy: {
    flag: '--trust-proxy <proxies>',
    env: 'SUPPLYGRAPH_TRUST_PROXY',
    description:
      'reverse proxies whose X-Forwarded-For names the client (rate limit, audit log): comma-separated addresses, CIDR ranges or loopback/linklocal/uniquelocal, or a number of hops (default: none, the socket address)',
  },
  compressThreshold: {
    flag: '--compress-threshold <bytes>',
    env: 'SUPPLYGRAPH_COMPRESS_THRESHOLD',
    defaultValue: '8192',
    description: 'answers at least this large are compressed when the client accepts gzip, deflate or br',
  },
  trustedKeys: {
    flag: '--trusted-keys <path>',
    env: 'SUPPLYGRAPH_TRUSTED_KEYS',
    description:
      'PEM public key file, or directory of them (ECDSA, Ed25519, RSA), that DSSE provenance signatures are verified with',
  },
  sigstoreTrustedRoot: {
    flag: '--sigstore-trusted-root <file>',
    env: 'SUPPLYGRAPH_SIGSTORE_TRUSTED_ROOT',
    description:
      'Sigstore trusted_root.json that Sigstore bundles are verified against, offline (e.g. sigstore/root-signing targets/trusted_root.json)',
  },
  requireSignedProvenance: {
    flag: '--require-signed-provenance',
    env: 'SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE',
    description:
      'refuse provenance whose signature is not verified by --trusted-keys or --sigstore-trusted-root (environment: true/1)',
  },
  origin: {
    flag: '--origin <uri>',
    env: 'SUPPLYGRAPH_ORIGIN',
    description: 'origin recorded for the one source ingested, in place of its path (e.g. for stdin)',
  },
} as const satisfies Record<string, Setting>;

export function positiveInteger(name: string, value: string, allowZero = false): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1))
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${value}"`);
  return n;
}

/** Loopback hosts: a server listening only there is reachable from this machine alone. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The anonymous rate limit when none is given: none for open reads on the user's own machine. */
export const EXPOSED_ANONYMOUS_RATE_LIMIT = 6000;
