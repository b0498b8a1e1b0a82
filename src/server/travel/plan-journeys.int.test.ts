import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RULES_CONFIG } from '../../domain/constants';
import {
  DEFAULT_TRAVEL_CONFIG,
  embeddedJourneys,
  roundUpToGrid,
} from '../../domain/travel-estimate';
import type { District, TravelMode } from '../../domain/travel-types';
import {
  startOsrmTableServer,
  tableSeconds,
  type OsrmTableServer,
  type TableMisbehaviour,
} from '../../test-support/osrm-table-server';
import { testConfig } from '../../test-support/test-config';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { travelTimeCache } from '../db/schema';
import { planJourneys, type JourneyNeed } from './plan-journeys';
import { centroidOf } from './postcode-districts';

// Tuesday 24 November 2026 (GMT, so UK time is Z): 11:00 is off-peak, 08:00 in the morning peak.
const OFF_PEAK = Date.parse('2026-11-24T11:00:00Z');
const PEAK = Date.parse('2026-11-24T08:00:00Z');
const NOW = new Date('2026-11-23T08:00:00Z');
const { gridMinutes, timeZone } = DEFAULT_RULES_CONFIG;

const embedded = embeddedJourneys(centroidOf, DEFAULT_TRAVEL_CONFIG, { gridMinutes, timeZone });

const PROFILES: Record<string, string> = { car: 'driving', bicycle: 'cycling', walking: 'foot' };

/** What the journey should be from the test server's answer: traffic, door minutes, the grid. */
function routed(from: District, to: District, mode: TravelMode, peak = false): number {
  const a = centroidOf(from)!;
  const b = centroidOf(to)!;
  const seconds = tableSeconds(PROFILES[mode]!, [a.lon, a.lat], [b.lon, b.lat]);
  const speeds = DEFAULT_TRAVEL_CONFIG.speedsKmh[mode];
  const traffic = peak ? speeds.offPeak / speeds.peak : 1;
  const minutes = Math.ceil((seconds / 60) * traffic + DEFAULT_TRAVEL_CONFIG.doorMinutes[mode]);
  return roundUpToGrid(minutes, gridMinutes);
}

const need = (from: District, to: District, mode: TravelMode = 'car', departAt = OFF_PEAK) => ({
  from,
  to,
  mode,
  departAt,
});

