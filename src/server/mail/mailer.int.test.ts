import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test-support/test-smtp-server';
import { createMailWorker } from './mail-worker';
import { createMailer } from './mailer';
import { enqueueMail } from './outbox';
import { DEMO_COMPANY } from '../config';
import { magicLinkEmail } from '../auth/auth-emails';

const message = {
  to: 'someone@example.com',
  subject: 'Your booking',
  text: 'See you soon',
  attachments: [
    { filename: 'booking.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' },
  ],
};

const quiet = { warn: () => undefined, error: () => undefined };

for (const kind of testDatabaseKinds('one')) {
  describe(`mailer on ${kind}`, () => {
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

    const row = async (id: number) =>
      (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

    it('keeps a message in the outbox when no SMTP server is configured', async () => {
      const sent = await createMailer(database.db, testConfig()).send(message);
      expect(sent.status).toBe('pending');
      expect(await row(sent.id)).toMatchObject({
        toAddress: 'someone@example.com',
        status: 'pending',
        attempts: 0,
      });
      await database.db.delete(emailOutbox);
    });

    it('queues, wakes the worker, and the worker sends it with its attachment', async () => {
      const worker = createMailWorker({
        db: database.db,
        smtpUrl: smtp.url,
        from: 'Glow at Home <bookings@glowathome.example>',
        messageIdDomain: 'glow.test',
        company: DEMO_COMPANY,
        log: quiet,
        // Long enough that only wake() can explain a prompt delivery.
        pollIntervalMs: 60_000,
      });
      worker.start();
      try {
        const mailer = createMailer(database.db, undefined, { wake: () => worker.wake() });
        const { html } = magicLinkEmail('woken@example.com', 'https://glow.test/link', 15);
        const sent = await mailer.send({ ...message, to: 'woken@example.com', html });
        expect(sent.status).toBe('pending');
        const received = await smtp.waitFor('woken@example.com', /booking\.ics/);
        expect(received.raw).toContain('Content-Type: text/calendar');
        // The branded HTML and the plain text travel as alternatives of one another.
        expect(received.raw).toContain('Content-Type: multipart/alternative');
        expect(received.raw).toContain('Content-Type: text/plain');
        expect(received.raw).toContain('Content-Type: text/html');
        expect(received.decoded).toMatch(
          /<html dir=3D"ltr" lang=3D"en">|<html dir="ltr" lang="en">/,
        );
        // Every message says who sent it (src/server/mail/company-footer.ts).
        expect(received.decoded).toContain(
          'Registered in Scotland, company number SC000000. Registered office: 1 Demo Street, Edinburgh, EH1 1AA.',
        );
        // Attachments travel base64-encoded.
        expect(received.raw).toContain(Buffer.from('BEGIN:VCALENDAR').toString('base64'));
        expect(received.raw).toMatch(
          new RegExp(`Message-ID: <outbox\\.${sent.id}\\.\\d+@glow\\.test>`),
        );
        await expect.poll(async () => (await row(sent.id))?.status, { timeout: 5000 }).toBe('sent');
        expect((await row(sent.id))?.sentAt).not.toBeNull();
      } finally {
        await worker.stop();
      }
    });

    it('runs a worker in every app with SMTP_URL, stopped when the app closes', async () => {
      const app = await buildTestApp(database, {
        env: { SMTP_URL: smtp.url },
        mailWorker: { pollIntervalMs: 20 },
      });
      await app.ready();
      try {
        // Queued straight into the table: only the app's polling worker can send it.
        const id = await enqueueMail(database.db, { ...message, to: 'polled@example.com' });
        await smtp.waitFor('polled@example.com');
        await expect.poll(async () => (await row(id ?? 0))?.status, { timeout: 5000 }).toBe('sent');
      } finally {
        await app.close();
      }
    });
  });
}
