import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAVEL_CONFIG } from '../src/domain/travel-estimate';
import type { Centroid, TherapistTravel } from '../src/domain/travel-types';
import { POLICIES, travelFailures, travelWorld } from './travel';
import {
  assess,
  replay,
  type Policy,
  type ReplayCustomer,
  type ReplayFigures,
  type ReplayTherapist,
  type ReplayWorld,
} from './travel-replay';

// Monday 2 March 2026 is GMT, so UK wall-clock times are UTC here. 09:00 is in the morning peak
// band (07:00–09:30), 10:15 and later in the morning are not.
const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

// Two districts 10 km apart in a straight line (14 km by road with the detour factor): by car,
// 60 minutes in the peak and 45 off it once rounded up to the grid; within one, 30 minutes.
const KM_PER_DEGREE_OF_LONGITUDE_AT_55 = 63.78;
const CENTROIDS = new Map<string, Centroid>([
  ['AA1', { lat: 55, lon: -3 }],
  ['AA2', { lat: 55, lon: -3 + 10 / KM_PER_DEGREE_OF_LONGITUDE_AT_55 }],
]);

const car: TherapistTravel = {
  home: 'AA1',
  mode: 'car',
  maxTravelMinutes: null,
  coveredDistricts: null,
};

function therapist(id: string, travel: TherapistTravel = car): ReplayTherapist {
  return { id, city: 'x', travel, days: [[{ start: at('09:00'), end: at('17:00') }]] };
}

function customer(district: string, preferred: string, tie = 0): ReplayCustomer {
  return { city: 'x', district, day: 0, preferredAt: at(preferred), treatmentMinutes: 60, tie };
}

function world(therapists: ReplayTherapist[], customers: ReplayCustomer[]): ReplayWorld {
  return {
    therapists,
    customers,
    toleranceMinutes: 120,
    now: at('00:00') - 86_400_000,
    centroidOf: (d) => CENTROIDS.get(d),
    estimate: DEFAULT_TRAVEL_CONFIG,
    gridMinutes: 15,
    timeZone: 'Europe/London',
  };
}

// The first customer is across town at 09:00, the second back near home at 10:15; a third wants
// 09:00 too, when nothing within two hours is left under any policy.
const day = world(
  [therapist('t')],
  [customer('AA2', '09:00'), customer('AA1', '10:15'), customer('AA1', '09:00')],
);
const starts = (policy: Policy) => replay(day, policy).map((b) => hhmm(b.start));

describe('the travel replay', () => {
  it('today: back to back, so both journeys are infeasible (from home, then across town)', () => {
    expect(starts({ kind: 'turnaround' })).toEqual(['09:00', '10:15']);
    expect(assess(day, replay(day, { kind: 'turnaround' }))).toMatchObject({
      customers: 3,
      bookings: 2,
      therapistDays: 1,
      transitions: 2,
      infeasible: 2,
      infeasibleFromHome: 1,
      lateMinutes: 60 + 45,
    });
  });

  it('a flat 60-minute gap after the end makes room between bookings, not from home', () => {
    // 09:00–10:15 (turnaround included) blocks until 11:15.
    expect(starts({ kind: 'flat-gap', gapMinutes: 60 })).toEqual(['09:00', '11:15']);
    expect(assess(day, replay(day, { kind: 'flat-gap', gapMinutes: 60 }))).toMatchObject({
      transitions: 2,
      infeasible: 1,
      infeasibleFromHome: 1,
      lateMinutes: 60,
    });
  });

  it('travel-aware: the first customer once the therapist can get there, the next after the drive back', () => {
    // 09:00 + 60 min from home in the peak; 11:15 + 45 min off-peak back to AA1.
    expect(starts({ kind: 'travel-aware' })).toEqual(['10:00', '12:00']);
    const figures = assess(day, replay(day, { kind: 'travel-aware' }));
    expect(figures).toMatchObject({ bookings: 2, transitions: 2, infeasible: 0, lateMinutes: 0 });
    // The window's 480 minutes: 150 with customers, the rest on the road (unrounded) or idle.
    expect(figures.withCustomersMinutesPerDay).toBe(150);
    expect(
      figures.withCustomersMinutesPerDay + figures.roadMinutesPerDay + figures.idleMinutesPerDay,
    ).toBeCloseTo(480, 6);
    expect(figures.roadMinutesPerDay).toBeGreaterThan(90);
    expect(figures.roadMinutesPerDay).toBeLessThan(105);
  });

  it('between therapists offering the same best start, the customer’s own draw decides', () => {
    const two = (tie: number) =>
      replay(world([therapist('t1'), therapist('t2')], [customer('AA1', '12:00', tie)]), {
        kind: 'turnaround',
      }).map((b) => b.therapist);
    expect(two(0)).toEqual([0]);
    expect(two(0.99)).toEqual([1]);
  });

  it('travel-aware never offers a journey over the therapist’s own limit', () => {
    const walker = therapist('w', { ...car, mode: 'walking', maxTravelMinutes: 60 });
    const across = world([walker], [customer('AA2', '12:00')]);
    expect(replay(across, { kind: 'travel-aware' })).toEqual([]);
    const booked = replay(across, { kind: 'turnaround' });
    expect(booked.map((b) => hhmm(b.start))).toEqual(['12:00']);
    expect(assess(across, booked).overOwnLimit).toBe(1);
  });

  it('on a busy generated week: the same bookings every time, and travel-aware is never late', () => {
    const week = travelWorld(5, 800);
    expect(week.therapists).toHaveLength(200);
    const figures = POLICIES.map(({ policy }) => assess(week, replay(week, policy)));
    const again = assess(week, replay(week, { kind: 'travel-aware' }));
    expect(again).toEqual(figures[2]);
    expect(figures[2]).toMatchObject({ infeasible: 0, overOwnLimit: 0 });
    // Without travel planning some journeys cannot be made.
    expect(figures[0]?.infeasible).toBeGreaterThan(0);
  });

  it('fails unless travel-aware has no infeasible transition and beats the flat gap', () => {
    const f = (bookings: number, infeasible = 0): ReplayFigures => ({
      customers: 100,
      bookings,
      therapistDays: 10,
      transitions: bookings,
      infeasible,
      infeasibleFromHome: 0,
      lateMinutes: 0,
      overOwnLimit: 0,
      withCustomersMinutesPerDay: 0,
      roadMinutesPerDay: 0,
      idleMinutesPerDay: 0,
      bookingsPerDay: 0,
    });
    expect(travelFailures([f(90, 30), f(60, 5), f(70)])).toEqual([]);
    expect(travelFailures([f(90, 30), f(60, 5), f(70, 1)])).toHaveLength(1);
    expect(travelFailures([f(90, 30), f(70, 5), f(70)])).toHaveLength(1);
    expect(travelFailures([f(90)])).toHaveLength(1);
  });
});
