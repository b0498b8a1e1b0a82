import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTherapist, testCatalogue } from '../../test-support/booking-fixtures';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { importCatalogue } from '../catalogue/import-catalogue';
import { queryRows } from './query-rows';

// The catalogue version (migration 0013) is what lets a search reuse candidates it read before
// (decision 0058): it must move with every committed change to the catalogue, once per transaction,
// and with nothing else.

const window = (day: string) => `[${day}T09:00:00Z,${day}T12:00:00Z)`;

describe.each(testDatabaseKinds('every'))('catalogue version on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const catalogue = testCatalogue([
      bookingTherapist('t-vera', { serviceIds: ['massage-60'], availability: [] }),
    ]);
    expect((await importCatalogue(database.db, catalogue)).ok).toBe(true);
  });
  afterAll(() => database.destroy());

  const version = async () => {
    const [row] = await queryRows<{ version: string }>(
      database.db,
      sql`select version::text as version from catalogue_version`,
    );
    return Number(row?.version);
  };
  const bumpOf = async (change: () => Promise<unknown>) => {
    const before = await version();
    await change();
    return (await version()) - before;
  };
  const run = (statement: SQL) => () => database.db.execute(statement);

  it('moves once for each committed change of every catalogue table', async () => {
    const changes: SQL[] = [
      sql`update city set name = 'Test City' where slug = 'testcity'`,
      sql`update treatment set price_pence = price_pence + 100 where id = 'massage-60'`,
      sql`delete from treatment_add_on where parent_id = 'massage-60'`,
      sql`insert into treatment_add_on (parent_id, add_on_id) values ('massage-60', 'hot-stones')`,
      sql`update therapist set active = false where id = 't-vera'`,
      sql`delete from therapist_service where therapist_id = 't-vera'`,
      sql`insert into availability (therapist_id, during)
          values ('t-vera', ${window('2026-12-01')}::tstzrange)`,
      sql`delete from availability where therapist_id = 't-vera'`,
    ];
    for (const change of changes) expect(await bumpOf(run(change))).toBe(1);
  });

  it('moves once for a transaction however many rows and tables it changes', async () => {
    const bump = await bumpOf(() =>
      database.db.transaction(async (tx) => {
        for (const day of ['2026-12-02', '2026-12-03', '2026-12-04']) {
          await tx.execute(
            sql`insert into availability (therapist_id, during)
                values ('t-vera', ${window(day)}::tstzrange)`,
          );
        }
        await tx.execute(sql`update therapist set active = true where id = 't-vera'`);
        await tx.execute(sql`insert into therapist_service values ('t-vera', 'massage-60')`);
      }),
    );
    expect(bump).toBe(1);
  });

  it('does not move for a change rolled back, nor for a change outside the catalogue', async () => {
    const rolledBack = await bumpOf(() =>
      database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update therapist set name = 'Vera B' where id = 't-vera'`);
          throw new Error('changed my mind');
        })
        .catch((error: unknown) => error),
    );
    expect(rolledBack).toBe(0);
    const elsewhere = await bumpOf(
      run(sql`insert into app_secret (name, value) values ('catalogue-version-probe', 'x')`),
    );
    expect(elsewhere).toBe(0);
  });

  it('moves when a catalogue table is emptied with TRUNCATE', async () => {
    expect(await bumpOf(run(sql`truncate availability`))).toBe(1);
  });
});
