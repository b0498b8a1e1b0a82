import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_TRAVEL_CONFIG,
  embeddedJourneyMinutes,
  embeddedJourneys,
  hourBandOf,
  roundUpToGrid,
  straightLineKm,
} from './travel-estimate';
import { TRAVEL_MODES, type Centroid } from './travel-types';
import { ukDayInterval } from './uk-time';

const LONDON = 'Europe/London';
const MIN = 60_000;
const config = DEFAULT_TRAVEL_CONFIG;
const rules = { gridMinutes: 15, timeZone: LONDON };

/** A UK wall-clock time on a date (away from the clock changes). */
function uk(date: string, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return ukDayInterval(date, LONDON).start + ((h ?? 0) * 60 + (m ?? 0)) * MIN;
}

const WEDNESDAY = '2026-07-15';
const SATURDAY = '2026-07-18';
const EH1: Centroid = { lat: 55.9521, lon: -3.1893 };
const EH30: Centroid = { lat: 55.9859, lon: -3.3975 };
const EH6: Centroid = { lat: 55.9706, lon: -3.1718 };

describe('DEFAULT_TRAVEL_CONFIG', () => {
  it('is frozen all the way down, so no search can change it for the next', () => {
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.speedsKmh.car)).toBe(true);
    expect(Object.isFrozen(config.doorMinutes)).toBe(true);
    expect(Object.isFrozen(config.peakBands[0])).toBe(true);
  });

  it('is never faster in the peak than off it', () => {
    for (const mode of TRAVEL_MODES) {
      expect(config.speedsKmh[mode].peak).toBeLessThanOrEqual(config.speedsKmh[mode].offPeak);
    }
  });
});

describe('hourBandOf', () => {
  it('is peak inside the weekday bands, in UK local time, start included and end not', () => {
    expect(hourBandOf(uk(WEDNESDAY, '06:59'), config, LONDON)).toBe(0);
    expect(hourBandOf(uk(WEDNESDAY, '07:00'), config, LONDON)).toBe(1);
    expect(hourBandOf(uk(WEDNESDAY, '09:29'), config, LONDON)).toBe(1);
    expect(hourBandOf(uk(WEDNESDAY, '09:30'), config, LONDON)).toBe(0);
    expect(hourBandOf(uk(WEDNESDAY, '12:00'), config, LONDON)).toBe(0);
    expect(hourBandOf(uk(WEDNESDAY, '17:45'), config, LONDON)).toBe(1);
    expect(hourBandOf(uk(WEDNESDAY, '18:30'), config, LONDON)).toBe(0);
  });

  it('reads the wall clock, not UTC: 06:30 UTC is 07:30 in summer and 06:30 in winter', () => {
    expect(hourBandOf(Date.UTC(2026, 6, 15, 6, 30), config, LONDON)).toBe(1);
    expect(hourBandOf(Date.UTC(2026, 0, 14, 6, 30), config, LONDON)).toBe(0);
  });

  it('is off-peak all weekend', () => {
    expect(hourBandOf(uk(SATURDAY, '08:00'), config, LONDON)).toBe(0);
    expect(hourBandOf(uk('2026-07-19', '17:00'), config, LONDON)).toBe(0);
    expect(hourBandOf(uk('2026-07-17', '08:00'), config, LONDON)).toBe(1); // Friday
    expect(hourBandOf(uk('2026-07-20', '08:00'), config, LONDON)).toBe(1); // Monday
  });

  it('takes the local weekday: 23:30 UTC on a Friday in summer is already Saturday', () => {
    const fridayLate = Date.UTC(2026, 6, 17, 23, 30);
    expect(hourBandOf(fridayLate, { peakBands: [[0, 24 * 60]] }, LONDON)).toBe(0);
    expect(hourBandOf(fridayLate, { peakBands: [[0, 24 * 60]] }, 'UTC')).toBe(1);
  });
});

