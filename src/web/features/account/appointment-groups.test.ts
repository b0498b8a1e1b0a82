import { describe, expect, it } from 'vitest';
import { groupAppointments } from './appointment-groups';
import type { Booking } from './types';

const booking = (id: string, startsAt: string, status: string) =>
  ({ id, startsAt, status }) as Booking;

describe('groupAppointments', () => {
  it('files cancelled bookings apart, future or past, latest first', () => {
    const groups = groupAppointments({
      upcoming: [
        booking('soon', '2026-11-25T10:00:00Z', 'confirmed'),
        booking('later', '2026-12-01T10:00:00Z', 'confirmed'),
      ],
      past: [
        booking('cancelled-future', '2026-11-28T10:00:00Z', 'cancelled'),
        booking('done', '2026-11-20T10:00:00Z', 'completed'),
        booking('cancelled-past', '2026-11-10T10:00:00Z', 'cancelled'),
        booking('missed', '2026-11-05T10:00:00Z', 'confirmed'),
      ],
    });
    const ids = (list: Booking[]) => list.map((b) => b.id);
    expect(ids(groups.upcoming)).toEqual(['soon', 'later']);
    expect(ids(groups.past)).toEqual(['done', 'missed']);
    expect(ids(groups.cancelled)).toEqual(['cancelled-future', 'cancelled-past']);
  });

  it('has an empty cancelled group when nothing was cancelled', () => {
    expect(groupAppointments({ upcoming: [], past: [] })).toEqual({
      upcoming: [],
      past: [],
      cancelled: [],
    });
  });
});
