import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { overlapsSeconds } from './overlaps';
import { queryRows } from './query-rows';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 11, 3, 9);

describe.each(testDatabaseKinds('every'))('overlap by bounds on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`create table overlap_probe (n int, during tstzrange not null)`);
    // Windows of 1 h from 09:00 to 12:00 and one long one: touching, inside and around any range.
    const spans: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 3],
      [-24, 48],
    ];
    for (const [n, [from, to]] of spans.entries()) {
      const range = `[${new Date(T0 + from * HOUR).toISOString()},${new Date(T0 + to * HOUR).toISOString()})`;
      await database.db.execute(sql`insert into overlap_probe values (${n}, ${range}::tstzrange)`);
    }
  });
  afterAll(() => database.destroy());

  const ranges: [number, number][] = [
    [0, 1], // exactly the first window: the ones touching it at 10:00 and 09:00 are not in
    [1, 1.5],
    [0.5, 2.5],
    [-1, 0], // ends where the first starts
    [3, 4], // starts where the last ends
    [-5, 10],
  ];

  it.each(ranges)('selects what && selects for %s h to %s h', async (from, to) => {
    const range = { start: T0 + from * HOUR, end: T0 + to * HOUR };
    const literal = `[${new Date(range.start).toISOString()},${new Date(range.end).toISOString()})`;
    const byBounds = await queryRows<{ n: number }>(
      database.db,
      sql`select n from overlap_probe
          where ${overlapsSeconds({ startS: range.start / 1000, endS: range.end / 1000 })}
          order by n`,
    );
    const byOperator = await queryRows<{ n: number }>(
      database.db,
      sql`select n from overlap_probe where during && ${literal}::tstzrange order by n`,
    );
    expect(byBounds).toEqual(byOperator);
    expect(byBounds.length).toBeGreaterThan(0);
  });
});
