import { describe, it, expect } from 'vitest';
import { DEFAULT_RULES_CONFIG } from './constants';
import { formatUkTime } from './format';
import { computeSlots } from './slots';
import {
  nearestReachable,
  reachableSlots,
  servesDistrict,
  travelNote,
  type ReachInput,
  type TravelNoteInput,
} from './travel-reach';
import type { JourneyMinutes, PlacedBooking, TherapistTravel } from './travel-types';
import type { Interval } from './types';
import { ukDayInterval } from './uk-time';

const LONDON = 'Europe/London';
const MIN = 60_000;
const DAY = '2026-07-15'; // a Wednesday in BST
const config = { unknownPlaceMinutes: 45, acrossTownMinutes: 25 };

function uk(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return ukDayInterval(DAY, LONDON).start + ((h ?? 0) * 60 + (m ?? 0)) * MIN;
}
const times = (list: readonly number[]): string[] => list.map((t) => formatUkTime(t, LONDON));
const span = (from: string, to: string): Interval => ({ start: uk(from), end: uk(to) });
const booking = (from: string, to: string, district: string | null): PlacedBooking => ({
  ...span(from, to),
  district,
});

/** Journeys from a table keyed "FROM>TO"; anything not in it takes `otherwise` minutes. */
function table(entries: Record<string, number | null>, otherwise: number | null = 15) {
  const journey: JourneyMinutes = (from, to) => {
    const v = entries[`${from}>${to}`];
    return v === undefined ? otherwise : v;
  };
  return journey;
}

const travel = (over: Partial<TherapistTravel> = {}): TherapistTravel => ({
  home: null,
  mode: 'car',
  maxTravelMinutes: null,
  coveredDistricts: null,
  ...over,
});

interface Scenario extends Partial<Omit<ReachInput, 'slots'>> {
  windows: Interval[];
}

/** computeSlots then reachableSlots, the way a search runs them. */
function run(s: Scenario): { before: number[]; after: number[]; input: ReachInput } {
  const input: ReachInput = {
    durationMinutes: 75,
    bookings: [],
    here: 'X',
    travel: travel(),
    journey: table({}),
    config,
    ...s,
    slots: [],
  };
  const before = computeSlots({
    windows: input.windows,
    bookings: input.bookings,
    durationMinutes: input.durationMinutes,
    range: ukDayInterval(DAY, LONDON),
    now: 0,
    config: { ...DEFAULT_RULES_CONFIG, noticeMinutes: 0 },
  });
  input.slots = before;
  return { before, after: reachableSlots(input), input };
}

const workday = [span('09:00', '17:00')];