describe('straightLineKm', () => {
  it('measures Edinburgh city centre (EH1) to South Queensferry (EH30)', () => {
    expect(straightLineKm(EH1, EH30)).toBeCloseTo(13.49, 1);
  });

  it('measures London to Paris, a distance everyone can check', () => {
    const london = { lat: 51.5074, lon: -0.1278 };
    const paris = { lat: 48.8566, lon: 2.3522 };
    expect(straightLineKm(london, paris)).toBeCloseTo(343.6, 0);
  });

  it('is symmetric and zero from a place to itself', () => {
    expect(straightLineKm(EH1, EH1)).toBe(0);
    expect(straightLineKm(EH30, EH1)).toBeCloseTo(straightLineKm(EH1, EH30), 9);
  });
});

describe('embeddedJourneyMinutes', () => {
  const offPeak = uk(WEDNESDAY, '11:00');
  const peak = uk(WEDNESDAY, '08:00');

  it('is detoured distance over speed plus the door minutes', () => {
    const km = straightLineKm(EH1, EH30) * 1.4;
    expect(embeddedJourneyMinutes(EH1, EH30, 'car', offPeak, config, LONDON)).toBeCloseTo(
      (km / 30) * 60 + 10,
      9,
    );
    expect(embeddedJourneyMinutes(EH1, EH30, 'car', peak, config, LONDON)).toBeCloseTo(
      (km / 18) * 60 + 10,
      9,
    );
  });

  it('is slower in the peak by car and by bus, and the same on foot and by bicycle', () => {
    const at = (mode: (typeof TRAVEL_MODES)[number], t: number) =>
      embeddedJourneyMinutes(EH1, EH30, mode, t, config, LONDON);
    expect(at('car', peak)).toBeGreaterThan(at('car', offPeak));
    expect(at('public_transport', peak)).toBeGreaterThan(at('public_transport', offPeak));
    expect(at('bicycle', peak)).toBe(at('bicycle', offPeak));
    expect(at('walking', peak)).toBe(at('walking', offPeak));
  });

  it('treats Saturday morning as off-peak', () => {
    expect(embeddedJourneyMinutes(EH1, EH30, 'car', uk(SATURDAY, '08:00'), config, LONDON)).toBe(
      embeddedJourneyMinutes(EH1, EH30, 'car', offPeak, config, LONDON),
    );
  });

  it('never takes a journey within one district as 0 km', () => {
    // 2 km x 1.4 = 2.8 km at 30 km/h = 5.6 minutes, plus 10 to park.
    expect(embeddedJourneyMinutes(EH6, EH6, 'car', offPeak, config, LONDON)).toBeCloseTo(15.6, 9);
    expect(embeddedJourneyMinutes(EH6, EH6, 'walking', offPeak, config, LONDON)).toBeCloseTo(
      (2.8 / 4.5) * 60 + 2,
      9,
    );
  });

  it('takes two districts with close centroids as no nearer than one district', () => {
    const near = { lat: EH6.lat + 0.001, lon: EH6.lon };
    expect(embeddedJourneyMinutes(EH6, near, 'car', offPeak, config, LONDON)).toBe(
      embeddedJourneyMinutes(EH6, EH6, 'car', offPeak, config, LONDON),
    );
  });
});

describe('roundUpToGrid', () => {
  it('rounds up to whole grid steps and keeps 0 at 0', () => {
    expect(roundUpToGrid(0, 15)).toBe(0);
    expect(roundUpToGrid(0.1, 15)).toBe(15);
    expect(roundUpToGrid(15, 15)).toBe(15);
    expect(roundUpToGrid(15.6, 15)).toBe(30);
    expect(roundUpToGrid(47.77, 15)).toBe(60);
    expect(roundUpToGrid(7, 5)).toBe(10);
  });

  it('does not add a step for floating-point noise above a whole step', () => {
    expect(roundUpToGrid(0.1 * 3 * 100, 30)).toBe(30); // 30.000000000000004
  });

  it('property: a multiple of the grid, never below the minutes and less than a step above', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 600, noNaN: true }),
        fc.constantFrom(5, 10, 15, 30),
        (minutes, grid) => {
          const r = roundUpToGrid(minutes, grid);
          expect(r % grid).toBe(0);
          expect(r).toBeGreaterThanOrEqual(minutes - 1e-5);
          expect(r).toBeLessThan(minutes + grid);
        },
      ),
    );
  });
});

