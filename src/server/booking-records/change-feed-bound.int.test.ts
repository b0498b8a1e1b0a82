import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingListQuery,
  type BookingChange,
  type BookingFeedAnswer,
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
import { testDatabaseKinds } from '../../test-support/test-database';
import { openDatabase, type Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { readBookingFeed } from './list-booking-records';

// The feed's bound is this database's own oldest running transaction (decision 0068): a
// transaction left open in another database on the same PostgreSQL server must not hold it back,
// while one in this database still must, or a change committed late would be skipped. PGlite has
// a single session and no other database; the feed tests in booking-records.int.test.ts run the
// same statement there.

const adminUrl = process.env.TEST_DATABASE_URL;
const unique = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

function withUrl(url: string, change: (u: URL) => void): string {
  const u = new URL(url);
  change(u);
  return u.toString();
}

async function adminQuery(text: string, url = adminUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A session in another database with a transaction that has a transaction id, left open. */
async function openTransactionIn(url: string): Promise<{ xid: bigint; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  const { rows } = await client.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
  return {
    xid: BigInt(rows[0]?.xid ?? '0'),
    end: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

const txidOf = (cursor: string) => BigInt(cursor.split('.')[0] ?? '0');
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.runIf(testDatabaseKinds('every').includes('postgres') && adminUrl)(
  'the change feed bound on postgres',
  () => {
    let env: BookingTestEnv;
    let elsewhereName: string;
    let elsewhereUrl: string;
    let customers: BookingCustomer[];

    const feed = async (db: Db, cursor: string): Promise<BookingFeedAnswer> =>
      readBookingFeed(db, cursor, bookingListQuery.parse({ since: cursor, limit: 500 }));

    /**
     * Reads on from the cursor until `done` says so, or a bounded number of rounds: this
     * database's own short transactions (the test app's workers) may hold the feed back briefly.
     */
    async function readUntil(
      db: Db,
      cursor: string,
      done: (changes: BookingChange[]) => boolean,
    ): Promise<{ changes: BookingChange[]; cursor: string }> {
      const changes: BookingChange[] = [];
      for (let round = 0; round < 100 && !done(changes); round++) {
        if (round > 0) await pause();
        const page = await feed(db, cursor);
        changes.push(...page.changes);
        cursor = page.nextCursor;
      }
      return { changes, cursor };
    }

    /** The cursor past every change committed so far in this database. */
    async function endOfFeed(): Promise<string> {
      const [count] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from booking_change`,
      );
      const all = count?.n ?? 0;
      const { cursor, changes } = await readUntil(env.database.db, '0.0', (c) => c.length >= all);
      expect(changes.length).toBe(all);
      return cursor;
    }

    const book = async (c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(env.app, c, { startsAt });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const statusesOf = (changes: BookingChange[], bookingId: string) =>
      changes.filter((c) => c.booking.id === bookingId).map((c) => `${c.kind}:${c.toStatus}`);

    beforeAll(async () => {
      if (!adminUrl) throw new Error('TEST_DATABASE_URL');
      env = await setUpBookingTest('postgres');
      elsewhereName = unique('feed_elsewhere');
      await adminQuery(`create database "${elsewhereName}"`);
      elsewhereUrl = withUrl(adminUrl, (u) => (u.pathname = `/${elsewhereName}`));
      customers = await Promise.all([1, 2, 3].map(() => newCustomer(env.app, env.database.db)));
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      await adminQuery(`drop database if exists "${elsewhereName}" with (force)`);
    });

    it('is not held back by a transaction left open in another database', async () => {
      const [ada] = customers;
      if (!ada) throw new Error('customers');
      const elsewhere = await openTransactionIn(elsewhereUrl);
      try {
        const cursor = await endOfFeed();
        const id = await book(ada, at('2026-11-24', '09:00'));
        const read = await readUntil(env.database.db, cursor, (c) =>
          statusesOf(c, id).includes('status:confirmed'),
        );
        expect(statusesOf(read.changes, id)).toEqual(['created:held', 'status:confirmed']);
        // Older than both changes and still open: the server-wide bound would have held them.
        for (const change of read.changes) expect(txidOf(change.cursor) > elsewhere.xid).toBe(true);
      } finally {
        await elsewhere.end();
      }
    });

    it('still holds a change back behind an older writer in this database', async () => {
      const [ada, ben] = customers;
      if (!ada || !ben || !env.database.url) throw new Error('set-up');
      const early = await book(ada, at('2026-11-25', '09:00'));
      const late = await book(ben, at('2026-11-25', '13:00'));
      const elsewhere = await openTransactionIn(elsewhereUrl);
      const slow = new pg.Client({ connectionString: env.database.url });
      await slow.connect();
      try {
        const cursor = await endOfFeed();
        // An older transaction here writes a change and stays open while the app commits a later
        // one; the transaction elsewhere is older than both and must not decide anything.
        await slow.query('begin');
        await slow.query(
          `update booking set address_snapshot = address_snapshot || '{"instructions":"Ring twice"}'::jsonb where id = $1`,
          [early],
        );
        expect((await post(env.app, ben, `/api/bookings/${late}/cancel`)).statusCode).toBe(200);
        const meanwhile = await feed(env.database.db, cursor);
        expect(meanwhile).toMatchObject({ changes: [], nextCursor: cursor });
        await slow.query('commit');

        const after = await readUntil(env.database.db, cursor, (c) => c.length >= 2);
        expect(after.changes.map((c) => [c.booking.id, c.kind, c.toStatus])).toEqual([
          [early, 'updated', 'confirmed'],
          [late, 'status', 'cancelled'],
        ]);
      } finally {
        await slow.end();
        await elsewhere.end();
      }
    });

    it('needs no superuser, and waits for the whole server when pg_stat_activity is closed to it', async () => {
      const [, , cleo] = customers;
      if (!cleo || !env.database.url || !adminUrl) throw new Error('set-up');
      // A plain role, like a production one: it sees neither the queries nor the state of other
      // roles' sessions, but it does see their database and transaction id.
      const role = unique('feed_reader');
      await adminQuery(`create role "${role}" login`);
      await adminQuery(
        `grant select on all tables in schema public to "${role}"`,
        env.database.url,
      );
      const reader = await openDatabase({
        kind: 'postgres',
        url: withUrl(env.database.url, (u) => (u.username = role)),
      });
      try {
        const elsewhere = await openTransactionIn(elsewhereUrl);
        let cursor: string;
        try {
          cursor = await endOfFeed();
          const first = await book(cleo, at('2026-11-26', '09:00'));
          const read = await readUntil(reader.db, cursor, (c) =>
            statusesOf(c, first).includes('status:confirmed'),
          );
          expect(statusesOf(read.changes, first)).toEqual(['created:held', 'status:confirmed']);
          cursor = read.cursor;
        } finally {
          await elsewhere.end();
        }

        // Without pg_stat_activity the role cannot tell databases apart: it still reads the feed,
        // bounded by the oldest transaction on the whole server.
        await adminQuery(
          `revoke select on pg_catalog.pg_stat_activity from public`,
          env.database.url,
        );
        const stillElsewhere = await openTransactionIn(elsewhereUrl);
        let second: string;
        try {
          second = await book(cleo, at('2026-11-26', '13:00'));
          expect(await feed(reader.db, cursor)).toMatchObject({ changes: [], nextCursor: cursor });
        } finally {
          await stillElsewhere.end();
        }
        const after = await readUntil(reader.db, cursor, (c) =>
          statusesOf(c, second).includes('status:confirmed'),
        );
        expect(statusesOf(after.changes, second)).toEqual(['created:held', 'status:confirmed']);
      } finally {
        await reader.close();
        await adminQuery(`drop owned by "${role}"`, env.database.url);
        await adminQuery(`drop role "${role}"`);
      }
    });
  },
);