describe('reachableSlots', () => {
  it('keeps every slot when nothing constrains travel', () => {
    const { before, after } = run({ windows: workday });
    expect(after).toEqual(before);
  });

  it('starts the stretch from home: the first slot is W.start plus the journey', () => {
    const { after } = run({
      windows: workday,
      travel: travel({ home: 'H' }),
      journey: table({ 'H>X': 45 }),
    });
    expect(times(after).slice(0, 2)).toEqual(['09:45', '10:00']);
    expect(times(after).at(-1)).toBe('15:45'); // no journey home at the end of the day
  });

  it('waits for the previous booking to end (turnaround included) and the journey from it', () => {
    const { after } = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', 'B')],
      journey: table({ 'B>X': 30, 'X>B': 0 }),
    });
    expect(times(after).filter((t) => t >= '11:15')[0]).toBe('11:45');
  });

  it('leaves time to reach the next booking by its start', () => {
    const { after } = run({
      windows: workday,
      bookings: [booking('14:00', '15:15', 'C')],
      journey: table({ 'X>C': 45, 'C>X': 0 }),
    });
    // 12:00 + 75 minutes = 13:15, + 45 = 14:00: just in time.
    expect(
      times(after)
        .filter((t) => t < '14:00')
        .at(-1),
    ).toBe('12:00');
  });

  it('still costs a journey from a customer in the same district', () => {
    const { after } = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', 'X')],
      journey: table({ 'X>X': 30 }),
    });
    expect(times(after)).not.toContain('11:15');
    expect(times(after)).toContain('11:45');
  });

  it('assumes unknownPlaceMinutes for a booking with no district or an unknown journey', () => {
    const noDistrict = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', null)],
      journey: table({}, 0),
    });
    expect(times(noDistrict.after).filter((t) => t >= '11:15')[0]).toBe('12:00');
    const unknown = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', 'B')],
      journey: table({}, null),
    });
    expect(times(unknown.after).filter((t) => t >= '11:15')[0]).toBe('12:00');
  });

  it('never makes a journey longer than the therapist allows', () => {
    const { after } = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', 'B'), booking('14:00', '15:15', 'C')],
      travel: travel({ maxTravelMinutes: 45 }),
      journey: table({ 'B>X': 60, 'X>C': 15, 'C>X': 15 }, 0),
    });
    // After B nothing until C is over (B is 60 away); after C the journey is short enough.
    expect(times(after).filter((t) => t >= '10:00' && t < '15:15')).toEqual([]);
    expect(times(after).filter((t) => t >= '15:15')[0]).toBe('15:30');
    // The unknown place's assumed 45 minutes counts against a smaller limit.
    const strict = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', null)],
      travel: travel({ maxTravelMinutes: 30 }),
      journey: table({}, 0),
    });
    expect(strict.after).toEqual([]);
  });

  it('times each journey from when it sets off: booking end, slot end, stretch start', () => {
    const asked: string[] = [];
    const journey: JourneyMinutes = (from, to, _mode, departAt) => {
      asked.push(`${from}>${to}@${formatUkTime(departAt, LONDON)}`);
      return 0;
    };
    const input: ReachInput = {
      slots: [uk('09:00'), uk('11:30')],
      durationMinutes: 60,
      windows: workday,
      bookings: [booking('10:15', '11:15', 'B')],
      here: 'X',
      travel: travel({ home: 'H' }),
      journey,
      config,
    };
    expect(reachableSlots(input)).toEqual([uk('09:00'), uk('11:30')]);
    expect(asked).toEqual(['H>X@09:00', 'X>B@10:00', 'B>X@11:15']);
  });

  it('takes touching windows as one stretch and separate windows as two, each from home', () => {
    const touching = run({
      windows: [span('09:00', '12:00'), span('12:00', '17:00')],
      bookings: [booking('11:00', '12:15', 'B')],
      travel: travel({ home: 'H' }),
      journey: table({ 'H>X': 60, 'B>X': 15, 'X>B': 0 }),
    });
    expect(times(touching.after).filter((t) => t >= '12:00')[0]).toBe('12:30');
    const apart = run({
      windows: [span('09:00', '12:00'), span('13:00', '17:00')],
      bookings: [booking('10:00', '11:15', 'B')],
      travel: travel({ home: 'H' }),
      journey: table({ 'H>X': 60, 'B>X': 15, 'X>B': 0 }),
    });
    expect(times(apart.after).filter((t) => t >= '12:00')[0]).toBe('14:00');
  });

  it("counts a booking that touches the stretch's edge as where the therapist is", () => {
    const { after } = run({
      windows: [span('10:00', '17:00')],
      bookings: [booking('08:45', '10:00', 'B'), booking('17:00', '18:15', 'C')],
      travel: travel({ home: 'H' }),
      journey: table({ 'B>X': 30, 'H>X': 0, 'X>C': 30 }),
    });
    expect(times(after)[0]).toBe('10:30');
    expect(times(after).at(-1)).toBe('15:15'); // 15:15 + 75 + 30 = 17:00
  });

  it('needs every one of two bookings ending at once to be reachable, in any order', () => {
    const a = booking('09:00', '10:15', 'A');
    const b = booking('09:15', '10:15', 'B');
    const base = { windows: workday, journey: table({ 'A>X': 15, 'B>X': 45 }, 0) };
    const one = run({ ...base, bookings: [a, b] });
    const other = run({ ...base, bookings: [b, a] });
    expect(times(one.after)[0]).toBe('11:00');
    expect(one.after).toEqual(other.after);
  });

  it('drops slots outside every window and accepts slots out of order', () => {
    const input: ReachInput = {
      slots: [uk('12:00'), uk('08:00'), uk('10:00')],
      durationMinutes: 60,
      windows: workday,
      bookings: [],
      here: 'X',
      travel: travel(),
      journey: table({}),
      config,
    };
    expect(times(reachableSlots(input))).toEqual(['10:00', '12:00']);
  });

  it('offers nothing for a duration that is not a positive number', () => {
    const input = run({ windows: workday }).input;
    expect(reachableSlots({ ...input, durationMinutes: 0 })).toEqual([]);
    expect(reachableSlots({ ...input, durationMinutes: Number.NaN })).toEqual([]);
  });

  it('treats a NaN journey as unknown rather than free', () => {
    const { after } = run({
      windows: workday,
      bookings: [booking('10:00', '11:15', 'B')],
      journey: table({ 'B>X': Number.NaN }, 0),
    });
    expect(times(after).filter((t) => t >= '11:15')[0]).toBe('12:00');
  });
});

