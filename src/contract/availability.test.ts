import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slotMinutesOf, slotRunsOf, therapistsWithSlotInstants } from './availability';

const therapist = {
  id: 't-1',
  username: 'ann',
  name: 'Ann',
  photoUrl: null,
  meetsMinimumSpend: true,
  minimumSpendPence: 2300,
  shortfallPence: 0,
  travelNote: null,
};
const day = {
  slotGridMinutes: 15,
  totalPricePence: 3000,
  totalDurationMinutes: 75,
  place: null,
  outOfReachCount: 0,
};

describe('slot runs', () => {
  it('gathers start times on the grid into runs and reads them back', () => {
    expect(slotRunsOf([540, 555, 570, 630, 660, 675], 15)).toEqual([
      [540, 570],
      [630, 630],
      [660, 675],
    ]);
    expect(
      slotMinutesOf(
        [
          [540, 570],
          [630, 630],
        ],
        15,
      ),
    ).toEqual([540, 555, 570, 630]);
    expect(slotRunsOf([], 15)).toEqual([]);
  });

  it('loses no start time and invents none', () => {
    const gridPoints = fc.uniqueArray(fc.integer({ min: 0, max: 24 * 4 }), { maxLength: 60 });
    fc.assert(
      fc.property(gridPoints, (points) => {
        const minutes = points.sort((a, b) => a - b).map((p) => p * 15);
        expect(slotMinutesOf(slotRunsOf(minutes, 15), 15)).toEqual(minutes);
      }),
    );
  });
});

describe('therapistsWithSlotInstants', () => {
  it('adds each slot’s minutes to the instant the UK day starts, with the totals', () => {
    const [t] = therapistsWithSlotInstants({
      ...day,
      date: '2026-07-01',
      // Midnight in London during summer time is 23:00 UTC the day before.
      dayStartsAt: '2026-06-30T23:00:00.000Z',
      therapists: [{ ...therapist, slotRuns: [[540, 555]] }],
    });
    expect(t?.slots).toEqual(['2026-07-01T08:00:00.000Z', '2026-07-01T08:15:00.000Z']);
    expect(t).not.toHaveProperty('slotRuns');
    expect(t).toMatchObject({ name: 'Ann', totalPricePence: 3000, totalDurationMinutes: 75 });
  });

  it('tells apart the two 01:30s of the day the clocks go back', () => {
    // 25 October 2026: 01:00–02:00 happens in BST, then again in GMT.
    const [t] = therapistsWithSlotInstants({
      ...day,
      date: '2026-10-25',
      dayStartsAt: '2026-10-24T23:00:00.000Z',
      therapists: [
        {
          ...therapist,
          slotRuns: [
            [90, 90],
            [150, 150],
          ],
        },
      ],
    });
    expect(t?.slots).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
  });
});
