import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  at,
  getJson,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';

// "Add to calendar" (GET /api/bookings/:id/calendar.ics) and the booking reference a customer can
// quote: the download is the same event as the email's file, and the email names the reference.

const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const line = (ics: string, name: string) =>
  new RegExp(`^${name}:(.*)$`, 'm').exec(ics.replace(/\r\n[ \t]/g, ''))?.[1];

for (const kind of testDatabaseKinds('one')) {
  describe(`a booking's calendar file and reference on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let ben: BookingCustomer;

    const book = async (c: BookingCustomer, startsAt: string) => {
      const held = await holdOk(env.app, c, { startsAt });
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const calendar = (c: BookingCustomer | null, id: string) =>
      env.app.inject({
        method: 'GET',
        url: `/api/bookings/${id}/calendar.ics`,
        ...(c ? { headers: c.headers } : {}),
      });
    const mailsOf = (c: BookingCustomer, subject: string) =>
      env.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, c.email), eq(emailOutbox.subject, subject)));

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ada = await newCustomer(env.app, env.database.db);
      ben = await newCustomer(env.app, env.database.db);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('gives the owner the same event as the email, named by the reference', async () => {
      const id = await book(ada, at('2026-11-25', '10:00'));
      const { reference } = (await getJson(env.app, ada, `/api/bookings/${id}`)).json<{
        reference: string;
      }>();
      expect(reference).toMatch(REFERENCE);

      const res = await calendar(ada, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="booking-${reference}.ics"`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(line(res.body, 'BEGIN')).toBe('VCALENDAR');
      expect(line(res.body, 'UID')).toMatch(new RegExp(`^booking-${id}@`));
      expect(line(res.body, 'SEQUENCE')).toBe('0');
      expect(line(res.body, 'DTSTART')).toBe('20261125T100000Z');
      expect(res.body.replace(/\r\n[ \t]/g, '')).toContain(`Booking reference: ${reference}`);

      const [mail] = await mailsOf(ada, 'Your booking is confirmed');
      expect(mail?.textBody).toContain(`Booking reference: ${reference}`);
      const attached = (mail?.attachments as { content: string }[] | null)?.[0]?.content ?? '';
      expect(line(attached, 'UID')).toBe(line(res.body, 'UID'));
      expect(line(attached, 'SEQUENCE')).toBe(line(res.body, 'SEQUENCE'));
    });

    it("answers 404 for someone else's booking and 401 to a visitor who is not signed in", async () => {
      const id = await book(ada, at('2026-11-25', '13:00'));
      const other = await calendar(ben, id);
      expect(other.statusCode).toBe(404);
      expect(other.headers['content-type']).toContain('application/problem+json');
      expect(other.body).not.toContain('VCALENDAR');
      expect((await calendar(null, id)).statusCode).toBe(401);
      expect((await calendar(ada, 'not-a-booking')).statusCode).toBe(400);
    });

    it('cancels the event once the booking is cancelled, and has none for a mere hold', async () => {
      const id = await book(ada, at('2026-11-26', '10:00'));
      expect((await post(env.app, ada, `/api/bookings/${id}/cancel`)).statusCode).toBe(200);
      const res = await calendar(ada, id);
      expect(res.statusCode).toBe(200);
      expect(line(res.body, 'METHOD')).toBe('CANCEL');
      expect(line(res.body, 'SEQUENCE')).toBe('1');
      const cancelledMail = (await mailsOf(ada, 'Your booking is cancelled')).find((m) =>
        m.dedupeKey?.includes(id),
      );
      const attached =
        (cancelledMail?.attachments as { content: string }[] | null)?.[0]?.content ?? '';
      expect(line(attached, 'SEQUENCE')).toBe('1');

      const held = await holdOk(env.app, ada, { startsAt: at('2026-11-27', '10:00') });
      const unconfirmed = await calendar(ada, held.id);
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json().code).toBe('booking_not_confirmed');
    });
  });
}
