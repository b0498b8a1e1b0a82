import { firstNameOf } from '../../domain/format';
import { describe, expect, it } from 'vitest';
import { bookingRecord as record } from '../../test-support/booking-record-fixture';
import { formatUkDateTime, minutesBetween, oneLineAddress } from './booking-format';
import { therapistEmailText } from './enqueue-therapist-email';
import { therapistEventOf } from './therapist-event';

describe('booking wording', () => {
  it('says UK wall-clock time, in summer too', () => {
    expect(formatUkDateTime('2026-07-01T09:00:00.000Z')).toBe('Wednesday, 1 July 2026 at 10:00');
    expect(formatUkDateTime('2026-12-01T09:00:00.000Z')).toBe('Tuesday, 1 December 2026 at 09:00');
  });

  it('keeps the first name only, and an address on one line', () => {
    expect(firstNameOf('  Ada  Lovelace ')).toBe('Ada');
    expect(firstNameOf('Cher')).toBe('Cher');
    expect(oneLineAddress(record().address)).toBe('1 Test Street, Flat 2, Edinburgh, EH1 1AA');
    expect(oneLineAddress(null)).toBe('');
    expect(minutesBetween('2026-07-01T10:15:00Z', '2026-07-01T10:30:00Z')).toBe(15);
  });
});

describe("the therapist's view of a booking", () => {
  it('names the treatments, the first name, the address, the reference and the travel time', () => {
    expect(therapistEventOf(record())).toEqual({
      title: 'Massage, Hot Stones — Ada',
      description: [
        'Reference: K7M2QX9D',
        'Customer: Ada',
        'Treatments:',
        '- Massage (60 min)',
        '- Hot Stones (15 min)',
        'Access notes: Blue door',
        'Travel time afterwards: 15 min',
      ].join('\n'),
      location: '1 Test Street, Flat 2, Edinburgh, EH1 1AA',
      travelMinutes: 15,
    });
  });

  it("writes the email in UK time, without the customer's surname, phone or email", () => {
    const text = therapistEmailText('confirmed', record());
    expect(text).toContain('Hello Anna,');
    expect(text).toContain('When: Wednesday, 1 July 2026 at 10:00 to 11:15 (UK time)');
    expect(text).toContain('Travel time: 15 minutes, until 11:30');
    expect(text).toContain('Access notes: Blue door');
    for (const secret of ['Lovelace', '7700', 'ada@example.com'])
      expect(text).not.toContain(secret);
    expect(therapistEmailText('cancelled', record())).toContain('you are free at that time');
  });

  it('copes with an erased address and no travel buffer', () => {
    const bare = record({ address: null, endsWithBufferAt: '2026-07-01T10:15:00.000Z' });
    expect(therapistEventOf(bare)).toMatchObject({ location: '', travelMinutes: 0 });
    const text = therapistEmailText('rescheduled', bare);
    expect(text).toContain('Where: the address is no longer held');
    expect(text).not.toContain('Travel time');
  });
});
