import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  holdOk,
  newCustomer,
  setUpBookingTest,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import { queryRows } from '../db/query-rows';

// A booking's reference is the database's (new_booking_reference()). When one collides with a
// booking's that exists, the hold is made with a fresh one instead of failing the customer.

for (const kind of testDatabaseKinds('one')) {
  describe(`booking references on ${kind}`, () => {
    let env: BookingTestEnv;
    beforeAll(async () => {
      env = await setUpBookingTest(kind);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('gives every booking a reference, and a fresh one when the first is taken', async () => {
      const db = env.database.db;
      // The first two references this database makes are the same; the third is new.
      await db.execute(sql`create sequence reference_test_seq`);
      await db.execute(
        sql.raw(`create or replace function new_booking_reference() returns text language sql as $$
          select case when nextval('reference_test_seq') <= 2 then 'AAAAAAAA'
                      else 'BBBBBBB' || currval('reference_test_seq')::text end $$`),
      );
      const [ada, ben] = await Promise.all([1, 2].map(() => newCustomer(env.app, db)));
      if (!ada || !ben) throw new Error('customers');
      const first = await holdOk(env.app, ada, { startsAt: at('2026-11-24', '10:00') });
      const second = await holdOk(env.app, ben, { startsAt: at('2026-11-24', '12:00') });
      const rows = await queryRows<{ id: string; reference: string }>(
        db,
        sql`select id, reference from booking order by created_at, reference`,
      );
      expect(new Map(rows.map((r) => [r.id, r.reference]))).toEqual(
        new Map([
          [first.id, 'AAAAAAAA'],
          [second.id, 'BBBBBBB3'],
        ]),
      );
    });
  });
}