describe('servesDistrict', () => {
  const at = uk('09:00');
  const journey = table({ 'H>NEAR': 30, 'H>FAR': 60 }, null);

  it('serves anywhere when nothing is set', () => {
    expect(servesDistrict(travel(), 'FAR', journey, at, config)).toBe(true);
  });

  it('serves only the covered districts when they are set', () => {
    const t = travel({ coveredDistricts: ['NEAR', 'EH6'] });
    expect(servesDistrict(t, 'EH6', journey, at, config)).toBe(true);
    expect(servesDistrict(t, 'FAR', journey, at, config)).toBe(false);
  });

  it('does not serve further from home than the therapist allows', () => {
    const t = travel({ home: 'H', maxTravelMinutes: 45 });
    expect(servesDistrict(t, 'NEAR', journey, at, config)).toBe(true);
    expect(servesDistrict(t, 'FAR', journey, at, config)).toBe(false);
    expect(servesDistrict({ ...t, maxTravelMinutes: 60 }, 'FAR', journey, at, config)).toBe(true);
  });

  it('takes an unknown journey as unknownPlaceMinutes, and ignores the limit with no home', () => {
    const t = travel({ home: 'H', maxTravelMinutes: 30 });
    expect(servesDistrict(t, 'ZZ1', journey, at, config)).toBe(false);
    expect(servesDistrict({ ...t, maxTravelMinutes: 45 }, 'ZZ1', journey, at, config)).toBe(true);
    expect(servesDistrict({ ...t, home: null }, 'FAR', journey, at, config)).toBe(true);
  });
});

describe('nearestReachable', () => {
  const list = ['09:00', '09:15', '10:30', '11:00', '13:00'].map(uk);

  it('finds the closest starts', () => {
    expect(times(nearestReachable(list, uk('10:45')))).toEqual(['09:15', '10:30', '11:00']);
  });

  it('returns them ascending', () => {
    expect(times(nearestReachable(list, uk('12:00'), 2))).toEqual(['11:00', '13:00']);
    // 09:00 and 11:00 are both an hour away: the earlier wins.
    expect(times(nearestReachable(list, uk('10:00'), 3))).toEqual(['09:00', '09:15', '10:30']);
  });

  it('prefers the earlier of two equally close starts', () => {
    expect(times(nearestReachable(list, uk('12:00'), 1))).toEqual(['11:00']);
    expect(times(nearestReachable(list, uk('10:45'), 1))).toEqual(['10:30']);
  });

  it('copes with the ends of the list, an exact match and too few starts', () => {
    expect(times(nearestReachable(list, uk('07:00'), 2))).toEqual(['09:00', '09:15']);
    expect(times(nearestReachable(list, uk('20:00'), 2))).toEqual(['11:00', '13:00']);
    expect(times(nearestReachable(list, uk('10:30'), 1))).toEqual(['10:30']);
    expect(nearestReachable(list, uk('10:30'), 9)).toEqual(list);
    expect(nearestReachable([], uk('10:30'))).toEqual([]);
    expect(nearestReachable(list, uk('10:30'), 0)).toEqual([]);
  });
});

