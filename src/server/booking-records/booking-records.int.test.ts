import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookingChange,
  BookingFeedAnswer,
  BookingListAnswer,
  BookingRecord,
} from '../../contract/booking-records';
import {
  at,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import { testDatabaseKinds } from '../../test-support/test-database';
import { openDatabase, type Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { sql } from 'drizzle-orm';

// The company's read API: records with their history, the listing's filters and pages, and the
// change feed, which must give every change exactly once however changes interleave on two
// instances and whatever order their transactions commit in.

const TOKEN = { authorization: 'Bearer test-internal-token-0123456789abcdef' };

for (const kind of testDatabaseKinds('every')) {
  describe(`booking records and the change feed on ${kind}`, () => {
    let env: BookingTestEnv;
    let second: Database | null = null;
    let other: FastifyInstance;
    let customers: BookingCustomer[];

    const internal = (app: FastifyInstance, url: string) =>
      app.inject({ method: 'GET', url, headers: TOKEN });
    const book = async (app: FastifyInstance, c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(app, c, { startsAt });
      const paid = await payRequest(app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const allChangeCursors = async () =>
      (
        await queryRows<{ cursor: string }>(
          env.database.db,
          sql`select txid || '.' || id as cursor from booking_change order by txid, id`,
        )
      ).map((r) => r.cursor);

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      if (kind === 'postgres' && env.database.url) {
        second = await openDatabase({ kind: 'postgres', url: env.database.url });
      }
      other = second
        ? await buildTestApp(second, {
            env: { AVAILABILITY_CACHE_SECONDS: '0' },
            now: env.clock.now,
          })
        : env.app;
      customers = await Promise.all([1, 2, 3].map(() => newCustomer(env.app, env.database.db)));
    });
    afterAll(async () => {
      if (other !== env.app) await other.close();
      await env.app.close();
      await second?.close();
      await env.database.destroy();
    });

    it('shows a booking with its reference, amounts and history, by id or reference', async () => {
      const [ada] = customers;
      if (!ada) throw new Error('customers');
      const id = await book(env.app, ada, at('2026-11-24', '09:00'));
      const byId = await internal(env.app, `/api/internal/bookings/${id}`);
      expect(byId.statusCode, byId.body).toBe(200);
      const record = byId.json<BookingRecord>();
      expect(record.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(record).toMatchObject({
        status: 'confirmed',
        therapist: { id: 't-anna', name: 'Anna' },
        customer: { id: ada.id, email: ada.email },
        address: { line1: '1 Test Street', postcode: 'EH1 1AA' },
        startsAt: at('2026-11-24', '09:00'),
        endsAt: at('2026-11-24', '10:00'),
        endsWithBufferAt: at('2026-11-24', '10:15'),
        items: [{ treatmentId: 'massage-60', pricePence: 3000 }],
        amounts: { totalPence: 3000, cardPence: 3000, invoicePence: 0, creditPence: 0 },
        cancellation: null,
      });
      expect(record.history.map((h) => [h.kind, h.fromStatus, h.toStatus])).toEqual([
        ['created', null, 'held'],
        ['status', 'held', 'confirmed'],
      ]);

      const typed = record.reference.toLowerCase().replace(/^(.{4})/, '$1-');
      const byReference = await internal(env.app, `/api/internal/bookings/${typed}`);
      expect(byReference.json<BookingRecord>().id).toBe(id);
      expect((await internal(env.app, '/api/internal/bookings/ZZZZZZZZ')).statusCode).toBe(404);
      expect((await internal(env.app, '/api/internal/bookings/what%3F')).statusCode).toBe(400);
      const anonymous = await env.app.inject({
        method: 'GET',
        url: `/api/internal/bookings/${id}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('lists by therapist, status and UK day, a page at a time', async () => {
      const [, ben, cleo] = customers;
      if (!ben || !cleo) throw new Error('customers');
      await book(env.app, ben, at('2026-11-25', '11:00'));
      await book(env.app, cleo, at('2026-11-26', '11:00'));
      await holdOk(env.app, cleo, { startsAt: at('2026-11-27', '11:00') });

      const seen: string[] = [];
      let url = '/api/internal/bookings?therapist=t-anna&status=confirmed&limit=1';
      for (;;) {
        const page = (await internal(env.app, url)).json<BookingListAnswer>();
        seen.push(...page.bookings.map((b) => b.startsAt));
        if (!page.nextPage) break;
        url = `/api/internal/bookings?therapist=t-anna&status=confirmed&limit=1&page=${page.nextPage}`;
      }
      expect(seen).toEqual([
        at('2026-11-24', '09:00'),
        at('2026-11-25', '11:00'),
        at('2026-11-26', '11:00'),
      ]);
      const day = (
        await internal(env.app, '/api/internal/bookings?from=2026-11-25&to=2026-11-26')
      ).json<BookingListAnswer>();
      expect(day.bookings.map((b) => b.startsAt)).toEqual([
        at('2026-11-25', '11:00'),
        at('2026-11-26', '11:00'),
      ]);
      const held = (
        await internal(env.app, '/api/internal/bookings?status=held,requires_action')
      ).json<BookingListAnswer>();
      expect(held.bookings.map((b) => b.status)).toEqual(['held']);

      const backwards = await internal(
        env.app,
        '/api/internal/bookings?from=2026-11-26&to=2026-11-25',
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.headers['content-type']).toContain('application/problem+json');
      expect((await internal(env.app, '/api/internal/bookings?status=lost')).statusCode).toBe(400);
      expect((await internal(env.app, '/api/internal/bookings?since=yesterday')).statusCode).toBe(
        400,
      );
    });

    it('gives every change exactly once, read page by page while two instances make them', async () => {
      const collected: BookingChange[] = [];
      let cursor = '0.0';
      const readPage = async (app: FastifyInstance) => {
        const res = await internal(app, `/api/internal/bookings?since=${cursor}&limit=2`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<BookingFeedAnswer>();
        collected.push(...page.changes);
        cursor = page.nextCursor;
        return page;
      };
      // The feed may lag behind any writing transaction in this database, the app's own workers'
      // included (it never runs ahead of one): read until it has caught up.
      const drain = async (expected: number) => {
        for (let round = 0; round < 400 && collected.length < expected; round++) {
          const page = await readPage(env.app);
          if (!page.hasMore) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };

      await readPage(other); // part of what the tests above made
      const [ada, ben, cleo] = customers;
      if (!ada || !ben || !cleo) throw new Error('customers');
      const instances = [env.app, other];
      for (let i = 0; i < 6; i++) {
        const app = instances[i % 2] ?? env.app;
        const c = [ada, ben, cleo][i % 3] ?? ada;
        // Each booking leaves 10:00 on Saturday again: cancelled, or moved to Friday.
        const id = await book(app, c, at('2026-11-28', '10:00'));
        await readPage(instances[(i + 1) % 2] ?? env.app);
        if (i % 2 === 0) {
          expect((await post(app, c, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
        } else {
          const moved = await post(other, c, `/api/bookings/${id}/reschedule`, {
            startsAt: at('2026-11-27', ['09:00', '13:00', '15:00'][(i - 1) / 2] ?? '09:00'),
          });
          expect(moved.statusCode, moved.body).toBe(200);
        }
        await readPage(app);
      }
      const all = await allChangeCursors();
      await drain(all.length);
      expect(collected.map((c) => c.cursor)).toEqual(all);
      const kinds = new Set(collected.map((c) => `${c.kind}:${c.toStatus}`));
      expect(kinds).toEqual(
        new Set(['created:held', 'status:confirmed', 'status:cancelled', 'moved:confirmed']),
      );
      // Quiet now: the cursor stays, and nothing comes twice.
      const again = await readPage(other);
      expect(again).toMatchObject({ changes: [], hasMore: false });
    });

    it.runIf(kind === 'postgres')(
      'holds back a change committed early until an older transaction has committed too',
      async () => {
        const [ada, ben] = customers;
        if (!ada || !ben || !env.database.url) throw new Error('set-up');
        let cursor = (
          await internal(env.app, '/api/internal/bookings?since=0.0&limit=500')
        ).json<BookingFeedAnswer>().nextCursor;
        const early = await book(env.app, ada, at('2026-11-24', '12:00'));
        const late = await book(env.app, ben, at('2026-11-24', '15:00'));
        // Past both bookings' own changes. The feed holds changes back while any older
        // transaction in this database is open: read on until it has handed both confirmations
        // over.
        const confirmed = new Set<string>();
        for (let round = 0; round < 400 && confirmed.size < 2; round++) {
          if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50));
          const page = (
            await internal(env.app, `/api/internal/bookings?since=${cursor}&limit=500`)
          ).json<BookingFeedAnswer>();
          for (const c of page.changes)
            if (c.toStatus === 'confirmed' && [early, late].includes(c.booking.id))
              confirmed.add(c.booking.id);
          cursor = page.nextCursor;
        }
        expect(confirmed.size).toBe(2);

        // An older transaction changes one booking and stays open while another instance
        // cancels a second booking and commits.
        const slow = new pg.Client({ connectionString: env.database.url });
        await slow.connect();
        try {
          await slow.query('begin');
          await slow.query(
            `update booking set address_snapshot = address_snapshot || '{"instructions":"Ring twice"}'::jsonb where id = $1`,
            [early],
          );
          expect((await post(other, ben, `/api/bookings/${late}/cancel`)).statusCode).toBe(200);
          const meanwhile = (
            await internal(env.app, `/api/internal/bookings?since=${cursor}`)
          ).json<BookingFeedAnswer>();
          expect(meanwhile.changes).toEqual([]);
          expect(meanwhile.nextCursor).toBe(cursor);
          await slow.query('commit');
        } finally {
          await slow.end();
        }
        let after: BookingFeedAnswer = { changes: [], nextCursor: cursor, hasMore: false };
        for (let round = 0; round < 400 && after.changes.length < 2; round++) {
          if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50));
          after = (
            await internal(env.app, `/api/internal/bookings?since=${cursor}`)
          ).json<BookingFeedAnswer>();
        }
        // The older transaction's change first: it sorts before everything it could have hidden.
        expect(after.changes.map((c) => [c.booking.id, c.kind, c.toStatus])).toEqual([
          [early, 'updated', 'confirmed'],
          [late, 'status', 'cancelled'],
        ]);
      },
    );

    it("cancels on the company's behalf by policy or in full, and refuses what cannot be cancelled", async () => {
      const [, ben, cleo] = customers;
      if (!ben || !cleo) throw new Error('customers');
      const cancel = (key: string, payload: object) =>
        env.app.inject({
          method: 'POST',
          url: `/api/internal/bookings/${key}/cancel`,
          headers: TOKEN,
          payload,
        });
      const reason = 'Therapist unwell';
      const id = await book(env.app, ben, at('2026-11-25', '14:00'));
      const held = await holdOk(env.app, cleo, { startsAt: at('2026-11-25', '09:00') });

      expect((await cancel(id, { refund: 'policy' })).statusCode).toBe(400);
      expect((await cancel(id, { refund: 'all', reason })).statusCode).toBe(400);

      // Ten hours before: the policy gives half back.
      env.clock.set('2026-11-25T04:00:00Z');
      try {
        const byPolicy = await cancel(id, { refund: 'policy', reason });
        expect(byPolicy.statusCode, byPolicy.body).toBe(200);
        expect(byPolicy.json()).toMatchObject({
          refundPence: 1500,
          cardRefundPence: 1500,
          walletRefundPence: 0,
          booking: {
            status: 'cancelled',
            amounts: { refundedPence: 1500 },
            cancellation: { by: 'company', reason },
          },
        });
        const twice = await cancel(id, { refund: 'full', reason });
        expect(twice.statusCode).toBe(409);
        expect(twice.json<{ detail: string }>().detail).toContain('already cancelled');

        // A hold never paid is let go, and is no cancellation in the records (decision 0081).
        const released = await cancel(held.id, { refund: 'full', reason });
        expect(released.json()).toMatchObject({
          refundPence: 0,
          booking: { status: 'expired', cancellation: null },
        });

        // Under way or over: refused, nothing changed.
        env.clock.set('2026-11-24T09:30:00Z');
        const first = (
          await internal(env.app, '/api/internal/bookings?from=2026-11-24&to=2026-11-24&limit=1')
        ).json<BookingListAnswer>().bookings[0];
        if (!first) throw new Error('no booking on Tuesday');
        const started = await cancel(first.reference, { refund: 'full', reason });
        expect(started.statusCode).toBe(409);
        expect(started.json()).toMatchObject({ code: 'already_started' });
        expect(
          (await internal(env.app, `/api/internal/bookings/${first.id}`)).json<BookingRecord>()
            .status,
        ).toBe('confirmed');
      } finally {
        env.clock.set('2026-11-23T08:00:00Z');
      }
    });
  });
}
