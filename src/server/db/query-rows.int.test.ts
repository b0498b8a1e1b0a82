import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { queryPrepared, queryRows } from './query-rows';

describe.each(testDatabaseKinds())('prepared reads on %s', (kind) => {
  let database: TestDatabase;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind, { onQuery: (q) => void logged.push(q) });
  });
  afterAll(() => database.destroy());

  it('answers as the unprepared query does, on every run, and the statement logger sees it', async () => {
    const query = (n: number) =>
      sql`select ${n}::int + 1 as next, ${sql.param(['a', 'b'])}::text[] @> array['a'] as has_a`;
    logged.length = 0;
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const prepared = await queryPrepared<{ next: number; has_a: boolean }>(
        database.db,
        'query_rows_test',
        query(n),
      );
      expect(prepared).toEqual(await queryRows(database.db, query(n)));
      expect(prepared).toEqual([{ next: n + 1, has_a: true }]);
    }
    expect(logged.filter((q) => q.includes('+ 1 as next'))).toHaveLength(14);
  });

  it('keeps statements of one label apart when their text differs', async () => {
    const ids = (list: string[]) =>
      sql`select count(*)::int as n from (values ('a'), ('b'), ('c')) v(id) where id in ${list}`;
    // An IN list of another length is another text: another prepared statement, not an error.
    for (const list of [['a'], ['a', 'b'], ['a'], ['a', 'b', 'c']]) {
      const [row] = await queryPrepared<{ n: number }>(database.db, 'query_rows_in', ids(list));
      expect(row?.n).toBe(list.length);
    }
  });
});

describe('the embedded database between connections', () => {
  let embedded: EmbeddedPostgres;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres(null);
  });
  afterAll(() => embedded.stop());

  const connect = async () => {
    const client = new pg.Client({
      host: embedded.host,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    return client;
  };

  // PGlite has one session for every connection; the pool replaces a connection after an error,
  // and a new node-postgres client prepares its named statements afresh.
  it("starts each connection without the last one's prepared statements or settings", async () => {
    const first = await connect();
    await first.query({ name: 'reused_name', text: 'select 1 as one' });
    await first.query("set application_name = 'first'");
    await first.end();

    const second = await connect();
    try {
      const again = await second.query({ name: 'reused_name', text: 'select 2 as two' });
      expect(again.rows).toEqual([{ two: 2 }]);
      const setting = await second.query('show application_name');
      expect(setting.rows[0]?.application_name).not.toBe('first');
    } finally {
      await second.end();
    }
  });
});