for (const kind of testDatabaseKinds('every')) {
  describe(`journey times from a routing engine on ${kind}`, () => {
    let database: TestDatabase;
    let osrm: OsrmTableServer;
    let queries = 0;
    let now = NOW;
    const warnings: { details: object; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    // Generous, so a busy machine never times out a test that expects an answer; the slow
    // server's test has a short one of its own.
    const config = (timeoutMs = '10000') =>
      testConfig({ TRAVEL_TIME_URL: osrm.baseUrl, TRAVEL_TIME_TIMEOUT_MS: timeoutMs });
    let routedConfig: ReturnType<typeof testConfig>;
    let impatientConfig: ReturnType<typeof testConfig>;

    const plan = (needs: JourneyNeed[], which = routedConfig) =>
      planJourneys({ config: which, db: database.db, now: () => now }, needs, log);
    /** Statements, engine requests and warnings a step made. */
    async function counted<T>(step: () => Promise<T>) {
      const before = { queries, requests: osrm.requests.length, warnings: warnings.length };
      const result = await step();
      return {
        result,
        queries: queries - before.queries,
        requests: osrm.requests.slice(before.requests),
        warnings: warnings.slice(before.warnings),
      };
    }
    const kept = () =>
      database.db
        .select()
        .from(travelTimeCache)
        .then((rows) =>
          rows.map((r) => `${r.fromDistrict}>${r.toDistrict}>${r.mode}>${r.hourBand}`),
        );

    beforeAll(async () => {
      database = await createTestDatabase(kind, { onQuery: () => void queries++ });
      osrm = await startOsrmTableServer();
      routedConfig = config();
      impatientConfig = config('200');
    });
    afterAll(async () => {
      await osrm.close();
      await database.destroy();
    });

    it("asks the engine once for a search's journeys, then keeps them", async () => {
      const needs = [
        need('EH6', 'EH1'),
        need('EH1', 'EH6'),
        need('EH10', 'EH1'),
        need('EH6', 'EH1', 'car', OFF_PEAK + 30 * 60_000), // the same journey, the same band
        need('EH1', 'EH1'), // within a district: the estimate's
        need('ZZ9', 'EH1'), // not a district: unknown
      ];
      const first = await counted(() => plan(needs));
      expect(first.requests).toEqual([
        {
          profile: 'driving',
          coordinates: ['EH6', 'EH1', 'EH10', 'EH1', 'EH6'].map((d) => [
            Number(centroidOf(d)!.lon.toFixed(6)),
            Number(centroidOf(d)!.lat.toFixed(6)),
          ]),
          sources: [0, 1, 2],
          destinations: [3, 4],
          annotations: 'duration',
        },
      ]);
      expect(first.queries).toBe(2); // what is kept, then what was fetched
      expect(first.warnings).toEqual([]);
      const journey = first.result;
      expect(journey('EH6', 'EH1', 'car', OFF_PEAK)).toBe(routed('EH6', 'EH1', 'car'));
      expect(journey('EH1', 'EH6', 'car', OFF_PEAK)).toBe(routed('EH1', 'EH6', 'car'));
      expect(journey('EH10', 'EH1', 'car', OFF_PEAK)).toBe(routed('EH10', 'EH1', 'car'));
      expect(journey('EH1', 'EH1', 'car', OFF_PEAK)).toBe(embedded('EH1', 'EH1', 'car', OFF_PEAK));
      expect(journey('ZZ9', 'EH1', 'car', OFF_PEAK)).toBeNull();
      expect((await kept()).sort()).toEqual(['EH10>EH1>car>0', 'EH1>EH6>car>0', 'EH6>EH1>car>0']);

      const second = await counted(() => plan(needs));
      expect(second.requests).toEqual([]);
      expect(second.queries).toBe(1);
      expect(second.result('EH10', 'EH1', 'car', OFF_PEAK)).toBe(routed('EH10', 'EH1', 'car'));
      // Another instance (its own configuration object) reads the same kept journeys.
      const other = await counted(() => plan(needs, config()));
      expect(other.requests).toEqual([]);
      expect(other.result('EH6', 'EH1', 'car', OFF_PEAK)).toBe(routed('EH6', 'EH1', 'car'));
    });

    it('keeps peak and off-peak apart, slowing the engine by the estimate’s traffic', async () => {
      const peak = await counted(() => plan([need('EH6', 'EH1', 'car', PEAK)]));
      expect(peak.requests).toHaveLength(1);
      expect(peak.result('EH6', 'EH1', 'car', PEAK)).toBe(routed('EH6', 'EH1', 'car', true));
      expect(routed('EH6', 'EH1', 'car', true)).toBeGreaterThan(routed('EH6', 'EH1', 'car'));
      expect(await kept()).toContain('EH6>EH1>car>1');
      // The off-peak one was kept by the search before: a mixed search asks nothing.
      const both = await counted(() =>
        plan([need('EH6', 'EH1', 'car', PEAK), need('EH6', 'EH1', 'car', OFF_PEAK)]),
      );
      expect(both.requests).toEqual([]);
      expect(both.result('EH6', 'EH1', 'car', OFF_PEAK)).toBe(routed('EH6', 'EH1', 'car'));
      expect(both.result('EH6', 'EH1', 'car', PEAK)).toBe(routed('EH6', 'EH1', 'car', true));
    });

    it('asks each mode of its own profile, and never for public transport', async () => {
      const modes = await counted(() =>
        plan([need('NE1', 'NE2', 'bicycle'), need('NE1', 'NE2', 'walking', PEAK)]),
      );
      expect(modes.requests.map((r) => r.profile).sort()).toEqual(['cycling', 'foot']);
      expect(modes.result('NE1', 'NE2', 'bicycle', OFF_PEAK)).toBe(routed('NE1', 'NE2', 'bicycle'));
      expect(modes.result('NE1', 'NE2', 'walking', PEAK)).toBe(routed('NE1', 'NE2', 'walking'));

      const transit = await counted(() =>
        plan([
          need('NE1', 'NE2', 'public_transport'),
          need('NE2', 'NE1', 'public_transport', PEAK),
        ]),
      );
      expect(transit).toMatchObject({ requests: [], queries: 0, warnings: [] });
      expect(transit.result('NE1', 'NE2', 'public_transport', OFF_PEAK)).toBe(
        embedded('NE1', 'NE2', 'public_transport', OFF_PEAK),
      );
    });

    const failures: [string, TableMisbehaviour, District, string][] = [
      ['a server slower than the timeout', { kind: 'delay', ms: 5000 }, 'EH3', 'no answer within'],
      ['a server error', { kind: 'status', status: 500 }, 'EH4', 'status 500'],
      ['an answer that is not Ok', { kind: 'code', code: 'TooBig' }, 'EH5', 'code TooBig'],
      ['no durations', { kind: 'null-durations' }, 'EH7', 'no duration for 2 journeys'],
      ['an answer that is not JSON', { kind: 'bad-json' }, 'EH8', 'not JSON'],
    ];
    for (const [what, misbehaviour, from, why] of failures) {
      it(`estimates instead after ${what}, warns once and keeps nothing`, async () => {
        osrm.misbehaveNext(misbehaviour);
        const started = performance.now();
        const failed = await counted(() =>
          plan([need(from, 'EH9'), need('EH9', from)], impatientConfig),
        );
        expect(performance.now() - started).toBeLessThan(4000); // did not wait for the answer
        expect(failed.requests).toHaveLength(1);
        expect(failed.queries).toBe(1); // what is kept; nothing written
        expect(failed.warnings).toHaveLength(1);
        expect(failed.warnings[0]!.message).toMatch(/routing engine/);
        expect(failed.warnings[0]!.details).toMatchObject({
          problems: [expect.stringContaining(`driving: ${why}`)],
          estimated: 2,
        });
        expect(failed.result(from, 'EH9', 'car', OFF_PEAK)).toBe(
          embedded(from, 'EH9', 'car', OFF_PEAK),
        );
        expect(await kept()).not.toContain(`${from}>EH9>car>0`);
        // The next search asks again, and the engine's answer is kept this time.
        const again = await counted(() => plan([need(from, 'EH9')]));
        expect(again.requests).toHaveLength(1);
        expect(again.result(from, 'EH9', 'car', OFF_PEAK)).toBe(routed(from, 'EH9', 'car'));
        expect(await kept()).toContain(`${from}>EH9>car>0`);
      });
    }

    it('asks again once what it kept is older than TRAVEL_TIME_CACHE_DAYS', async () => {
      await plan([need('EH12', 'EH11')]);
      now = new Date(NOW.getTime() + 29 * 86_400_000);
      expect((await counted(() => plan([need('EH12', 'EH11')]))).requests).toEqual([]);
      now = new Date(NOW.getTime() + 31 * 86_400_000);
      expect((await counted(() => plan([need('EH12', 'EH11')]))).requests).toHaveLength(1);
      now = NOW;
    });

    it('without TRAVEL_TIME_URL estimates every journey, asking nothing of anyone', async () => {
      const alone = testConfig();
      const none = await counted(() =>
        plan([need('EH6', 'EH1'), need('EH20', 'EH21', 'walking', PEAK)], alone),
      );
      expect(none).toMatchObject({ requests: [], queries: 0, warnings: [] });
      expect(none.result('EH20', 'EH21', 'walking', PEAK)).toBe(
        embedded('EH20', 'EH21', 'walking', PEAK),
      );
      expect(none.result('EH6', 'EH1', 'car', OFF_PEAK)).toBe(
        embedded('EH6', 'EH1', 'car', OFF_PEAK),
      );
      // One estimator per configuration, not one per search.
      expect(await plan([], alone)).toBe(none.result);
    });
  });
}
