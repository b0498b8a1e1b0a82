import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { testConfig } from '../testing/test-config';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-database';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/test-smtp-server';
import { createMailer } from './mailer';

const message = {
  to: 'someone@example.com',
  subject: 'Your booking',
  text: 'See you soon',
  attachments: [
    { filename: 'booking.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' },
  ],
};

for (const kind of testDatabaseKinds()) {
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
      });
    });

    it('sends through SMTP with its attachment and marks the row sent', async () => {
      const sent = await createMailer(database.db, testConfig({ SMTP_URL: smtp.url })).send(
        message,
      );
      expect(sent.status).toBe('sent');
      const received = await smtp.waitFor('someone@example.com', /booking\.ics/);
      expect(received.raw).toContain('Content-Type: text/calendar');
      // Attachments travel base64-encoded.
      expect(received.raw).toContain(Buffer.from('BEGIN:VCALENDAR').toString('base64'));
      expect((await row(sent.id))?.sentAt).not.toBeNull();
    });

    it('never throws when the mail server is down: the row says failed and why', async () => {
      const warnings: string[] = [];
      const mailer = createMailer(database.db, testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }), {
        warn: (_details, text) => warnings.push(text),
      });
      const sent = await mailer.send(message);
      expect(sent.status).toBe('failed');
      expect(await row(sent.id)).toMatchObject({ status: 'failed', error: expect.any(String) });
      expect(warnings).toHaveLength(1);
    });
  });
}
