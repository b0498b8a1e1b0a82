import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { emailOutbox, user } from '../db/schema';
import { deletedEmail } from '../db/deleted-account';
import { erasePersonalData } from '../account/erase-personal-data';
import { queryRows } from '../db/query-rows';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test-support/test-smtp-server';
import {
  claimMail,
  createMailWorker,
  mailBackoffMs,
  markMailSent,
  outboxMessageId,
  type MailWorkerOptions,
} from './mail-worker';
import { enqueueMail } from './outbox';
import { DEMO_COMPANY } from '../config';

const HOUR = 60 * 60_000;
const FROM = 'Glow at Home <bookings@glowathome.example>';

const mail = (to: string) => ({ to, subject: 'Hello', text: 'A message' });

interface LogLine {
  level: 'warn' | 'error';
  details: object;
  message: string;
}

function recordingLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
    error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
  };
}

/** A port nothing listens on (until a test starts a server there). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mail backoff', () => {
  it('doubles from the base per failed attempt and stops at the cap', () => {
    const settings = { backoffBaseMs: 30_000, backoffCapMs: HOUR };
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => mailBackoffMs(n, settings))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      1_920_000,
      HOUR,
      HOUR,
    ]);
  });
});

for (const kind of testDatabaseKinds('every')) {
  describe(`mail worker on ${kind}`, () => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      smtp = await startTestSmtpServer();
    });
    afterAll(async () => {
      await smtp.close();
      await database.destroy();
    });
    beforeEach(async () => {
      await database.db.delete(emailOutbox);
    });

    const workerOn = (
      db: Database['db'],
      options: Partial<MailWorkerOptions> = {},
    ): ReturnType<typeof createMailWorker> =>
      createMailWorker({
        db,
        smtpUrl: smtp.url,
        from: FROM,
        messageIdDomain: 'glow.test',
        company: DEMO_COMPANY,
        log: recordingLog(),
        ...options,
      });
    const rowOf = async (id: number | null) => {
      const [row] = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id ?? -1));
      if (!row) throw new Error(`no outbox row ${String(id)}`);
      return row;
    };
    const receivedBy = (to: string) => smtp.messages.filter((m) => m.to.includes(to));
    /** Moves a row's due time to the database's now: the backoff has passed. */
    const makeDue = (id: number | null) =>
      database.db
        .update(emailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(emailOutbox.id, id ?? -1));
    /** Hours from the database's now to the row's next attempt. */
    const hoursUntilRetry = async (id: number | null) => {
      const [row] = await queryRows<{ hours: number }>(
        database.db,
        sql`select extract(epoch from next_attempt_at - now())::float8 / 3600 as hours
            from email_outbox where id = ${id ?? -1}`,
      );
      return Number(row?.hours);
    };

    it('sends nothing for a rolled-back transaction and once for a committed one', async () => {
      const worker = workerOn(database.db);
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueMail(tx, mail('rolled-back@example.com'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await worker.runOnce()).toBe(0);

      const id = await database.db.transaction((tx) =>
        enqueueMail(tx, mail('committed@example.com')),
      );
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0);
      expect(receivedBy('committed@example.com')).toHaveLength(1);
      expect(receivedBy('rolled-back@example.com')).toHaveLength(0);
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, claimToken: null });
      expect((await database.db.select().from(emailOutbox)).length).toBe(1);
      await worker.stop();
    });

    it('queues a message with a dedupe key once, however often it is enqueued', async () => {
      const worker = workerOn(database.db);
      const key = `booking-${randomUUID()}-confirmed`;
      const first = await enqueueMail(database.db, { ...mail('once@example.com'), dedupeKey: key });
      const second = await database.db.transaction((tx) =>
        enqueueMail(tx, { ...mail('once@example.com'), dedupeKey: key }),
      );
      expect(first).toEqual(expect.any(Number));
      expect(second).toBeNull();
      expect(await worker.runOnce()).toBe(1);
      // Still a no-op once the first has been sent.
      expect(await enqueueMail(database.db, { ...mail('once@example.com'), dedupeKey: key })).toBe(
        null,
      );
      expect(await worker.runOnce()).toBe(0);
      expect(receivedBy('once@example.com')).toHaveLength(1);
      // Messages without a key never collide with each other.
      expect(await enqueueMail(database.db, mail('keyless@example.com'))).not.toBeNull();
      expect(await enqueueMail(database.db, mail('keyless@example.com'))).not.toBeNull();
      await worker.stop();
    });

    it('retries with a growing backoff while SMTP is down, then sends once', async () => {
      const port = await freePort();
      const log = recordingLog();
      const worker = workerOn(database.db, {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        log,
        backoffBaseMs: HOUR,
        backoffCapMs: 4 * HOUR,
      });
      const id = await enqueueMail(database.db, mail('patient@example.com'));

      expect(await worker.runOnce()).toBe(1);
      const afterOne = await rowOf(id);
      expect(afterOne).toMatchObject({ status: 'pending', attempts: 1, claimToken: null });
      expect(afterOne.error).toEqual(expect.any(String));
      // One hour (the base), not yet due.
      expect(await hoursUntilRetry(id)).toBeGreaterThan(0.9);
      expect(await hoursUntilRetry(id)).toBeLessThanOrEqual(1);
      expect(await worker.runOnce()).toBe(0);

      await makeDue(id);
      expect(await worker.runOnce()).toBe(1);
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 2 });
      // Doubled.
      expect(await hoursUntilRetry(id)).toBeGreaterThan(1.9);
      expect(await hoursUntilRetry(id)).toBeLessThanOrEqual(2);
      expect(log.lines.map((l) => l.level)).toEqual(['warn', 'warn']);

      const back = await startTestSmtpServer(port);
      try {
        await makeDue(id);
        expect(await worker.runOnce()).toBe(1);
        expect(await worker.runOnce()).toBe(0);
        expect(back.messages.filter((m) => m.to.includes('patient@example.com'))).toHaveLength(1);
        expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3 });
      } finally {
        await worker.stop();
        await back.close();
      }
    });

    it('gives up after the last attempt: failed, with an error-level log line', async () => {
      const log = recordingLog();
      const worker = workerOn(database.db, {
        smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
        log,
        maxAttempts: 2,
      });
      const id = await enqueueMail(database.db, mail('unlucky@example.com'));
      expect(await worker.runOnce()).toBe(1);
      await makeDue(id);
      expect(await worker.runOnce()).toBe(1);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2 });
      expect((await rowOf(id)).error).toEqual(expect.any(String));
      expect(log.lines.map((l) => l.level)).toEqual(['warn', 'error']);
      expect(log.lines[1]?.details).toMatchObject({ outboxId: id, attempts: 2 });
      await makeDue(id);
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
    });

    it("retakes a crashed worker's claim after its lease, and the late worker cannot settle it", async () => {
      const id = await enqueueMail(database.db, mail('orphan@example.com'));
      const deadToken = randomUUID();
      // The "dead" worker claims and is never heard from again.
      const taken = await claimMail(database.db, {
        batchSize: 10,
        leaseMs: HOUR,
        token: deadToken,
      });
      expect(taken.map((r) => r.id)).toEqual([id]);

      const survivor = workerOn(database.db);
      expect(await survivor.runOnce()).toBe(0);
      expect(receivedBy('orphan@example.com')).toHaveLength(0);

      // The lease runs out.
      await database.db
        .update(emailOutbox)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(emailOutbox.id, id ?? -1));
      // Not yet settled by anyone, and the dead worker's token no longer holds it once retaken.
      expect(await survivor.runOnce()).toBe(1);
      const received = receivedBy('orphan@example.com');
      expect(received).toHaveLength(1);
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      // A resend after a crash carries the same Message-ID, so a receiver can drop it.
      expect(received[0]?.raw).toContain(
        `Message-ID: ${outboxMessageId({ id: row.id, createdAt: row.createdAt }, 'glow.test')}`,
      );
      expect(await markMailSent(database.db, row.id, deadToken)).toBe(false);
      await survivor.stop();
    });

    it('lets only the current claim mark a row sent', async () => {
      const id = await enqueueMail(database.db, mail('lapsed@example.com'));
      const first = randomUUID();
      await claimMail(database.db, { batchSize: 10, leaseMs: HOUR, token: first });
      await database.db
        .update(emailOutbox)
        .set({ claimedUntil: sql`now() - interval '1 second'` })
        .where(eq(emailOutbox.id, id ?? -1));
      const second = randomUUID();
      expect(
        (await claimMail(database.db, { batchSize: 10, leaseMs: HOUR, token: second })).length,
      ).toBe(1);
      expect(await markMailSent(database.db, id ?? -1, first)).toBe(false);
      expect(await markMailSent(database.db, id ?? -1, second)).toBe(true);
      expect(await markMailSent(database.db, id ?? -1, second)).toBe(false);
    });

    it('settles mail to an account erased mid-send, then erases it; never tries a placeholder', async () => {
      const userId = randomUUID();
      const email = `erased.${userId}@example.com`;
      await database.db.insert(user).values({ id: userId, name: 'Erin Erased', email });
      const inFlight = await enqueueMail(database.db, mail(email));
      const token = randomUUID();
      await claimMail(database.db, { batchSize: 10, leaseMs: HOUR, token });
      const waiting = await enqueueMail(database.db, mail(email));
      await database.db.transaction((tx) => erasePersonalData(tx, userId, new Date()));

      // The one a worker was sending is its to settle: it may already be with the mail server.
      expect(await markMailSent(database.db, inFlight ?? -1, token)).toBe(true);
      const gone = {
        toAddress: deletedEmail(userId),
        textBody: '',
        htmlBody: null,
        eraseOnceSentAs: null,
      };
      expect(await rowOf(inFlight)).toMatchObject({ status: 'sent', ...gone });
      // The one still waiting is withdrawn; and a row to a placeholder is never sent.
      expect(await rowOf(waiting)).toMatchObject({ status: 'failed', ...gone });
      const stray = await enqueueMail(database.db, mail(deletedEmail(userId)));
      const worker = workerOn(database.db);
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();
      expect(await rowOf(stray)).toMatchObject({
        status: 'failed',
        error: 'the account was deleted',
      });
      expect(receivedBy(deletedEmail(userId))).toEqual([]);
    });

    it.runIf(kind === 'postgres')(
      'two workers with their own pools deliver 300 messages exactly once between them',
      async () => {
        const url = database.url;
        if (!url) throw new Error('postgres test database has no url');
        const other = await openDatabase({ kind: 'postgres', url });
        const count = 300;
        const addresses = Array.from({ length: count }, (_, i) => `crowd-${i}@example.com`);
        for (const to of addresses) await enqueueMail(database.db, mail(to));

        const workers = [
          workerOn(database.db, { pollIntervalMs: 10 }),
          workerOn(other.db, { pollIntervalMs: 10 }),
        ];
        try {
          for (const w of workers) w.start();
          await expect
            .poll(
              async () =>
                (
                  await database.db
                    .select({ id: emailOutbox.id })
                    .from(emailOutbox)
                    .where(eq(emailOutbox.status, 'sent'))
                ).length,
              { timeout: 60_000, interval: 100 },
            )
            .toBe(count);
        } finally {
          await Promise.all(workers.map((w) => w.stop()));
          await other.close();
        }
        const crowd = smtp.messages.filter((m) => m.to[0]?.startsWith('crowd-'));
        const perAddress = new Map<string, number>();
        for (const m of crowd)
          for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
        expect(crowd).toHaveLength(count);
        expect([...perAddress.keys()].sort()).toEqual([...addresses].sort());
        expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
        const attempts = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from email_outbox where attempts <> 1`,
        );
        expect(attempts[0]?.n).toBe(0);
      },
    );
  });
}
