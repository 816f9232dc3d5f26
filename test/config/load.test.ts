// loadConfig: the command line and the environment read once into a frozen typed value
// (README, "Configuration"): a flag beats its variable, which beats the default; an empty variable
// is unset; a bad value is refused naming the flag, or the variable it came from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/config/commands.js';
import { flagName } from '../../src/config/setting.js';
import { loadConfig, type AnyInvocation, type Invocation } from '../../src/config/load.js';
import { DEFAULTS, SETTINGS } from '../../src/config/settings.js';

function invocation(argv: string[], env: Record<string, string> = {}): AnyInvocation {
  const loaded = loadConfig(argv, env, '9.9.9');
  if (!('invocation' in loaded)) throw new Error(`exit ${loaded.exitCode}`);
  return loaded.invocation;
}

const serve = (argv: string[] = [], env: Record<string, string> = {}): Invocation<'serve'>['settings'] =>
  (invocation(['serve', ...argv], env) as Invocation<'serve'>).settings;

describe('loadConfig', () => {
  it('gives every setting of a command its typed default when nothing is given', () => {
    const settings = serve();
    expect(settings.port).toBe(8080);
    expect(settings.rateLimit).toBe(DEFAULTS.rateLimit);
    expect(settings.allowedHosts).toEqual([]);
    expect(settings.readAccess).toBeUndefined();
    expect(settings.requireSignedProvenance).toBe(false);
    expect(Object.keys(settings).sort()).toEqual([...COMMANDS.serve.settings].sort());
  });

  it('takes the flag over the environment, and the environment over the default', () => {
    expect(serve([], { SUPPLYGRAPH_PORT: '9000' }).port).toBe(9000);
    expect(serve(['--port', '9001'], { SUPPLYGRAPH_PORT: '9000' }).port).toBe(9001);
    expect(serve([], { SUPPLYGRAPH_PORT: '' }).port).toBe(8080);
    expect(serve([], { SUPPLYGRAPH_CORS_ORIGIN: 'https://ci.example.com/' }).corsOrigin).toEqual([
      'https://ci.example.com',
    ]);
  });

  it('reads the environment it is given, not the process environment', () => {
    process.env.SUPPLYGRAPH_LIST_CAP = '7';
    try {
      expect(serve().listCap).toBe(DEFAULTS.listCap);
      expect(serve([], { SUPPLYGRAPH_LIST_CAP: '8' }).listCap).toBe(8);
    } finally {
      delete process.env.SUPPLYGRAPH_LIST_CAP;
    }
  });

  it('refuses a bad value naming the flag, and the variable when it came from one', () => {
    expect(() => serve(['--list-cap', '0'])).toThrow('--list-cap must be a positive integer, got "0"');
    expect(() => serve([], { SUPPLYGRAPH_LIST_CAP: 'many' })).toThrow(
      '--list-cap must be a positive integer, got "many" (from SUPPLYGRAPH_LIST_CAP, the environment variable of --list-cap)',
    );
    expect(() => serve([], { SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE: 'maybe' })).toThrow(
      'SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE must be true, 1, false or 0, got "maybe"',
    );
  });

  it('reads a switch from its flag or its variable', () => {
    expect(serve(['--require-signed-provenance']).requireSignedProvenance).toBe(true);
    expect(serve([], { SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE: 'TRUE' }).requireSignedProvenance).toBe(true);
    expect(serve([], { SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE: '0' }).requireSignedProvenance).toBe(false);
  });

  it('returns a frozen value with the arguments and the command’s own flags', () => {
    const found = invocation(['documents', 'list', '--json', '--format', 'cyclonedx', '--store', '/s']);
    expect(found.command).toBe('documents list');
    expect(found.flags).toEqual({ format: 'cyclonedx', subject: undefined, limit: '100', json: true });
    expect(found.settings).toMatchObject({ store: '/s', pgPoolSize: DEFAULTS.pgPoolSize });
    expect(Object.isFrozen(found)).toBe(true);
    expect(Object.isFrozen(found.settings)).toBe(true);
    const ingest = invocation(['ingest', 'a.json', 'b.json']);
    expect(ingest.args).toEqual(['a.json', 'b.json']);
  });

  it('declares every setting of the table on at least one command', () => {
    const used = new Set(Object.values(COMMANDS).flatMap((c) => [...c.settings]));
    expect([...used].sort()).toEqual(Object.keys(SETTINGS).sort());
  });
});

describe("the README's Configuration table", () => {
  const rows = new Map(
    readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const cells = /^\| `(--[a-z-]+)` \| `([A-Z_]+)`[^|]* \| ([^|]*) \|/.exec(line);
        return cells ? [[cells[1], { env: cells[2], shownDefault: cells[3].trim() }] as const] : [];
      }),
  );

  it.each(Object.entries(SETTINGS))('names %s with its variable and default', (_name, setting) => {
    const row = rows.get(flagName(setting.flag));
    expect(row?.env).toBe(setting.env);
    const value: unknown = setting.defaultValue;
    if (typeof value === 'number' || (typeof value === 'string' && value !== ''))
      expect(row?.shownDefault).toBe(`\`${value}\``);
  });
});
