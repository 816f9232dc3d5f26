// The command line: serve, init, ingest, stats, migrate, token, documents, audit. Each command returns an exit code.
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import pino from 'pino';
import { positiveInteger, SETTINGS, type Setting } from '../config.js';
import { jsonText } from '../ingest/formats/common/json.js';
import { loadSignatureVerifier, type SignatureVerifier } from '../ingest/signatures/index.js';
import { setStoreDefaults, type StoreOptions } from '../store/open.js';
import { runDocumentDelete, runDocumentList, runDocumentShow } from './documents.js';
import { runIngest } from './ingest.js';
import { runInit } from './init.js';
import type { ServeOptions } from '../http/server.js';
import { DEFAULT_BATCH } from '../http/plugins/app/api-context.js';
import { batchOptionsProblem } from '../http/routes/query.js';
import { parseTrustProxy } from '../http/trust-proxy.js';
import {
  anonymousRateLimitOf,
  parseAllowedHosts,
  parseLogLevel,
  parseOrigins,
  parsePort,
  parseReadAccess,
  probeListen,
  requireExistingStore,
} from './preflight.js';
import { runAudit } from './audit.js';
import { runMigrate } from './migrate.js';
import { runOpenApi } from './openapi.js';
import { runServe } from './serve.js';
import { runStats } from './stats.js';
import { parseExpires, parseScope, parseTokenName, runTokenCreate, runTokenList, runTokenRevoke } from './tokens.js';

function option(setting: Setting): Option {
  const o = new Option(setting.flag, setting.description).env(setting.env);
  return setting.defaultValue === undefined ? o : o.default(setting.defaultValue);
}

/** A subcommand taking these settings as options (flag, environment variable, default). */
function command(program: Command, name: string, description: string, settings: readonly Setting[]): Command {
  const cmd = program.command(name).description(description);
  for (const setting of settings) cmd.addOption(option(setting));
  return cmd;
}

/** The version of the installed package (package.json sits two levels above dist/cli/). */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** PostgreSQL settings from a command's options (ignored by the embedded store). */
function storeOptions(o: Record<string, unknown>): StoreOptions {
  const num = (flag: string, v: unknown, fallback: number, allowZero = true): number =>
    v === undefined ? fallback : positiveInteger(flag, jsonText(v), allowZero);
  return {
    poolSize: num('--pg-pool-size', o.pgPoolSize, 10, false),
    connectTimeoutSeconds: num('--pg-connect-timeout', o.pgConnectTimeout, 10, false),
    statementTimeoutMs: num('--pg-statement-timeout', o.pgStatementTimeout, 30_000),
    startupWaitMs: num('--pg-startup-wait', o.pgStartupWait, 0),
  };
}

const PG_OPTIONS = [SETTINGS.pgPoolSize, SETTINGS.pgConnectTimeout, SETTINGS.pgStatementTimeout];

const SIGNATURE_OPTIONS = [SETTINGS.trustedKeys, SETTINGS.sigstoreTrustedRoot, SETTINGS.requireSignedProvenance];

/**
 * The provenance signature verifier of a command's options, or undefined when none is set. A
 * boolean flag's environment variable must say true/1 or false/0 (commander takes any value as set).
 */
