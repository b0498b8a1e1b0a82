import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  holdRequest,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';

// Round trips to the database are most of a booking's cost under load (bench/results/booking.md):
// a hold and its card payment stay within a budget of SQL statements, BEGIN and COMMIT included.
// Only the requests' own statements count, not background jobs'. Issue 14 brought it to twelve
// (docs/decisions/0046 and 0053): the session comes from the instance's short cache; a payment of
// 5 (record the attempt) and 5 (BEGIN, lock booking and payment in one statement, write both and
// read back the confirmation's view in one, insert the email, COMMIT). A hold was 2 and is now 6
// (docs/decisions/0077): one read of everything it judges, then BEGIN, the therapist's travel
// lock, their day read again under it, the insert of the booking with its items, COMMIT.
const BUDGET = 16;

for (const kind of testDatabaseKinds('one')) {
  describe(`statements per booking on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    const statements: string[] = [];
    const inRequest = new AsyncLocalStorage<true>();

    beforeAll(async () => {
      env = await setUpBookingTest(kind, {
        onQuery: (q) => (inRequest.getStore() ? statements.push(q) : undefined),
      });
      env.app.addHook('onRequest', (_request, _reply, done) => inRequest.run(true, done));
      ada = await newCustomer(env.app, env.database.db);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it(`holds and pays by card in at most ${BUDGET} statements`, async () => {
      // The first request of a session may read more (nothing warm); count a second booking.
      const first = await holdRequest(env.app, ada, { startsAt: at('2026-11-24', '09:00') });
      expect((await payRequest(env.app, ada, first.json<{ id: string }>().id)).statusCode).toBe(
        200,
      );

      statements.length = 0;
      const hold = await holdRequest(env.app, ada, { startsAt: at('2026-11-25', '09:00') });
      expect(hold.statusCode, hold.body).toBe(201);
      const pay = await payRequest(env.app, ada, hold.json<{ id: string }>().id);
      expect(pay.statusCode, pay.body).toBe(200);
      expect(pay.json<{ status: string }>().status).toBe('confirmed');
      expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(BUDGET);
    });
  });
}
