// The command line: the configuration read once (config/load.ts), then the command it names run.
// Each command returns an exit code; an error ends the command with one line naming its cause.
import { readFileSync } from 'node:fs';
import type { CommandName } from '../config/commands.js';
import { loadConfig, type AnyInvocation, type Invocation } from '../config/load.js';
import { positiveInteger } from '../config/values.js';
import { setStoreDefaults } from '../store/open.js';
import { runAudit } from './audit.js';
import { runDocumentDelete, runDocumentList, runDocumentShow } from './documents.js';
import { ingestCommand } from './ingest.js';
import { runInit } from './init.js';
import { runMigrate } from './migrate.js';
import { runCheck } from './check.js';
import { runFeedAdd, runFeedList, runFeedRemove, runFeedSync } from './feeds.js';
import { runExploitationImport, runExploitationList } from './exploitation.js';
import { runPolicyDelete, runPolicyList, runPolicySet } from './policies.js';
import { runProjectList, runProjectMove, runProjectShow } from './projects.js';
import { runOpenApi } from './openapi.js';
import { serveCommand } from './serve.js';
import { runStats } from './stats.js';
import { storeOptionsOf } from './store-options.js';
import { parseExpires, parseScope, parseTokenName, runTokenCreate, runTokenList, runTokenRevoke } from './tokens.js';

/** The version of the installed package (package.json sits two levels above dist/cli/). */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

type Runner<C extends CommandName> = (invocation: Invocation<C>) => Promise<number>;

/** A command on an existing store: its PostgreSQL settings become the store's defaults first. */
function onStore<C extends CommandName>(run: Runner<C>): Runner<C> {
  return (invocation) => {
    setStoreDefaults(storeOptionsOf(invocation.settings));
    return run(invocation);
  };
}

const RUNNERS: { readonly [C in CommandName]: Runner<C> } = {
  serve: serveCommand,
  init: ({ settings, flags }) => runInit(settings.store, storeOptionsOf(settings), flags.json),
  ingest: onStore(ingestCommand),
  stats: onStore(({ settings, flags }) => runStats(settings.store, flags.json)),
  openapi: ({ flags }) => runOpenApi(flags.out),
  'documents list': onStore(({ settings, flags }) =>
    runDocumentList(settings.store, {
      ...(flags.format === undefined ? {} : { format: flags.format }),
      ...(flags.subject === undefined ? {} : { subject: flags.subject }),
      limit: positiveInteger('--limit', flags.limit),
      json: flags.json,
    }),
  ),
  'documents show': onStore(({ settings, args, flags }) => runDocumentShow(settings.store, args[0], flags.json)),
  'documents delete': onStore(({ settings, args }) => runDocumentDelete(settings.store, args[0])),
  migrate: ({ settings, flags }) => runMigrate(settings.store, storeOptionsOf(settings), flags.json),
  'token create': onStore(({ settings, flags }) =>
    runTokenCreate(settings.store, {
      name: parseTokenName(flags.name),
      scope: parseScope(flags.scope),
      expiresAt: flags.expires === undefined ? null : parseExpires(flags.expires),
    }),
  ),
  'token list': onStore(({ settings, flags }) => runTokenList(settings.store, flags.json)),
  'token revoke': onStore(({ settings, args }) => runTokenRevoke(settings.store, args[0])),
  check: ({ args, flags }) =>
    runCheck(args[0], {
      server: flags.server,
      ...((flags.token ?? process.env.SUPPLYGRAPH_TOKEN)
        ? { token: flags.token ?? process.env.SUPPLYGRAPH_TOKEN }
        : {}),
      ...(flags.project === undefined ? {} : { project: flags.project }),
      store: flags.store,
      json: flags.json,
    }),
  'policies list': onStore(({ settings, flags }) => runPolicyList(settings.store, flags.json)),
  'policies set': onStore(({ settings, args, flags }) =>
    runPolicySet(settings.store, args[0], {
      expression: flags.expression,
      ...(flags.subject === undefined ? {} : { subject: flags.subject }),
      ...(flags.action === undefined ? {} : { action: flags.action }),
      ...(flags.project === undefined ? {} : { project: flags.project }),
      ...(flags.label === undefined ? {} : { label: flags.label }),
    }),
  ),
  'policies delete': onStore(({ settings, args }) => runPolicyDelete(settings.store, args[0])),
  'feeds list': onStore(({ settings, flags }) => runFeedList(settings.store, flags.json)),
  'feeds add': onStore(({ settings, args, flags }) =>
    runFeedAdd(settings.store, args[0], {
      kind: flags.kind,
      source: flags.source,
      ...(flags.interval === undefined ? {} : { interval: flags.interval }),
    }),
  ),
  'feeds remove': onStore(({ settings, args }) => runFeedRemove(settings.store, args[0])),
  'feeds sync': onStore(({ settings, args }) => runFeedSync(settings.store, args[0])),
  'exploitation list': onStore(({ settings, flags }) => runExploitationList(settings.store, flags.json)),
  'exploitation kev': onStore(({ settings, args }) => runExploitationImport(settings.store, 'kev', args[0])),
  'exploitation epss': onStore(({ settings, args }) => runExploitationImport(settings.store, 'epss', args[0])),
  'projects list': onStore(({ settings, flags }) =>
    runProjectList(settings.store, {
      ...(flags.name === undefined ? {} : { namePrefix: flags.name }),
      ...(flags.label === undefined ? {} : { label: flags.label }),
      limit: positiveInteger('--limit', flags.limit),
      json: flags.json,
    }),
  ),
  'projects show': onStore(({ settings, args, flags }) =>
    runProjectShow(settings.store, args[0], positiveInteger('--limit', flags.limit), flags.json),
  ),
  'projects move': onStore(({ settings, args, flags }) => runProjectMove(settings.store, args[0], flags.to)),
  audit: onStore(({ settings, flags }) =>
    runAudit(settings.store, positiveInteger('--limit', flags.limit), flags.json),
  ),
};

function run(invocation: AnyInvocation): Promise<number> {
  return (RUNNERS[invocation.command] as Runner<CommandName>)(invocation as Invocation);
}

/** `argv` as process.argv has it (node, the script, then the command line). */
export async function main(argv: string[]): Promise<number> {
  try {
    const loaded = loadConfig(argv.slice(2), process.env, packageVersion());
    return 'exitCode' in loaded ? loaded.exitCode : await run(loaded.invocation);
  } catch (err) {
    console.error(`supplygraph: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
