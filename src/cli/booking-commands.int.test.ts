import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableTherapistsAnswer, therapistsWithSlotInstants } from '../contract/availability';
import { ukDateOf } from '../domain/uk-time';
import { importCatalogue } from '../server/catalogue/import-catalogue';
import type { DataDirLock } from '../server/db/data-dir-lock';
import { emailOutbox, payment, providerTask, walletEntry } from '../server/db/schema';
import {
  bookingTherapist,
  giveCredit,
  holdOk,
  newCustomer,
  payRequest,
  post,
  testCatalogue,
  type BookingCustomer,
} from '../test-support/booking-fixtures';
import { CLI_TIMEOUT_MS, runCli } from '../test-support/run-cli';
import { serveDataDir } from '../test-support/serve-data-dir';
import { buildTestApp } from '../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database';

// Customer service at the command line, on the real clock (the command line has no other): a
// booking three days ahead is looked up, exported and cancelled with a full refund. On PGlite the
// commands go through the running server that holds the data folder; on PostgreSQL they open the
// database themselves. Either way the same use cases run.

const DAY = ukDateOf(Date.now() + 3 * 24 * 3600_000, 'UTC');
const START = `${DAY}T10:00:00.000Z`;

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'admin-bookings-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe.each(testDatabaseKinds('one'))(
  'customer service commands on %s',
  (kind) => {
    let database: TestDatabase;
    let app: FastifyInstance;
    let lock: DataDirLock | null = null;
    let env: Record<string, string>;
    let ada: BookingCustomer;
    let bookingId: string;
    let reference: string;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const therapist = bookingTherapist('t-anna', {
        availability: [{ start: `${DAY}T09:00:00Z`, end: `${DAY}T17:00:00Z` }],
      });
      const imported = await importCatalogue(database.db, testCatalogue([therapist]));
      if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
      const direct = kind === 'postgres' && database.url;
      const dataDir = path.join(workDir, `served-${kind}`);
      const served = direct ? null : await serveDataDir(dataDir);
      lock = served?.lock ?? null;
      app = await buildTestApp(database, {
        env: { AVAILABILITY_CACHE_SECONDS: '0' },
        ...(served ? { cliToken: served.token } : {}),
      });
      await served?.listen(app);
      env = direct ? { DATABASE_URL: direct } : { DATA_DIR: dataDir };

      ada = await newCustomer(app, database.db, { name: 'Ada Lovelace' });
      await giveCredit(database.db, ada.id, 1000);
      const held = await holdOk(app, ada, { startsAt: START, useCredit: true });
      const paid = await payRequest(app, ada, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      bookingId = held.id;
      const record = await app.inject({
        url: `/api/internal/bookings/${bookingId}`,
        headers: { authorization: 'Bearer test-internal-token-0123456789abcdef' },
      });
      reference = record.json<{ reference: string }>().reference;
    });
    afterAll(async () => {
      await app?.close();
      await lock?.release();
      await database?.destroy();
    });

    it('shows a booking by reference, and lists and exports a range of days', async () => {
      const shown = await runCli(['booking', reference.toLowerCase()], env);
      expect(shown.stderr).toBe('');
      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain(`Booking ${reference}  confirmed`);
      expect(shown.stdout).toContain('Customer:    Ada Lovelace');
      expect(shown.stdout).toMatch(/Payments\n {2}#1 +card +visa 4242 +succeeded +£20\.00/);
      expect(shown.stdout).toMatch(/booking_payment +-£10\.00/);
      expect(shown.stdout).toMatch(/email +\S+ +Your booking is confirmed +pending/);

      const csv = await runCli(['bookings', '--from', DAY, '--to', DAY, '--csv'], env);
      expect(csv.code).toBe(0);
      const lines = csv.stdout.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^reference,id,status,starts_at,/);
      expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([
        [reference, bookingId, 'confirmed'],
      ]);
      const none = await runCli(
        ['bookings', '--from', DAY, '--to', DAY, '--therapist', 't-cara'],
        env,
      );
      expect(none.stdout).toBe('  (none)\n0 bookings.\n');

      const unknown = await runCli(['booking', 'ZZZZ-ZZZZ'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No booking has the reference ZZZZ-ZZZZ.\n');
    });

    it('cancels with a full refund: card and wallet refunded, customer told, time free again', async () => {
      const refused = await runCli(['cancel', reference, '--refund', 'some'], env);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('cancel needs --reason TEXT');

      const run = await runCli(
        ['cancel', reference, '--refund', 'full', '--reason', 'Therapist unwell'],
        env,
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        `Cancelled ${reference}. Refund £30.00 (card £20.00, wallet £10.00). ` +
          'The customer is told by email and push; the time is free again.\n',
      );

      const db = database.db;
      const [paid] = await db.select().from(payment).where(eq(payment.bookingId, bookingId));
      expect(paid).toMatchObject({ status: 'refunded', refundedPence: 2000 });
      const refunds = await db
        .select()
        .from(providerTask)
        .where(and(eq(providerTask.bookingId, bookingId), eq(providerTask.kind, 'refund')));
      expect(refunds.map((t) => [t.status, t.params])).toEqual([
        ['done', expect.objectContaining({ amountPence: 2000 })],
      ]);
      const ledger = await db.select().from(walletEntry).where(eq(walletEntry.userId, ada.id));
      expect(ledger.map((e) => e.amountPence).sort()).toEqual([-1000, 1000, 1000].sort());
      expect(ledger.reduce((sum, e) => sum + e.amountPence, 0)).toBe(1000);
      const mail = await db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `booking-${bookingId}-cancelled`));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.toAddress).toBe(ada.email);
      expect(mail[0]?.textBody).toContain('we have had to cancel your booking');

      const times = await app.inject(
        `/api/cities/testcity/therapists?date=${DAY}&treatments=massage-60`,
      );
      const anna = therapistsWithSlotInstants(availableTherapistsAnswer.parse(times.json())).find(
        (t) => t.id === 't-anna',
      );
      expect(anna?.slots).toContain(START);

      const record = await runCli(['booking', reference], env);
      expect(record.stdout).toContain('Cancelled:   by the company at');
      expect(record.stdout).toContain(': Therapist unwell');

      const again = await runCli(
        ['cancel', reference, '--refund', 'full', '--reason', 'Therapist unwell'],
        env,
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(
        `Booking ${reference} is already cancelled; nothing was changed.\n`,
      );
      // The customer cannot be refunded twice, nor told twice.
      const [still] = await db.select().from(payment).where(eq(payment.bookingId, bookingId));
      expect(still?.refundedPence).toBe(2000);
      expect(
        (await post(app, ada, `/api/bookings/${bookingId}/cancel`)).json<{ refundPence: number }>()
          .refundPence,
      ).toBe(3000);
    });
  },
  CLI_TIMEOUT_MS,
);
