import { describe, expect, it } from 'vitest';
import type { Booking } from '../account';
import { MemoryStorage } from './memory-storage.test-helper';
import {
  NEXT_APPOINTMENT_KEY,
  pickNextAppointment,
  readNextAppointment,
  rememberNextAppointment,
} from './next-appointment';

const now = new Date('2026-03-02T10:00:00Z');

function booking(id: string, startsAt: string, status = 'confirmed'): Booking {
  const ends = new Date(Date.parse(startsAt) + 60 * 60_000).toISOString();
  return {
    id,
    reference: 'K7M2QX9D',
    status,
    city: 'edinburgh',
    therapist: { id: 't1', name: 'Morag', username: 'morag', photoUrl: null },
    startsAt,
    endsAt: ends,
    items: [
      {
        treatmentId: 'swedish-massage-60',
        name: 'Swedish Massage',
        pricePence: 6500,
        durationMinutes: 60,
        isAddOn: false,
      },
    ],
    totalPricePence: 6500,
    totalDurationMinutes: 60,
    creditAppliedPence: 0,
    referralDiscountPence: 0,
    amountDuePence: 6500,
    refundedPence: 0,
    address: null,
    holdExpiresAt: null,
    payment: null,
    cancellation: {
      allowed: true,
      refundPence: 6500,
      refundPercent: 100,
      cardRefundPence: 6500,
      walletRefundPence: 0,
    },
    canReschedule: true,
    terms: null,
    progress: null,
    review: null,
    tip: null,
    accessNotes: null,
    photos: [],
  };
}

describe('the next appointment kept for offline', () => {
  const held = booking('held', '2026-03-03T09:00:00.000Z', 'held');
  const next = booking('next', '2026-03-04T09:00:00.000Z');
  const later = booking('later', '2026-03-09T09:00:00.000Z');

  it('is the soonest confirmed appointment still to come', () => {
    expect(pickNextAppointment([held, next, later], now)?.id).toBe('next');
    expect(pickNextAppointment([held], now)).toBeNull();
  });

  it('keeps that one appointment only, and reads it back', () => {
    const storage = new MemoryStorage();
    rememberNextAppointment(storage, [held, next, later], now);
    expect(storage.length).toBe(1);
    expect(storage.getItem(NEXT_APPOINTMENT_KEY)).not.toContain('later');
    expect(readNextAppointment(storage, now)).toEqual({
      savedAt: now.toISOString(),
      booking: next,
    });
  });

  it('forgets it when nothing is booked any more', () => {
    const storage = new MemoryStorage();
    rememberNextAppointment(storage, [next], now);
    rememberNextAppointment(storage, [], now);
    expect(storage.getItem(NEXT_APPOINTMENT_KEY)).toBeNull();
  });

  it('shows nothing once the appointment is over, or when the stored value is not one', () => {
    const storage = new MemoryStorage();
    rememberNextAppointment(storage, [next], now);
    expect(readNextAppointment(storage, new Date('2026-03-04T10:30:00Z'))).toBeNull();
    storage.setItem(NEXT_APPOINTMENT_KEY, '{not json');
    expect(readNextAppointment(storage, now)).toBeNull();
    storage.setItem(NEXT_APPOINTMENT_KEY, JSON.stringify({ savedAt: now.toISOString() }));
    expect(readNextAppointment(storage, now)).toBeNull();
    expect(readNextAppointment(null, now)).toBeNull();
  });

  it('still shows one kept before bookings had a reference or progress', () => {
    const storage = new MemoryStorage();
    const { reference: _dropped, progress: _none, ...older } = next;
    storage.setItem(
      NEXT_APPOINTMENT_KEY,
      JSON.stringify({ savedAt: now.toISOString(), booking: older }),
    );
    expect(readNextAppointment(storage, now)?.booking).toEqual({ ...next, reference: '' });
  });
});
