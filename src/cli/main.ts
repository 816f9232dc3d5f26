// The command line: serve, ingest, stats. Each command returns an exit code.
import { Command, Option } from 'commander';
import { positiveInteger, SETTINGS, type Setting } from '../config.js';
import { runIngest } from './ingest.js';
import { runServe } from './serve.js';
import { runStats } from './stats.js';

function option(setting: Setting): Option {
  return new Option(setting.flag, setting.description).env(setting.env).default(setting.defaultValue);
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command('supplygraph')
    .description('A read-only REST service over a graph of software supply-chain metadata')
    .exitOverride()
    .showHelpAfterError();

  program.command('serve')
    .description('serve the read-only REST API over the store')
    .addOption(option(SETTINGS.store)).addOption(option(SETTINGS.host)).addOption(option(SETTINGS.port))
    .addOption(option(SETTINGS.listCap)).addOption(option(SETTINGS.maxPageSize))
    .addOption(option(SETTINGS.refreshInterval)).addOption(option(SETTINGS.logLevel))
    .action(async (o: Record<string, string>) => {
      exitCode = await runServe({
        store: o.store, host: o.host, port: positiveInteger('--port', o.port),
        limits: { listCap: positiveInteger('--list-cap', o.listCap), maxPageSize: positiveInteger('--max-page-size', o.maxPageSize) },
        refreshIntervalMs: positiveInteger('--refresh-interval', o.refreshInterval, true), logLevel: o.logLevel,
      });
    });

  program.command('ingest')
    .description('ingest documents (files, directories recursively, "-" for stdin) into the store')
    .argument('<paths...>', 'files, directories or - for stdin, ingested in argument order')
    .addOption(option(SETTINGS.store)).addOption(option(SETTINGS.collector)).addOption(option(SETTINGS.maxDocumentSize))
    .option('--json', 'print the summary as JSON')
    .option('--quiet', 'no progress bar')
    .action(async (paths: string[], o: Record<string, string | boolean>) => {
      exitCode = await runIngest(paths, {
        store: String(o.store), collector: String(o.collector),
        maxDocumentBytes: positiveInteger('--max-document-size', String(o.maxDocumentSize)),
        json: Boolean(o.json), quiet: Boolean(o.quiet),
      });
    });

  program.command('stats')
    .description('print what the store holds')
    .addOption(option(SETTINGS.store))
    .action(async (o: Record<string, string>) => { exitCode = await runStats(o.store); });

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
