import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { preparedStatement, queryPrepared, queryRows } from './query-rows';

describe.each(testDatabaseKinds('every'))('prepared reads on %s', (kind) => {
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

const probeRows = pgTable('prepared_probe_rows', {
  n: integer('n').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  doc: jsonb('doc'),
});

describe.each(testDatabaseKinds('every'))('statements built once on %s', (kind) => {
  let database: TestDatabase;
  const logged: string[] = [];
  let builds = 0;
  const select = preparedStatement('prepared_select_probe', ['n', 'ids', 'at'], (p) => {
    builds += 1;
    return sql`select ${p.n}::int + 1 as next, cardinality(${p.ids}::text[]) as ids,
                 ${p.n}::int * 2 as twice, ${sql.param(p.at, probeRows.at)}::timestamptz as at`;
  });
  const insert = preparedStatement('prepared_insert_probe', ['n', 'at', 'doc'], (p, db) =>
    db
      .insert(probeRows)
      .values({ n: p.n, at: p.at, doc: p.doc })
      .returning({ n: probeRows.n })
      .getSQL(),
  );

  beforeAll(async () => {
    database = await createTestDatabase(kind, { onQuery: (q) => void logged.push(q) });
    await database.db.execute(
      sql`create table prepared_probe_rows (n int not null, at timestamptz, doc jsonb)`,
    );
  });
  afterAll(() => database.destroy());

  it('builds the text once and binds new values on every run', async () => {
    logged.length = 0;
    for (const n of [1, 2, 3]) {
      const at = new Date(Date.UTC(2026, 11, n, 9));
      const ids = Array.from({ length: n }, (_, i) => `id${i}`);
      const [row] = await select.rows<{ next: number; ids: number; twice: number; at: Date }>(
        database.db,
        { n, ids, at },
      );
      expect(row).toMatchObject({ next: n + 1, ids: n, twice: 2 * n });
      expect(new Date(row?.at ?? 0).toISOString()).toBe(at.toISOString());
    }
    expect(builds).toBe(1);
    const texts = logged.filter((q) => q.includes('as twice'));
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(1);
  });

  it("encodes an insert's values by their columns, and null as NULL", async () => {
    const at = new Date(Date.UTC(2026, 11, 4, 9, 30));
    await insert.rows(database.db, { n: 1, at, doc: { a: [1, 2] } });
    // Drizzle's own placeholder filling hands null to the encoder: the instant's would throw,
    // the JSON column's would write the JSON value null.
    await insert.rows(database.db, { n: 2, at: null, doc: null });
    const rows = await queryRows<{ n: number; at: string | null; doc_is_null: boolean }>(
      database.db,
      sql`select n, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at,
                 doc is null as doc_is_null, doc->'a'->>1 as second
          from prepared_probe_rows order by n`,
    );
    expect(rows).toEqual([
      { n: 1, at: '2026-12-04 09:30', doc_is_null: false, second: '2' },
      { n: 2, at: null, doc_is_null: true, second: null },
    ]);
  });

  it('refuses to run without a value for every placeholder', async () => {
    const partial = { n: 3, at: null } as unknown as { n: number; at: null; doc: null };
    await expect(insert.rows(database.db, partial)).rejects.toThrow(
      'no value for the placeholder "doc"',
    );
    await expect(insert.rows(database.db, { ...partial, doc: undefined })).rejects.toThrow(
      'no value for the placeholder "doc"',
    );
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
