// serve and stats on a PostgreSQL store that is not there: one line naming it, a non-zero exit,
// nothing created (the embedded-store cases are in test/cli/options.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, PG_ADMIN_URL, withDatabase, type TestDatabase } from '../../helpers/server.js';
import { cli, oneLine, serveOnly } from '../../cli/run-cli.js';

describe('a PostgreSQL store that is not there', () => {
  let bare: TestDatabase;
  beforeAll(async () => {
    bare = await createTestDatabase({ migrate: false });
  });
  afterAll(() => bare?.drop());

  it.each([['stats'], ['serve']])(
    '%s on a database that does not exist names it and exits non-zero',
    async (command) => {
      const url = new URL(PG_ADMIN_URL);
      url.pathname = '/sg_test_no_such_database';
      const r = await cli([command, '--store', url.toString(), ...serveOnly(command)]);
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toMatch(/sg_test_no_such_database.*does not exist/);
    },
  );

  it.each([['stats'], ['serve']])(
    '%s on a database without the schema says to init and creates nothing',
    async (command) => {
      const r = await cli([command, '--store', bare.url, ...serveOnly(command)]);
      expect(r.code).toBe(1);
      expect(oneLine(r.stderr)).toMatch(
        new RegExp(
          `${bare.name}: opening the store failed: the database has no supplygraph schema.*supplygraph init --store`,
        ),
      );
      await withDatabase(bare.url, async (sql) => {
        const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_schema = current_schema()`;
        expect(n).toBe(0);
      });
    },
  );
});
