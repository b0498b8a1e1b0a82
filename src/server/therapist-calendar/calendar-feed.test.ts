import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingRecord as record } from '../../test-support/booking-record-fixture';
import { therapistFeed } from './calendar-feed';
import { newCalendarToken, TOKEN_PATTERN } from './calendar-token';

const publicUrl = 'https://glow.example.com';

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

describe('therapistFeed', () => {
  it('is a valid calendar even with no bookings, refreshed every 15 minutes', () => {
    const text = therapistFeed({ therapistName: 'Anna Smith', publicUrl, bookings: [] });
    const { calendar, events } = parse(text);
    expect(events).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Glow at Home — Anna Smith');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT15M');
    expect(calendar.getAllProperties('x-published-ttl').map((p) => p.getFirstValue())).toEqual([
      'PT15M',
    ]);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  });

  it('shows a booking and its travel time as two events, the reschedule count as SEQUENCE', () => {
    const text = therapistFeed({
      therapistName: 'Anna',
      publicUrl,
      bookings: [{ record: record(), rescheduleCount: 2 }],
    });
    const { events } = parse(text);
    expect(
      events.map((e) => [e.uid, e.summary, e.startDate.toJSDate().toISOString(), e.sequence]),
    ).toEqual([
      [
        `booking-${record().id}-therapist@glow.example.com`,
        'Massage, Hot Stones — Ada',
        '2026-07-01T09:00:00.000Z',
        2,
      ],
      [
        `booking-${record().id}-therapist-travel@glow.example.com`,
        'Travel time',
        '2026-07-01T10:15:00.000Z',
        2,
      ],
    ]);
    // Commas and line breaks survive iCalendar's escaping.
    expect(events[0]?.location).toBe('1 Test Street, Flat 2, Edinburgh, EH1 1AA');
    expect(events[0]?.description.split('\n')[0]).toBe('Reference: K7M2QX9D');
  });

  it('leaves the travel event out when there is no buffer', () => {
    const noBuffer = record({ endsWithBufferAt: record().endsAt });
    const { events } = parse(
      therapistFeed({
        therapistName: 'Anna',
        publicUrl,
        bookings: [{ record: noBuffer, rescheduleCount: 0 }],
      }),
    );
    expect(events.map((e) => e.summary)).toEqual(['Massage, Hot Stones — Ada']);
  });
});

describe('calendar tokens', () => {
  it('are 256 random bits in base64url, never the same twice', () => {
    const a = newCalendarToken();
    expect(a).toMatch(TOKEN_PATTERN);
    expect(newCalendarToken()).not.toBe(a);
    expect(TOKEN_PATTERN.test('../../etc/passwd')).toBe(false);
  });
});
