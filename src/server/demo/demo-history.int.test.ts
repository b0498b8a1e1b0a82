import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/constants';
import { queryRows } from '../db/query-rows';
import { address, booking, payment, savedCard, WALLET_KINDS, walletEntry } from '../db/schema';
import { buildTestApp } from '../../test-support/test-app';
import { TEST_ORIGIN } from '../../test-support/test-customer';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { DEMO_HISTORIES } from './demo-history';
import { seedDemoData } from './seed-demo-data';

// The demo accounts' history is seeded on every start: the same state however often it runs,
// fresh relative to the day it runs, and what the account pages show on the first sign-in.

/** Saturday 21 November 2026, 10:00 UK. */
const T0 = new Date('2026-11-21T10:00:00Z');
const ISLA = DEMO_ACCOUNTS[0];

interface Appointment {
  id: string;
  status: string;
  startsAt: string;
  therapist: { id: string };
  payment: { cardLast4: string | null; status: string } | null;
}

for (const kind of testDatabaseKinds('one')) {
  describe(`the demo accounts' history on ${kind}`, () => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let now = T0;
    let cookie = '';

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await seedDemoData(database.db, T0);
      app = await buildTestApp(database, { now: () => now });
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: ISLA.email, password: DEMO_PASSWORD },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const c = signedIn.cookies.find((k) => k.name.endsWith('session_token'));
      cookie = `${c?.name}=${c?.value}`;
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
    });

    const asIsla = async <T>(url: string): Promise<T> => {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };
    const appointments = () =>
      asIsla<{ upcoming: Appointment[]; past: Appointment[] }>('/api/me/appointments');

    /** Every row the history writes, counted: a second run must leave these as they are. */
    const counts = async () => {
      const of = async (table: typeof booking | typeof walletEntry | typeof address) => {
        const [row] = await database.db.select({ n: count() }).from(table);
        return row?.n ?? 0;
      };
      const [cards] = await database.db.select({ n: count() }).from(savedCard);
      const [payments] = await database.db.select({ n: count() }).from(payment);
      return {
        bookings: await of(booking),
        wallet: await of(walletEntry),
        addresses: await of(address),
        cards: cards?.n ?? 0,
        payments: payments?.n ?? 0,
      };
    };

    it('shows every account page something real on the first sign-in', async () => {
      const { upcoming, past } = await appointments();
      expect(upcoming).toHaveLength(1);
      expect(past).toHaveLength(1);
      const [next] = upcoming;
      expect(next).toMatchObject({
        status: 'confirmed',
        therapist: { id: 't-eilidh' },
        payment: { cardLast4: '4242', status: 'succeeded' },
      });
      const startsAt = Date.parse(next?.startsAt ?? '');
      expect(startsAt).toBeGreaterThan(T0.getTime() + 2 * DAY_MS);
      expect(startsAt).toBeLessThan(T0.getTime() + 15 * DAY_MS);
      // Inside one of the therapist's availability windows, with its 15-minute buffer.
      const inside = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from availability a join booking b
              on b.therapist_id = a.therapist_id and a.during @> b.during
            where b.id = ${next?.id ?? ''}`,
      );
      expect(inside[0]?.n).toBe(1);
      expect(past[0]).toMatchObject({ status: 'completed', therapist: { id: 't-priya' } });
      expect(Date.parse(past[0]?.startsAt ?? '')).toBeLessThan(T0.getTime() - 5 * DAY_MS);

      const { addresses } = await asIsla<{ addresses: { line1: string; isDefault: boolean }[] }>(
        '/api/me/addresses',
      );
      expect(addresses).toEqual([
        expect.objectContaining({ line1: '14 Dean Park Crescent', isDefault: true }),
      ]);
      expect(await asIsla('/api/me/wallet')).toMatchObject({ balancePence: 1500 });
      expect(await asIsla('/api/me/cards')).toMatchObject({
        cards: [{ brand: 'visa', last4: '4242' }],
      });
    });

    it('gives the business account its own history in its city', async () => {
      const rows = await database.db
        .select({
          therapistId: booking.therapistId,
          city: booking.citySlug,
          status: booking.status,
        })
        .from(booking)
        .where(eq(booking.customerId, 'demo-business'))
        .orderBy(booking.startsAt);
      expect(rows).toEqual([
        { therapistId: 't-zara', city: 'newcastle', status: 'completed' },
        { therapistId: 't-liam', city: 'newcastle', status: 'confirmed' },
      ]);
    });

    it('changes nothing when run again, the same day or the next', async () => {
      const before = await counts();
      const again = await seedDemoData(database.db, T0);
      const nextDay = await seedDemoData(database.db, new Date(T0.getTime() + DAY_MS));
      for (const report of [again, nextDay]) {
        expect(report.history).toEqual({
          addresses: 0,
          cards: 0,
          creditPence: 0,
          pastAppointments: 0,
          upcomingAppointments: 0,
        });
      }
      expect(await counts()).toEqual(before);
      now = new Date(T0.getTime() + DAY_MS);
      expect((await appointments()).upcoming).toHaveLength(1);
    });

    it('once the upcoming appointment has passed, it is past and a new one is made', async () => {
      const [first] = (await appointments()).upcoming;
      now = new Date(Date.parse(first?.startsAt ?? '') + DAY_MS);
      const report = await seedDemoData(database.db, now);
      expect(report.history).toMatchObject({
        pastAppointments: 0,
        upcomingAppointments: DEMO_HISTORIES.length,
      });
      const { upcoming, past } = await appointments();
      expect(upcoming).toHaveLength(1);
      expect(Date.parse(upcoming[0]?.startsAt ?? '')).toBeGreaterThan(now.getTime() + 2 * DAY_MS);
      expect(past.map((p) => p.id)).toContain(first?.id);
      expect(past).toHaveLength(2);
    });

    it('replaces a cancelled upcoming appointment on the next start', async () => {
      const [next] = (await appointments()).upcoming;
      await database.db
        .update(booking)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(eq(booking.id, next?.id ?? ''));
      expect((await appointments()).upcoming).toHaveLength(0);
      await seedDemoData(database.db, now);
      const { upcoming } = await appointments();
      expect(upcoming).toHaveLength(1);
      expect(upcoming[0]?.id).not.toBe(next?.id);
    });

    it('tops spent credit up with a new ledger entry, at most once a day', async () => {
      const spend = (pence: number, key: string) =>
        database.db.insert(walletEntry).values({
          userId: ISLA.id,
          kind: WALLET_KINDS.spent,
          amountPence: -pence,
          description: 'Spent in a test',
          idempotencyKey: `test-spend-${key}`,
        });
      const entries = () =>
        database.db
          .select({ n: count() })
          .from(walletEntry)
          .where(and(eq(walletEntry.userId, ISLA.id), eq(walletEntry.kind, WALLET_KINDS.giftCard)));
      const giftsBefore = (await entries())[0]?.n ?? 0;

      await spend(1000, 'a');
      expect((await seedDemoData(database.db, now)).history.creditPence).toBe(1000);
      expect(await asIsla('/api/me/wallet')).toMatchObject({ balancePence: 1500 });

      await spend(500, 'b');
      expect((await seedDemoData(database.db, now)).history.creditPence).toBe(0);
      expect(await asIsla('/api/me/wallet')).toMatchObject({ balancePence: 1000 });
      expect((await entries())[0]?.n).toBe(giftsBefore + 1);

      const tomorrow = new Date(now.getTime() + DAY_MS);
      expect((await seedDemoData(database.db, tomorrow)).history.creditPence).toBe(500);
    });
  });
}
