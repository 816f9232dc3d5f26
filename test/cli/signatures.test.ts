// The signature settings on the real CLI: --require-signed-provenance refuses unverified
// provenance naming the file and the reason while the rest of the batch is stored; its
// environment variable takes true/1/false/0 only; an unusable key or root file stops the command.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/corpus.js';
import { tempDir } from '../helpers/server.js';
import { cli, serveOnly } from './run-cli.js';

const TRUSTED_ROOT = new URL('../fixtures/sigstore/trusted_root.json', import.meta.url).pathname;
const STATEMENT = 'slsa-provenance-azure-devops-kubectl-v1.28.1-statement-v0.2.json';
const BUNDLE = 'slsa-provenance-slsa-github-generator-container-based-v2.1.0-bundle-v1.json';

let work: string;
beforeAll(() => {
  work = tempDir('sg-cli-sig-');
  copyFileSync(FIXTURES.path(STATEMENT), join(work, 'statement.json'));
  copyFileSync(FIXTURES.path(BUNDLE), join(work, 'bundle.json'));
});

const ingest = (store: string, extra: string[], env: Record<string, string> = {}) =>
  cli(['ingest', '--store', store, '--json', ...extra, join(work, 'statement.json'), join(work, 'bundle.json')], {
    env,
  });

describe('supplygraph ingest with signature settings', () => {
  it('--require-signed-provenance refuses the unsigned statement by name and stores the verified bundle', async () => {
    const r = await ingest(join(work, 'store-1'), [
      '--require-signed-provenance',
      '--sigstore-trusted-root',
      TRUSTED_ROOT,
    ]);
    expect(r.code).toBe(2); // some documents failed
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ stored: 1, failed: 1 });
    expect(JSON.stringify(summary)).toMatch(
      /statement\.json.*provenance signature is unsigned: a bare in-toto statement carries no signature/,
    );
  });

  it('the environment variable turns it on with true and off with 0; anything else is refused', async () => {
    const on = await ingest(join(work, 'store-2'), [], {
      SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE: 'true',
      SUPPLYGRAPH_SIGSTORE_TRUSTED_ROOT: TRUSTED_ROOT,
    });
    expect(JSON.parse(on.stdout)).toMatchObject({ stored: 1, failed: 1 });
    const off = await ingest(join(work, 'store-3'), [], { SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE: '0' });
    expect(off.code, off.stderr).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ stored: 2, failed: 0 });
    const bad = await ingest(join(work, 'store-4'), [], { SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE: 'maybe' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('SUPPLYGRAPH_REQUIRE_SIGNED_PROVENANCE must be true, 1, false or 0, got "maybe"');
  });

  it('an unusable key file or trusted root stops the command, naming it', async () => {
    writeFileSync(join(work, 'not-a-key.pem'), 'hello');
    const key = await ingest(join(work, 'store-5'), ['--trusted-keys', join(work, 'not-a-key.pem')]);
    expect(key.code).not.toBe(0);
    expect(key.stderr).toContain('not-a-key.pem: no PEM public key in it');
    const root = await ingest(join(work, 'store-6'), ['--sigstore-trusted-root', join(work, 'statement.json')]);
    expect(root.code).not.toBe(0);
    expect(root.stderr).toMatch(/--sigstore-trusted-root .*statement\.json: not a Sigstore trusted root/);
  });

  it('serve takes the same settings and stops on an unusable key file before it listens', async () => {
    const r = await cli([
      'serve',
      '--store',
      join(work, 'store-3'),
      ...serveOnly('serve'),
      '--trusted-keys',
      join(work, 'absent-keys'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--trusted-keys .*absent-keys: cannot be read \(ENOENT\)/);
    expect(r.stdout).not.toMatch(/listening/i);
  });
});
