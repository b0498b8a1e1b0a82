import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { queryRows } from '../db/query-rows';
import { customerEvent, user } from '../db/schema';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestCustomer,
  TEST_ORIGIN,
  type TestCustomer,
} from '../../test-support/test-customer';
import {
  holdOk,
  newCustomer,
  setUpBookingTest,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds, type TestDatabase } from '../../test-support/test-database';
import { openEventStream, type OpenedStream } from '../../test-support/event-stream';
import { pruneCustomerEvents } from './prune-customer-events';

// GET /api/me/events end to end: changes made through the API, through another instance and
// straight in the database reach an open stream; a rolled-back change says nothing; a stream
// resumes after a reconnect; limits, session ends and shutdown end streams.

const TOKEN = 'test-internal-token-0123456789abcdef';
const isReady = (e: { event: string }) => e.event === 'ready';

for (const kind of testDatabaseKinds('every')) {
  describe(`the live channel on ${kind}`, () => {
    let env: BookingTestEnv;
    let database: TestDatabase;
    let app: FastifyInstance;
    let base: string;
    let ann: TestCustomer;
    const open: OpenedStream[] = [];

    const stream = async (who: TestCustomer, path = '/api/me/events', extra = {}) => {
      const opened = await openEventStream(base, path, { ...who.headers, ...extra });
      open.push(opened);
      return opened;
    };
    const setArrangement = (target: FastifyInstance, who: TestCustomer, arrangement: string) =>
      target.inject({
        method: 'PUT',
        url: `/api/internal/users/${encodeURIComponent(who.email)}/business-payment`,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { arrangement },
      });

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ({ database, app } = env);
      base = await app.listen({ port: 0, host: '127.0.0.1' });
      ann = await createTestCustomer(app, { name: 'Annabel Quint', accountType: 'business' });
    });
    afterAll(async () => {
      for (const s of open) s.close();
      await app.close();
      await database.destroy();
    });

    it('refuses a visitor without a session: 401 problem+json', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/me/events' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });

    it('streams unbuffered, uncompressed, and names each change through the API, never data', async () => {
      const s = await stream(ann, '/api/me/events', { 'accept-encoding': 'gzip, br' });
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(s.headers['cache-control']).toBe('no-cache, no-transform');
      expect(s.headers['x-accel-buffering']).toBe('no');
      expect(s.headers['content-encoding']).toBeUndefined();
      expect(s.headers['x-content-type-options']).toBe('nosniff');
      await s.waitFor(isReady);
      expect(s.text().startsWith('retry: 3000\n\n')).toBe(true);

      expect((await setArrangement(app, ann, 'invoice')).statusCode).toBe(200);
      const me = await s.waitFor((e) => e.event === 'me');
      expect(me.data).toBe('{}');
      expect(Number(me.id)).toBeGreaterThan(0);

      const saved = await app.inject({
        method: 'POST',
        url: '/api/me/addresses',
        headers: ann.headers,
        payload: { line1: '7 Quarry Close', town: 'Edinburgh', postcode: 'EH6 8RW' },
      });
      expect(saved.statusCode).toBe(201);
      await s.waitFor((e) => e.event === 'addresses');
      // Ids and kinds only: nothing the API would have to be asked for.
      for (const secret of [ann.email, 'Annabel', 'Quint', 'Quarry', 'EH6', 'invoice']) {
        expect(s.text()).not.toContain(secret);
      }
    });

    it('announces a new booking, then each change of it with its id', async () => {
      const bea = await newCustomer(app, database.db);
      const s = await stream(bea);
      await s.waitFor(isReady);
      const held = await holdOk(app, bea);
      await s.waitFor((e) => e.event === 'bookings');
      const cancelled = await app.inject({
        method: 'POST',
        url: `/api/bookings/${held.id}/cancel`,
        headers: bea.headers,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const changed = await s.waitFor((e) => e.event === 'booking');
      expect(JSON.parse(changed.data)).toEqual({ bookingId: held.id });
    });

    it('says nothing of a change that rolled back', async () => {
      const s = await stream(ann);
      await s.waitFor(isReady);
      const from = s.events.length;
      await database.db
        .transaction(async (tx) => {
          await tx.update(user).set({ name: 'Never Saved' }).where(eq(user.id, ann.id));
          tx.rollback();
        })
        .catch(() => undefined);
      // A change that commits afterwards arrives; the rolled-back one never came before it.
      await database.db
        .update(user)
        .set({ phoneNumber: '07700 900999' })
        .where(eq(user.id, ann.id));
      await s.waitFor((e) => e.event === 'me', from);
      expect(s.events.slice(from).map((e) => e.event)).toEqual(['me']);
    });

    it('resumes after a reconnect with what happened meanwhile, by header or query', async () => {
      const first = await stream(ann);
      const ready = await first.waitFor(isReady);
      first.close();
      await setArrangement(app, ann, 'card');
      const after = (id: string | null | undefined) => (e: { event: string; id: string | null }) =>
        e.event === 'me' && Number(e.id) > Number(id);
      const byHeader = await stream(ann, '/api/me/events', { 'last-event-id': ready.id ?? '' });
      const missed = await byHeader.waitFor(after(ready.id));
      const readyAgain = await byHeader.waitFor(isReady);
      expect(byHeader.events.indexOf(missed)).toBeLessThan(byHeader.events.indexOf(readyAgain));

      byHeader.close();
      await database.db.update(user).set({ gender: 'female' }).where(eq(user.id, ann.id));
      const byQuery = await stream(ann, `/api/me/events?lastEventId=${readyAgain.id}`);
      await byQuery.waitFor(after(readyAgain.id));
      await byQuery.waitFor(isReady);
    });

    it('tells a stream resuming from a pruned or unknown point to refetch everything', async () => {
      const s = await stream(ann);
      const ready = await s.waitFor(isReady);
      s.close();
      // Older than the retention, then pruned (the newest row is always kept: add one after).
      await database.db
        .update(customerEvent)
        .set({ createdAt: sql`now() - interval '2 days'` })
        .where(sql`${customerEvent.id} <= ${Number(ready.id)}`);
      await setArrangement(app, ann, 'invoice');
      expect(await pruneCustomerEvents(database.db, 60)).toBeGreaterThan(0);
      const resumed = await stream(ann, `/api/me/events?lastEventId=${ready.id}`);
      await resumed.waitFor((e) => e.event === 'reset');
      await resumed.waitFor(isReady);
      const unknown = await stream(ann, '/api/me/events', { 'last-event-id': 'not-an-id' });
      await unknown.waitFor((e) => e.event === 'reset');
    });

    it('ends the stream of a revoked session after saying so, not the others', async () => {
      const other = await createTestCustomer(app);
      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: other.email, password: 'Correct-Horse-Battery-9' },
      });
      const cookie = second.cookies.find((c) => c.name.endsWith('session_token'));
      const phone = {
        ...other,
        headers: { ...other.headers, cookie: `${cookie?.name}=${cookie?.value}` },
      };
      const desktop = await stream(other);
      await desktop.waitFor(isReady);
      const signOut = (who: TestCustomer) =>
        app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: who.headers });

      const from = desktop.events.length;
      expect((await signOut(phone)).statusCode).toBe(200);
      await desktop.waitFor((e) => e.event === 'session', from);
      // Still open: the next change still arrives.
      await database.db.update(user).set({ gender: 'male' }).where(eq(user.id, other.id));
      await desktop.waitFor((e) => e.event === 'me', from);

      const before = desktop.events.length;
      expect((await signOut(other)).statusCode).toBe(200);
      await desktop.waitFor((e) => e.event === 'session', before);
      const ended = await desktop.waitFor((e) => e.event === 'ended', before);
      expect(JSON.parse(ended.data)).toEqual({ reason: 'signed_out' });
      await desktop.ended;
    });

    it('tells the stream of a customer made a therapist that they sign in elsewhere now', async () => {
      const moved = await createTestCustomer(app);
      const s = await stream(moved);
      await s.waitFor(isReady);
      const roles = await app.inject({
        method: 'PUT',
        url: `/api/internal/users/${encodeURIComponent(moved.email)}/roles`,
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { therapist: true },
      });
      expect(roles.statusCode).toBe(200);
      const ended = await s.waitFor((e) => e.event === 'ended');
      expect(JSON.parse(ended.data)).toEqual({ reason: 'another_service' });
      await s.ended;
    });

    it.runIf(kind === 'postgres')(
      'carries a change made through another instance on the same database',
      async () => {
        // PGlite: one process owns the data folder, so there is no second instance to ask.
        let other: Database | null = null;
        let second: FastifyInstance | null = null;
        try {
          other = await openDatabase({ kind: 'postgres', url: database.url ?? '' });
          second = await buildTestApp(other);
          const s = await stream(ann);
          await s.waitFor(isReady);
          const from = s.events.length;
          expect((await setArrangement(second, ann, 'card')).statusCode).toBe(200);
          await s.waitFor((e) => e.event === 'me', from);
        } finally {
          await second?.close();
          await other?.close();
        }
      },
    );

    it.runIf(kind === 'postgres')(
      'catches up on what was committed while its listening connection was down',
      async () => {
        const s = await stream(ann);
        await s.waitFor(isReady);
        const from = s.events.length;
        const listeners = async () =>
          (
            await queryRows<{ pid: number }>(
              database.db,
              sql`select pid from pg_stat_activity
                  where application_name = 'live-channel' and datname = current_database()`,
            )
          ).map((row) => row.pid);
        const [pid] = await listeners();
        await database.db.execute(sql`select pg_terminate_backend(${pid})`);
        await expect
          .poll(async () => (await listeners()).includes(pid ?? 0), { interval: 5 })
          .toBe(false);
        // Nobody listens now: this NOTIFY is lost, and only the table can tell.
        await database.db.update(user).set({ gender: 'non-binary' }).where(eq(user.id, ann.id));
        await s.waitFor((e) => e.event === 'me', from);
        expect(await listeners()).toHaveLength(1);
      },
    );

    it('caps streams per customer and per address, sends heartbeats and ends all on shutdown', async () => {
      const capped = await buildTestApp(database, {
        env: {
          LIVE_STREAMS_PER_CUSTOMER: '2',
          LIVE_STREAMS_PER_ADDRESS: '3',
          LIVE_HEARTBEAT_SECONDS: '1',
          // A stream outlives the time a request has to arrive.
          REQUEST_TIMEOUT_SECONDS: '1',
        },
      });
      try {
        const url = await capped.listen({ port: 0, host: '127.0.0.1' });
        const bo = await createTestCustomer(capped);
        const streams = [
          await openEventStream(url, '/api/me/events', ann.headers),
          await openEventStream(url, '/api/me/events', ann.headers),
        ];
        open.push(...streams);
        const third = await openEventStream(url, '/api/me/events', ann.headers);
        await third.ended;
        expect(third.status).toBe(429);
        expect(third.headers['content-type']).toContain('application/problem+json');
        expect(JSON.parse(third.text())).toMatchObject({ status: 429, code: 'too_many_streams' });

        const bos = await openEventStream(url, '/api/me/events', bo.headers);
        open.push(bos);
        const fourth = await openEventStream(url, '/api/me/events', bo.headers);
        await fourth.ended;
        expect(fourth.status).toBe(429);
        // A closed stream gives its place back.
        streams[0]?.close();
        await streams[0]?.ended;
        await expect
          .poll(async () => {
            const again = await openEventStream(url, '/api/me/events', ann.headers);
            open.push(again);
            return again.status;
          })
          .toBe(200);

        await bos.waitFor(isReady);
        const pings = () => bos.text().split(': ping\n\n').length - 1;
        await expect.poll(pings, { timeout: 4000 }).toBeGreaterThanOrEqual(2);
        await capped.close();
        await bos.ended;
        await streams[1]?.ended;
      } finally {
        await capped.close();
      }
    });
  });
}