function signatureOptions(o: Record<string, unknown>, cmd: Command): SignatureVerifier | undefined {
  let require = o.requireSignedProvenance === true;
  const env = process.env[SETTINGS.requireSignedProvenance.env];
  if (require && env !== undefined && cmd.getOptionValueSource('requireSignedProvenance') === 'env') {
    if (!/^(true|1|false|0)$/i.test(env))
      throw new Error(`${SETTINGS.requireSignedProvenance.env} must be true, 1, false or 0, got "${env}"`);
    require = /^(true|1)$/i.test(env);
  }
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const trustedKeys = text(o.trustedKeys);
  const sigstoreTrustedRoot = text(o.sigstoreTrustedRoot);
  if (!require && trustedKeys === undefined && sigstoreTrustedRoot === undefined) return undefined;
  return loadSignatureVerifier({ trustedKeys, sigstoreTrustedRoot, requireSignedProvenance: require });
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command('supplygraph')
    .description('A REST service over a graph of software supply-chain metadata')
    .version(packageVersion(), '-V, --version', 'print the version')
    .exitOverride()
    .showHelpAfterError();

  command(program, 'serve', 'serve the REST API over the store', [
    SETTINGS.store,
    SETTINGS.host,
    SETTINGS.port,
    SETTINGS.listCap,
    SETTINGS.maxPageSize,
    SETTINGS.refreshInterval,
    SETTINGS.logLevel,
    SETTINGS.pgPoolSize,
    SETTINGS.pgConnectTimeout,
    SETTINGS.pgStatementTimeout,
    SETTINGS.pgStartupWait,
    SETTINGS.requestTimeout,
    SETTINGS.headersTimeout,
    SETTINGS.keepAliveTimeout,
    SETTINGS.maxConnections,
    SETTINGS.maxConnectionsPerAddress,
    SETTINGS.maxHeaderSize,
    SETTINGS.queryBudget,
    SETTINGS.maxEventLoopDelay,
    SETTINGS.drainTimeout,
    SETTINGS.readAccess,
    SETTINGS.allowedHosts,
    SETTINGS.rateLimit,
    SETTINGS.anonymousRateLimit,
    SETTINGS.trustProxy,
    SETTINGS.corsOrigin,
    SETTINGS.compressThreshold,
    SETTINGS.maxDocumentSize,
    SETTINGS.maxBatchInputs,
    SETTINGS.bodyBudget,
    ...SIGNATURE_OPTIONS,
  ]).action(async (o: Record<string, string | undefined>, cmd: Command) => {
    // Every option is checked, the store looked for and the port tried before the index loads.
    const text = (name: string): string => o[name] ?? '';
    const signatures = signatureOptions(o, cmd);
    const readAccess = parseReadAccess(o.readAccess, text('host'));
    const options: ServeOptions = {
      store: text('store'),
      host: text('host'),
      port: parsePort(text('port')),
      limits: {
        listCap: positiveInteger('--list-cap', text('listCap')),
        maxPageSize: positiveInteger('--max-page-size', text('maxPageSize')),
      },
      refreshIntervalMs: positiveInteger('--refresh-interval', text('refreshInterval'), true),
      logLevel: parseLogLevel(text('logLevel')),
      http: {
        requestTimeoutMs: positiveInteger('--request-timeout', text('requestTimeout')),
        headersTimeoutMs: positiveInteger('--headers-timeout', text('headersTimeout')),
        keepAliveTimeoutMs: positiveInteger('--keep-alive-timeout', text('keepAliveTimeout')),
        maxConnections: positiveInteger('--max-connections', text('maxConnections')),
        maxConnectionsPerAddress: positiveInteger(
          '--max-connections-per-address',
          text('maxConnectionsPerAddress'),
          true,
        ),
        maxHeaderSize: positiveInteger('--max-header-size', text('maxHeaderSize')),
        queryBudgetMs: positiveInteger('--query-budget', text('queryBudget')),
        maxEventLoopDelayMs: positiveInteger('--max-event-loop-delay', text('maxEventLoopDelay'), true),
        drainTimeoutMs: positiveInteger('--drain-timeout', text('drainTimeout'), true),
      },
      access: {
        readAccess,
        rateLimitPerMinute: positiveInteger('--rate-limit', text('rateLimit'), true),
        anonymousRateLimitPerMinute: anonymousRateLimitOf(o.anonymousRateLimit, readAccess, text('host')),
        trustProxy: parseTrustProxy(o.trustProxy),
      },
      uploads: {
        maxDocumentBytes: positiveInteger('--max-document-size', text('maxDocumentSize')),
        ...(signatures ? { signatures } : {}),
      },
      batch: {
        maxInputs: positiveInteger('--max-batch-inputs', text('maxBatchInputs')),
        bodyBudgetBytes: positiveInteger('--body-budget', text('bodyBudget')),
      },
      corsOrigins: parseOrigins(o.corsOrigin),
      allowedHosts: parseAllowedHosts(o.allowedHosts),
      compressThresholdBytes: positiveInteger('--compress-threshold', text('compressThreshold'), true),
    };
    const batchProblem = batchOptionsProblem({ ...DEFAULT_BATCH, ...options.batch });
    if (batchProblem !== undefined) throw new Error(batchProblem);
    const pg = storeOptions(o);
    requireExistingStore(options.store);
    await probeListen(options.host, options.port);
    // Start-up with the database down: retry with backoff for --pg-startup-wait, logging each try.
    setStoreDefaults({ ...pg, logger: pino({ level: options.logLevel }) });
    exitCode = await runServe(options);
  });

  command(
    program,
    'init',
    'create an empty store (a directory, or the schema in an existing PostgreSQL database); on a store that exists, nothing changes but a schema migration',
    [SETTINGS.store, SETTINGS.pgConnectTimeout, SETTINGS.pgStatementTimeout, SETTINGS.pgStartupWait],
  )
    .option('--json', 'print the outcome as JSON')
    .action(async (o: Record<string, string | boolean>) => {
      exitCode = await runInit(String(o.store), storeOptions(o), Boolean(o.json));
    });

  command(program, 'ingest', 'ingest documents (files, directories recursively, "-" for stdin) into the store', [
    SETTINGS.store,
    SETTINGS.collector,
    SETTINGS.maxDocumentSize,
    SETTINGS.pipeWait,
    SETTINGS.origin,
    ...SIGNATURE_OPTIONS,
    ...PG_OPTIONS,
  ])
    .argument('<paths...>', 'files, directories or - for stdin, ingested in argument order')
    .option('--json', 'print the summary as JSON')
    .option('--quiet', 'no progress bar')
    .action(async (paths: string[], o: Record<string, string | boolean | undefined>, cmd: Command) => {
      const origin = typeof o.origin === 'string' && o.origin !== '' ? o.origin : undefined;
      if (origin !== undefined && paths.length !== 1)
        throw new Error(`--origin names one source; ingest was given ${paths.length} paths`);
      const options = {
        store: String(o.store),
        collector: String(o.collector),
        maxDocumentBytes: positiveInteger('--max-document-size', String(o.maxDocumentSize)),
        pipeWaitMs: positiveInteger('--pipe-wait', String(o.pipeWait), true),
        origin,
        signatures: signatureOptions(o, cmd),
        json: Boolean(o.json),
        quiet: Boolean(o.quiet),
      };
      setStoreDefaults(storeOptions(o));
      exitCode = await runIngest(paths, options);
    });

  command(program, 'stats', 'print what the store holds', [SETTINGS.store, ...PG_OPTIONS])
    .option('--json', 'print the figures as one JSON object')
    .action(async (o: Record<string, string | boolean>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runStats(String(o.store), Boolean(o.json));
    });

  program
    .command('openapi')
    .description('print the OpenAPI document the server serves at /openapi.json (no store needed)')
    .option('--out <file>', 'write it to this file instead of stdout')
    .action(async (o: { out?: string }) => {
      exitCode = await runOpenApi(o.out);
    });

  const documents = program.command('documents').description('list, show or delete the documents in the store');
  command(documents, 'list', 'list the documents in the store, newest first', [SETTINGS.store, ...PG_OPTIONS])
    .option('--format <format>', 'only documents of this detected format')
    .option('--subject <subject>', 'only documents about this subject (purl, digest, repository, advisory id)')
    .option('--limit <n>', 'documents listed at most', '100')
    .option('--json', 'print { total, documents } as JSON')
    .action(async (o: Record<string, string | boolean | undefined>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runDocumentList(String(o.store), {
        ...(typeof o.format === 'string' ? { format: o.format } : {}),
        ...(typeof o.subject === 'string' ? { subject: o.subject } : {}),
        limit: positiveInteger('--limit', String(o.limit)),
        json: Boolean(o.json),
      });
    });
  command(documents, 'show', 'show one document and what ingest skipped in it', [SETTINGS.store, ...PG_OPTIONS])
    .argument('<digest>', 'sha256:<64 hex> (or the 64 hex digits alone)')
    .option('--json', 'print the document as JSON')
    .action(async (digest: string, o: Record<string, string | boolean>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runDocumentShow(String(o.store), digest, Boolean(o.json));
    });
  command(documents, 'delete', 'delete a document and every fact only it stated', [SETTINGS.store, ...PG_OPTIONS])
    .argument('<digest>', 'sha256:<64 hex> (or the 64 hex digits alone)')
    .action(async (digest: string, o: Record<string, string | boolean>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runDocumentDelete(String(o.store), digest);
    });

  command(
    program,
    'migrate',
    'apply the PostgreSQL schema migrations this build needs (serve and ingest only check the version)',
    [SETTINGS.store, SETTINGS.pgConnectTimeout, SETTINGS.pgStatementTimeout, SETTINGS.pgStartupWait],
  )
    .option('--json', 'print the outcome as JSON')
    .action(async (o: Record<string, string | boolean>) => {
      exitCode = await runMigrate(String(o.store), storeOptions(o), Boolean(o.json));
    });

  const token = program
    .command('token')
    .description('manage the API tokens of the store (shared by every server on it)');
  command(token, 'create', 'create an API token; prints it once, alone on stdout', [SETTINGS.store, ...PG_OPTIONS])
    .requiredOption('--name <name>', 'unique name: shows in the audit log, `token list` and `token revoke`')
    .requiredOption('--scope <scope>', 'read, ingest (read and upload) or admin (also delete and read the audit log)')
    .option('--expires <when>', 'a duration from now (90d, 12h, 30m) or an ISO date; default: never')
    .action(async (o: Record<string, string | undefined>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runTokenCreate(String(o.store), {
        name: parseTokenName(o.name ?? ''),
        scope: parseScope(o.scope ?? ''),
        expiresAt: o.expires === undefined ? null : parseExpires(o.expires),
      });
    });
  command(token, 'list', 'list the tokens (never their secret or hash)', [SETTINGS.store, ...PG_OPTIONS])
    .option('--json', 'print them as JSON')
    .action(async (o: Record<string, string | boolean>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runTokenList(String(o.store), Boolean(o.json));
    });
  command(token, 'revoke', 'delete a token: running servers refuse it within a few seconds', [
    SETTINGS.store,
    ...PG_OPTIONS,
  ])
    .argument('<name>', 'the name given at creation')
    .action(async (name: string, o: Record<string, string | boolean>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runTokenRevoke(String(o.store), name);
    });

  command(program, 'audit', 'print the newest records of the audit log, newest first', [SETTINGS.store, ...PG_OPTIONS])
    .option('--limit <n>', 'records to print', '50')
    .option('--json', 'print them as JSON')
    .action(async (o: Record<string, string | boolean>) => {
      setStoreDefaults(storeOptions(o));
      exitCode = await runAudit(String(o.store), positiveInteger('--limit', String(o.limit)), Boolean(o.json));
    });

  try {
    await program.parseAsync(argv);
  } catch (err) {
    const code = (err as { exitCode?: number; code?: string }).exitCode;
    if (typeof code === 'number') return code; // commander already printed help or the usage error
    console.error(`supplygraph: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  return exitCode;
}
