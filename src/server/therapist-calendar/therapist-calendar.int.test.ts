import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type HoldOptions,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';

// The therapist's calendar feed read as a calendar app reads it: parsed by ical.js, it must show
// exactly the therapist's upcoming confirmed bookings, each with its travel time.

const auth = { authorization: 'Bearer test-internal-token-0123456789abcdef' };

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  location: string;
  description: string;
  sequence: number;
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v): FeedEvent => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      location: e.location ?? '',
      description: e.description ?? '',
      sequence: e.sequence,
    };
  });
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    refresh: String(calendar.getFirstPropertyValue('refresh-interval')),
    events,
  };
}

for (const kind of testDatabaseKinds('one')) {
  describe(`therapists' calendar feeds on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let ben: BookingCustomer;

    const book = async (c: BookingCustomer, options: HoldOptions) => {
      const held = await holdOk(env.app, c, options);
      const paid = await payRequest(env.app, c, held.id);
      expect(paid.statusCode, paid.body).toBe(200);
      return held.id;
    };
    const calendarUrl = async (therapistId: string, rotate = false) => {
      const res = await env.app.inject({
        method: rotate ? 'POST' : 'GET',
        url: `/api/internal/therapists/${therapistId}/calendar-url${rotate ? '/rotate' : ''}`,
        headers: auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ therapistId: string; url: string }>().url;
    };
    const fetchFeed = (url: string) =>
      env.app.inject({ method: 'GET', url: new URL(url).pathname });

    beforeAll(async () => {
      env = await setUpBookingTest(kind, {
        catalogue: bookingCatalogue([
          bookingTherapist('t-anna', { email: 'anna@example.com' }),
          bookingTherapist('t-bella'),
        ]),
      });
      ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
      ben = await newCustomer(env.app, env.database.db, { name: 'Ben Okri' });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('gives one private URL per therapist until it is rotated, and 404 for no such therapist', async () => {
      const url = await calendarUrl('t-anna');
      expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendars\/[\w-]{43}\.ics$/);
      expect(await calendarUrl('t-anna')).toBe(url);
      expect(await calendarUrl('t-bella')).not.toBe(url);

      const unknown = await env.app.inject({
        url: '/api/internal/therapists/t-nobody/calendar-url',
        headers: auth,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toContain('application/problem+json');
      expect(unknown.json()).toMatchObject({ detail: 'No therapist with id t-nobody.' });
      const anonymous = await env.app.inject({
        url: '/api/internal/therapists/t-anna/calendar-url',
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("shows exactly the therapist's upcoming confirmed bookings, with travel time", async () => {
      // Far enough before the next for the journey between them (docs/decisions/0077).
      const done = await book(ada, { startsAt: at('2026-11-24', '09:00') });
      const now = await book(ada, {
        startsAt: at('2026-11-24', '11:15'),
        treatmentIds: ['massage-60', 'hot-stones'],
      });
      const later = await book(ben, { startsAt: at('2026-11-26', '14:00') });
      const cancelled = await book(ada, { startsAt: at('2026-11-25', '10:00') });
      expect((await post(env.app, ada, `/api/bookings/${cancelled}/cancel`)).statusCode).toBe(200);
      await holdOk(env.app, ben, { startsAt: at('2026-11-27', '10:00') });
      await book(ben, { therapistId: 't-bella', startsAt: at('2026-11-24', '13:00') });
      // The first booking (09:00 to 10:00, travel until 10:15) is over; the second has begun.
      env.clock.set(at('2026-11-24', '11:30'));

      const res = await fetchFeed(await calendarUrl('t-anna'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const feed = parseFeed(res.body);
      expect(feed.name).toBe('Glow at Home — Anna');
      expect(feed.refresh).toBe('PT15M');
      expect(feed.events.map((e) => [e.summary, e.start, e.end])).toEqual([
        ['Massage, Hot Stones — Ada', at('2026-11-24', '11:15'), at('2026-11-24', '12:30')],
        ['Travel time', at('2026-11-24', '12:30'), at('2026-11-24', '12:45')],
        ['Massage — Ben', at('2026-11-26', '14:00'), at('2026-11-26', '15:00')],
        ['Travel time', at('2026-11-26', '15:00'), at('2026-11-26', '15:15')],
      ]);
      expect(feed.events[0]?.uid).toBe(`booking-${now}-therapist@localhost`);
      expect(feed.events[2]?.uid).toBe(`booking-${later}-therapist@localhost`);
      expect(new Set(feed.events.map((e) => e.uid)).size).toBe(4);
      expect(feed.events[0]?.location).toBe('1 Test Street, Test City, EH1 1AA');
      expect(feed.events[0]?.description).toContain('Customer: Ada');
      expect(feed.events[0]?.description).toMatch(/Reference: [A-Z0-9]{8}/);
      expect(feed.events[0]?.description).toContain('- Hot Stones (15 min)');
      // First name only: no surname, email or phone in a feed that calendar services keep.
      expect(res.body).not.toContain('Lovelace');
      expect(res.body).not.toContain(ada.email);
      expect(res.body).not.toContain(done);

      // A move shows the new time as a newer version of the same event.
      env.clock.set(at('2026-11-24', '11:30'));
      const moved = await post(env.app, ben, `/api/bookings/${later}/reschedule`, {
        startsAt: at('2026-11-27', '14:00'),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const after = parseFeed((await fetchFeed(await calendarUrl('t-anna'))).body);
      expect(after.events[2]).toMatchObject({
        uid: `booking-${later}-therapist@localhost`,
        start: at('2026-11-27', '14:00'),
        sequence: 1,
      });

      const bella = parseFeed((await fetchFeed(await calendarUrl('t-bella'))).body);
      expect(bella.events.map((e) => e.summary)).toEqual(['Massage — Ben', 'Travel time']);
    });

    it('answers 404 to a rotated, unknown or malformed token', async () => {
      const old = await calendarUrl('t-anna');
      const fresh = await calendarUrl('t-anna', true);
      expect(fresh).not.toBe(old);
      expect(await calendarUrl('t-anna')).toBe(fresh);
      expect((await fetchFeed(fresh)).statusCode).toBe(200);

      const token = new URL(fresh).pathname.split('/').pop()?.replace('.ics', '') ?? '';
      for (const path of [
        new URL(old).pathname,
        `/api/calendars/${'A'.repeat(43)}.ics`,
        `/api/calendars/${token}`,
        '/api/calendars/x.ics',
      ]) {
        const res = await env.app.inject({ url: path });
        expect(res.statusCode, path).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
      const rotateUnknown = await env.app.inject({
        method: 'POST',
        url: '/api/internal/therapists/t-nobody/calendar-url/rotate',
        headers: auth,
      });
      expect(rotateUnknown.statusCode).toBe(404);
    });
  });
}
