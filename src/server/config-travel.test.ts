import { describe, expect, it } from 'vitest';
import { problemsOf } from '../test-support/config-problems';
import { DEFAULT_TRAVEL_CONFIG } from '../domain/travel-estimate';
import { loadConfig } from './config';

describe('travel settings', () => {
  it('estimates journeys itself unless given a routing engine, with the defaults unless changed', () => {
    expect(loadConfig({}).travel).toEqual({
      timeUrl: null,
      timeoutMs: 1500,
      cacheDays: 30,
      estimate: DEFAULT_TRAVEL_CONFIG,
    });
    const travel = loadConfig({
      TRAVEL_TIME_URL: 'http://osrm:5000/',
      TRAVEL_TIME_TIMEOUT_MS: '800',
      TRAVEL_TIME_CACHE_DAYS: '7',
      TRAVEL_ESTIMATE: JSON.stringify({
        detourFactor: 1.6,
        speedsKmh: { car: { peak: 12 } },
        doorMinutes: { walking: 0 },
        peakBands: [[420, 600]],
      }),
    }).travel;
    expect(travel).toMatchObject({ timeUrl: 'http://osrm:5000', timeoutMs: 800, cacheDays: 7 });
    // Only what was given changes: the car's off-peak speed and the other modes stay.
    expect(travel.estimate).toEqual({
      ...DEFAULT_TRAVEL_CONFIG,
      detourFactor: 1.6,
      speedsKmh: { ...DEFAULT_TRAVEL_CONFIG.speedsKmh, car: { offPeak: 30, peak: 12 } },
      doorMinutes: { ...DEFAULT_TRAVEL_CONFIG.doorMinutes, walking: 0 },
      peakBands: [[420, 600]],
    });
    expect(Object.isFrozen(travel.estimate.speedsKmh.car)).toBe(true);
    expect(DEFAULT_TRAVEL_CONFIG.speedsKmh.car.peak).toBe(18);
  });

  it('names the setting and the key of a bad travel estimate', () => {
    expect(problemsOf({ TRAVEL_ESTIMATE: '{detourFactor: 2}' })).toEqual([
      'TRAVEL_ESTIMATE: must be JSON, e.g. {"detourFactor":1.5}',
    ]);
    const bad = problemsOf({
      TRAVEL_ESTIMATE: JSON.stringify({
        speedsKmh: { car: { peak: 0 } },
        doorMinutes: { bike: 3 },
        detour: 2,
        peakBands: [[600, 500]],
      }),
      TRAVEL_TIME_URL: 'osrm:5000',
      TRAVEL_TIME_TIMEOUT_MS: 'soon',
      TRAVEL_TIME_CACHE_DAYS: '0',
    }).join('\n');
    expect(bad).toMatch(/^TRAVEL_ESTIMATE\.speedsKmh\.car\.peak: /m);
    expect(bad).toMatch(/^TRAVEL_ESTIMATE\.doorMinutes: Unrecognized key: "bike"/m);
    expect(bad).toMatch(/^TRAVEL_ESTIMATE: Unrecognized key: "detour"/m);
    expect(bad).toMatch(/^TRAVEL_ESTIMATE\.peakBands\.0: must be \[start, end\) minutes/m);
    expect(bad).toMatch(/^TRAVEL_TIME_URL: must be an absolute http/m);
    expect(bad).toMatch(/^TRAVEL_TIME_TIMEOUT_MS: must be a number/m);
    expect(bad).toMatch(/^TRAVEL_TIME_CACHE_DAYS: must be at least 1/m);
  });
});