describe('embeddedJourneys', () => {
  const table: Record<string, Centroid> = { EH1, EH30, EH6 };
  const offPeak = uk(WEDNESDAY, '11:00');

  it('answers in whole grid steps: EH1 to EH30 by car, 47.8 minutes off-peak, 73.0 at peak', () => {
    const journey = embeddedJourneys((d) => table[d], config, rules);
    expect(journey('EH1', 'EH30', 'car', offPeak)).toBe(60);
    expect(journey('EH1', 'EH30', 'car', uk(WEDNESDAY, '08:00'))).toBe(75);
    expect(journey('EH1', 'EH30', 'car', uk(SATURDAY, '08:00'))).toBe(60);
  });

  it('costs something from a district to itself', () => {
    const journey = embeddedJourneys((d) => table[d], config, rules);
    expect(journey('EH6', 'EH6', 'car', offPeak)).toBe(30);
    expect(journey('EH6', 'EH6', 'walking', offPeak)).toBe(45);
  });

  it('is null when either district has no centroid', () => {
    const journey = embeddedJourneys((d) => table[d], config, rules);
    expect(journey('EH1', 'ZZ99', 'car', offPeak)).toBeNull();
    expect(journey('ZZ99', 'EH1', 'car', offPeak)).toBeNull();
    expect(journey('ZZ99', 'ZZ99', 'car', offPeak)).toBeNull();
  });

  it('computes each (from, to, mode, band) once and answers it the same every time', () => {
    const looked: string[] = [];
    const journey = embeddedJourneys(
      (d) => {
        looked.push(d);
        return table[d];
      },
      config,
      rules,
    );
    const first = journey('EH1', 'EH30', 'car', offPeak);
    // Another off-peak time that day is the same band: answered from memory.
    expect(journey('EH1', 'EH30', 'car', uk(WEDNESDAY, '13:15'))).toBe(first);
    expect(journey('EH1', 'EH30', 'car', offPeak)).toBe(first);
    expect(looked).toEqual(['EH1', 'EH30']);
    // The peak, the other direction and another mode are pairs of their own.
    journey('EH1', 'EH30', 'car', uk(WEDNESDAY, '08:00'));
    journey('EH30', 'EH1', 'car', offPeak);
    journey('EH1', 'EH30', 'bicycle', offPeak);
    expect(looked).toHaveLength(8);
    // Unknown districts are remembered too.
    journey('EH1', 'ZZ99', 'car', offPeak);
    journey('EH1', 'ZZ99', 'car', offPeak);
    expect(looked).toHaveLength(10);
  });

  it('gives the same answers as a fresh estimate for any pair and time', () => {
    const journey = embeddedJourneys((d) => table[d], config, rules);
    const district = fc.constantFrom('EH1', 'EH30', 'EH6');
    const day = ukDayInterval(WEDNESDAY, LONDON);
    fc.assert(
      fc.property(
        district,
        district,
        fc.constantFrom(...TRAVEL_MODES),
        fc.integer({ min: day.start, max: day.end + 3 * 24 * 60 * MIN }),
        (from, to, mode, t) => {
          const a = table[from];
          const b = table[to];
          if (a === undefined || b === undefined) throw new Error('test table');
          expect(journey(from, to, mode, t)).toBe(
            roundUpToGrid(embeddedJourneyMinutes(a, b, mode, t, config, LONDON), 15),
          );
        },
      ),
    );
  });
});