describe('travelNote', () => {
  function note(s: Scenario, over: Partial<TravelNoteInput> = {}): string | null {
    const { before, after, input } = run(s);
    return travelNote({
      name: 'Ailsa',
      before,
      after,
      bookings: input.bookings,
      windows: input.windows,
      here: input.here,
      travel: input.travel,
      journey: input.journey,
      bufferMinutes: 15,
      timeZone: LONDON,
      config,
      durationMinutes: input.durationMinutes,
      ...over,
    });
  }

  it('is null when travel took nothing away', () => {
    expect(note({ windows: workday, journey: table({}, 0) })).toBeNull();
    expect(
      note({ windows: workday, bookings: [booking('12:00', '13:15', 'B')], journey: table({}, 0) }),
    ).toBeNull();
  });

  it('explains a previous booking across town, giving when its treatment ends', () => {
    expect(
      note({
        windows: [span('10:00', '17:00')],
        bookings: [booking('10:00', '11:15', 'B')],
        journey: table({ 'B>X': 30 }, 0),
      }),
    ).toBe(
      'Ailsa is with another customer across town until 11:00 — the first time Ailsa can be with you is 11:45.',
    );
  });

  it('leaves out "across town" for a short journey or one to or from an unknown place', () => {
    expect(
      note({
        windows: [span('10:00', '17:00')],
        bookings: [booking('10:00', '11:15', 'B')],
        journey: table({ 'B>X': 15 }, 0),
      }),
    ).toBe(
      'Ailsa is with another customer until 11:00 — the first time Ailsa can be with you is 11:30.',
    );
    expect(
      note({
        windows: [span('10:00', '17:00')],
        bookings: [booking('10:00', '11:15', null)],
        journey: table({}, 0),
      }),
    ).toBe(
      'Ailsa is with another customer until 11:00 — the first time Ailsa can be with you is 12:00.',
    );
  });

  it('says so when the previous booking leaves no time for another that day', () => {
    expect(
      note({
        windows: [span('10:00', '17:30')],
        bookings: [booking('15:00', '16:15', 'B')],
        journey: table({ 'B>X': 30 }, 0),
      }),
    ).toBe(
      'Ailsa is with another customer across town until 16:00 and cannot reach you in time for another appointment that day.',
    );
  });

  it('explains the next booking and the last time that still reaches it', () => {
    expect(
      note({
        windows: workday,
        bookings: [booking('14:00', '15:15', 'C')],
        journey: table({ 'X>C': 45 }, 0),
      }),
    ).toBe(
      'Ailsa has another customer across town at 14:00, so the last time Ailsa can start with you before then is 12:00.',
    );
    expect(
      note({
        windows: [span('12:00', '17:00')],
        bookings: [booking('14:00', '15:15', 'C')],
        journey: table({ 'X>C': 45 }, 0),
      }),
    ).toBe(
      'Ailsa has another customer across town at 14:00, so the last time Ailsa can start with you before then is 12:00.',
    );
    expect(
      note({
        windows: [span('12:30', '17:00')],
        bookings: [booking('14:00', '15:15', 'C')],
        journey: table({ 'X>C': 45 }, 0),
      }),
    ).toBe(
      'Ailsa has another customer across town at 14:00, so cannot start with you before then.',
    );
  });

  it('blames the previous booking when its journey is over the therapist’s limit', () => {
    expect(
      note({
        windows: [span('10:00', '17:00')],
        bookings: [booking('10:00', '11:15', 'B')],
        travel: travel({ maxTravelMinutes: 45 }),
        journey: table({ 'B>X': 60 }, 0),
      }),
    ).toBe(
      'Ailsa is with another customer across town until 11:00 and cannot reach you in time for another appointment that day.',
    );
  });

  it('reads the same whatever order two bookings ending at once come in', () => {
    const known = booking('10:00', '11:15', 'B');
    const unknown = booking('10:30', '11:15', null);
    const base = { windows: [span('10:00', '17:00')], journey: table({ 'B>X': 45 }, 0) };
    const expected =
      'Ailsa is with another customer across town until 11:00 — the first time Ailsa can be with you is 12:00.';
    expect(note({ ...base, bookings: [known, unknown] })).toBe(expected);
    expect(note({ ...base, bookings: [unknown, known] })).toBe(expected);
  });

  it('explains the journey from home', () => {
    expect(
      note({
        windows: workday,
        travel: travel({ home: 'H' }),
        journey: table({ 'H>X': 45 }, 0),
      }),
    ).toBe('Ailsa needs time to travel to you, so the first time that day is 09:45.');
  });

  it('explains the first time lost when several are', () => {
    expect(
      note({
        windows: workday,
        bookings: [booking('12:00', '13:15', 'B')],
        travel: travel({ home: 'H' }),
        journey: table({ 'H>X': 30, 'X>B': 30, 'B>X': 30 }, 0),
      }),
    ).toBe('Ailsa needs time to travel to you, so the first time that day is 09:30.');
  });

  it('without the duration, still names the next booking', () => {
    expect(
      note(
        {
          windows: workday,
          bookings: [booking('14:00', '15:15', 'C')],
          journey: table({ 'X>C': 45 }, 0),
        },
        { durationMinutes: undefined },
      ),
    ).toBe(
      'Ailsa has another customer across town at 14:00, so the last time Ailsa can start with you before then is 12:00.',
    );
  });

  it('never names a district', () => {
    const text = note({
      windows: workday,
      bookings: [booking('10:00', '11:15', 'EH30'), booking('14:00', '15:15', 'G12')],
      travel: travel({ home: 'KY1' }),
      here: 'EH6',
      journey: table({}, 45),
    });
    expect(text).not.toBeNull();
    for (const d of ['EH30', 'G12', 'KY1', 'EH6']) expect(text).not.toContain(d);
  });
});
