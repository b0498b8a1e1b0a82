import { and, eq, like } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailAttachment } from '../mail/mail-message';
import { emailOutbox, webhookDelivery } from '../db/schema';
import {
  at,
  bookingCatalogue,
  bookingTherapist,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';

// A therapist with an email is told of each booking confirmed, moved or cancelled, once, with a
// calendar file that a calendar app can read; a therapist without one is told nothing.

function eventOf(attachment: MailAttachment | undefined) {
  const calendar = new ICAL.Component(ICAL.parse(attachment?.content ?? ''));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return {
    method: calendar.getFirstPropertyValue('method'),
    status: event.component.getFirstPropertyValue('status'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
  };
}

for (const kind of testDatabaseKinds('one')) {
  describe(`therapists' booking emails on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;

    const book = async (therapistId: string, startsAt: string) => {
      const held = await holdOk(env.app, ada, { therapistId, startsAt });
      const paid = await payRequest(env.app, ada, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const therapistMails = (bookingId: string) =>
      env.database.db
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `booking-${bookingId}-therapist-%`))
        .orderBy(emailOutbox.id);

    beforeAll(async () => {
      env = await setUpBookingTest(kind, {
        catalogue: bookingCatalogue([
          bookingTherapist('t-anna', { email: 'anna@example.com' }),
          bookingTherapist('t-bella'),
        ]),
        // Webhooks too: one change's news for the therapist and for other systems side by side.
        env: {
          WEBHOOK_URLS: 'http://127.0.0.1:9/hook',
          WEBHOOK_SECRET: 'test-webhook-secret-0123456789abcdef',
        },
        deps: { webhookWorker: false },
      });
      ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('emails the therapist once for each confirm, move and cancel, with a calendar file', async () => {
      const id = await book('t-anna', at('2026-11-25', '10:00'));
      const moved = await post(env.app, ada, `/api/bookings/${id}/reschedule`, {
        startsAt: at('2026-11-26', '14:00'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await post(env.app, ada, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);

      const mails = await therapistMails(id);
      expect(mails.map((m) => [m.toAddress, m.dedupeKey])).toEqual([
        ['anna@example.com', `booking-${id}-therapist-confirmed`],
        ['anna@example.com', `booking-${id}-therapist-moved-1`],
        ['anna@example.com', `booking-${id}-therapist-cancelled`],
      ]);
      const [confirmed, rescheduled, cancelled] = mails;
      const events = await env.database.db
        .select({ type: webhookDelivery.type, payload: webhookDelivery.payload })
        .from(webhookDelivery)
        .where(eq(webhookDelivery.bookingId, id))
        .orderBy(webhookDelivery.id);
      expect(events.map((e) => e.type)).toEqual([
        'booking.confirmed',
        'booking.moved',
        'booking.cancelled',
      ]);
      const reference = (events[0]?.payload as { data: { booking: { reference: string } } }).data
        .booking.reference;
      expect(confirmed?.subject).toContain(`New booking ${reference}:`);
      expect(confirmed?.subject).toMatch(
        /^New booking [A-Z0-9]{8}: Wednesday, 25 November 2026 at 10:00$/,
      );
      expect(confirmed?.textBody).toContain('Customer: Ada\n');
      expect(confirmed?.textBody).toContain('Where: 1 Test Street, Test City, EH1 1AA');
      expect(confirmed?.textBody).toContain(
        'When: Wednesday, 25 November 2026 at 10:00 to 11:00 (UK time)',
      );
      expect(confirmed?.textBody).toContain('Travel time: 15 minutes, until 11:15');
      expect(confirmed?.textBody).toContain('  - Massage (60 min)');
      expect(confirmed?.textBody).not.toContain('Lovelace');
      expect(rescheduled?.subject).toMatch(/moved to Thursday, 26 November 2026 at 14:00$/);
      expect(cancelled?.subject).toMatch(/cancelled: Thursday, 26 November 2026 at 14:00 is free$/);

      const files = mails.map((m) => eventOf((m.attachments as MailAttachment[])[0]));
      const uid = `booking-${id}-therapist@localhost`;
      expect(files).toEqual([
        expect.objectContaining({ method: 'PUBLISH', status: 'CONFIRMED', uid, sequence: 0 }),
        expect.objectContaining({
          method: 'PUBLISH',
          uid,
          sequence: 1,
          start: at('2026-11-26', '14:00'),
        }),
        expect.objectContaining({ method: 'CANCEL', status: 'CANCELLED', uid, sequence: 2 }),
      ]);
      expect(files[0]).toMatchObject({
        summary: 'Massage — Ada',
        location: '1 Test Street, Test City, EH1 1AA',
      });
      // The customer's own email is still theirs, with its own event.
      const customer = await env.database.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.toAddress, ada.email),
            eq(emailOutbox.dedupeKey, `booking-${id}-confirmed`),
          ),
        );
      expect(customer).toHaveLength(1);
    });

    it('sends nothing to a therapist without an email', async () => {
      const id = await book('t-bella', at('2026-11-25', '10:00'));
      expect((await post(env.app, ada, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
      expect(await therapistMails(id)).toEqual([]);
    });
  });
}
