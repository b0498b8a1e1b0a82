import { describe, expect, it } from 'vitest';
import { therapistsWithSlotInstants } from './availability';

const therapist = {
  id: 't-1',
  username: 'ann',
  name: 'Ann',
  photoUrl: null,
  totalPricePence: 3000,
  totalDurationMinutes: 75,
  meetsMinimumSpend: true,
  minimumSpendPence: 2300,
  shortfallPence: 0,
};

describe('therapistsWithSlotInstants', () => {
  it('adds each slot’s minutes to the instant the UK day starts', () => {
    const [t] = therapistsWithSlotInstants({
      date: '2026-07-01',
      // Midnight in London during summer time is 23:00 UTC the day before.
      dayStartsAt: '2026-06-30T23:00:00.000Z',
      therapists: [{ ...therapist, slotMinutes: [540, 555] }],
    });
    expect(t?.slots).toEqual(['2026-07-01T08:00:00.000Z', '2026-07-01T08:15:00.000Z']);
    expect(t).not.toHaveProperty('slotMinutes');
    expect(t?.name).toBe('Ann');
  });

  it('tells apart the two 01:30s of the day the clocks go back', () => {
    // 25 October 2026: 01:00–02:00 happens in BST, then again in GMT.
    const [t] = therapistsWithSlotInstants({
      date: '2026-10-25',
      dayStartsAt: '2026-10-24T23:00:00.000Z',
      therapists: [{ ...therapist, slotMinutes: [90, 150] }],
    });
    expect(t?.slots).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
  });
});
