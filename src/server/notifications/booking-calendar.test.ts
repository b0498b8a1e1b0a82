import { describe, expect, it } from 'vitest';
import { bookingCalendarFile } from './booking-calendar';

const site = { publicUrl: 'https://glow.example.com', name: 'Glow at Home' };
const booking = {
  id: 'b-1',
  startsAt: '2026-11-24T09:00:00.000Z',
  endsAt: '2026-11-24T10:30:00.000Z',
  title: 'Massage, with Anna; 60 min',
  description: `First line\nSecond line with a \\ and ${'é'.repeat(60)} (two octets each)`,
  location: '1 Street, Town',
  sequence: 2,
  status: 'confirmed' as const,
};

const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const field = (ics: string, name: string) =>
  new RegExp(`^${name}:(.*)$`, 'm').exec(unfolded(ics))?.[1];

describe('bookingCalendarFile', () => {
  it('writes one event with its times in UTC and its text escaped', () => {
    const ics = bookingCalendarFile(booking, site);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(field(ics, 'UID')).toBe('booking-b-1@glow.example.com');
    expect(field(ics, 'DTSTART')).toBe('20261124T090000Z');
    expect(field(ics, 'DTEND')).toBe('20261124T103000Z');
    expect(field(ics, 'SEQUENCE')).toBe('2');
    expect(field(ics, 'METHOD')).toBe('PUBLISH');
    expect(field(ics, 'SUMMARY')).toBe('Massage\\, with Anna\\; 60 min');
    expect(field(ics, 'DESCRIPTION')).toBe(
      `First line\\nSecond line with a \\\\ and ${'é'.repeat(60)} (two octets each)`,
    );
    expect(field(ics, 'URL')).toBe('https://glow.example.com/account/appointments');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const ics = bookingCalendarFile(booking, site);
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(unfolded(ics)).toContain('é'.repeat(60));
  });

  it("cancels, and leaves the customer's link out of the therapist's copy", () => {
    const ics = bookingCalendarFile(
      { ...booking, status: 'cancelled', audience: 'therapist' },
      site,
    );
    expect(field(ics, 'METHOD')).toBe('CANCEL');
    expect(field(ics, 'STATUS')).toBe('CANCELLED');
    expect(field(ics, 'UID')).toBe('booking-b-1-therapist@glow.example.com');
    expect(field(ics, 'URL')).toBeUndefined();
  });
});
