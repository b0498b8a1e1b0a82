import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UK_TIME_ZONE } from '../../domain/constants';
import { ukDateOf } from '../../domain/uk-time';
import { TestClock } from '../../test-support/booking-fixtures';
import {
  GIFT_CODE,
  buyRequest,
  deliveryMail,
  giftCardOrder,
} from '../../test-support/gift-card-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import { createTestCustomer } from '../../test-support/test-customer';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test-support/test-smtp-server';
import { emailOutbox } from '../db/schema';
import { createMailWorker } from '../mail/mail-worker';
import { RECEIPT_SUBJECT } from './gift-card-emails';
import { DEMO_COMPANY } from '../config';

// The recipient's email goes through the outbox on the send date: not before (whatever the mail
// workers do), once after (two workers racing for it), and not lost when the app that took the
// order is gone. The workers judge "due" by the database's clock, so these cards are bought with
// the app's clock set relative to the real one.

const DAY_MS = 24 * 60 * 60_000;

for (const kind of testDatabaseKinds('one')) {
  describe(`a gift card's email on its send date, on ${kind}`, () => {
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

    const worker = () =>
      createMailWorker({
        db: database.db,
        smtpUrl: smtp.url,
        from: 'Glow at Home <bookings@glow.test>',
        messageIdDomain: 'glow.test',
        company: DEMO_COMPANY,
        log: { warn: () => undefined, error: () => undefined },
      });
    const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

    it('is not sent before its date, and is sent once after it by two racing workers', async () => {
      const realNow = Date.now();
      const ukDay = (offsetDays: number) => ukDateOf(realNow + offsetDays * DAY_MS, UK_TIME_ZONE);
      const clock = new TestClock(new Date(realNow));
      const app = await buildTestApp(database, { now: clock.now });
      const buyer = await createTestCustomer(app, { name: 'Bea Buyer' });

      // Due the day after tomorrow: in the future by any clock.
      const later = giftCardOrder({ recipientEmail: 'later@example.com', sendOn: ukDay(2) });
      expect((await buyRequest(app, buyer, later)).json().status).toBe('confirmed');
      // Bought three days ago for yesterday: scheduled when bought, due now.
      clock.set(new Date(realNow - 3 * DAY_MS).toISOString());
      const due = giftCardOrder({
        recipientEmail: 'due@example.com',
        sendOn: ukDay(-1),
        message: 'Saved this for your day',
      });
      expect((await buyRequest(app, buyer, due)).json().status).toBe('confirmed');
      const scheduled = await deliveryMail(database.db, due.orderId);
      expect(scheduled?.nextAttemptAt.getTime()).toBeGreaterThan(realNow - 3 * DAY_MS);
      expect(scheduled?.status).toBe('pending');
      // The app that took the orders is gone: what is left is the outbox.
      await app.close();

      const [first, second] = [worker(), worker()];
      for (let round = 0; round < 4; round++)
        await Promise.all([first.runOnce(), second.runOnce()]);
      await Promise.all([first.stop(), second.stop()]);

      expect(received('later@example.com')).toEqual([]);
      expect(await deliveryMail(database.db, later.orderId)).toMatchObject({
        status: 'pending',
        attempts: 0,
      });
      const mails = received('due@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.decoded).toMatch(GIFT_CODE);
      expect(mails[0]?.decoded).toContain('Saved this for your day');
      expect(await deliveryMail(database.db, due.orderId)).toMatchObject({
        status: 'sent',
        attempts: 1,
      });
      // The buyers' receipts went at once, once each.
      const receipts = await database.db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, RECEIPT_SUBJECT));
      expect(receipts).toEqual([{ status: 'sent' }, { status: 'sent' }]);
      expect(received(buyer.email).filter((m) => m.raw.includes(RECEIPT_SUBJECT))).toHaveLength(2);
    });
  });
}
