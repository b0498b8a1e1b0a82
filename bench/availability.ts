import os from 'node:os';
import { slotMinutesOf } from '../src/contract/availability';
import { postcodeDistrict } from '../src/domain/account-forms';
import type { TravelMode } from '../src/domain/travel-types';
import { UK_TIME_ZONE } from '../src/domain/constants';
import { ukDateOf } from '../src/domain/uk-time';
import type { DatabaseKind } from '../src/server/db/client';
import {
  preparePglite,
  preparePostgres,
  startServer,
  type BenchServer,
  type PreparedDatabase,
} from './bench-server';
import type { BenchOptions } from './bench-options';
import { runLoad, type LoadOptions, type LoadResult } from './load-test';
import { benchCpuSnapshot, benchDatabaseName } from './database-cpu';
import { createPrng } from './prng';
import {
  availabilityResult,
  printAndWrite,
  type AvailabilityResult,
  type ProfiledLoad,
  type TravelMix,
  type TypicalAnswer,
} from './availability-report';
import type { ProfileSummary } from './cpu-profile';
import { generateScaleData, SCALE_CITIES, type ScaleData } from './scale-data';

// `npm run bench -- availability`: the therapists search under load, against a liveness route on
// the same server as the ceiling, then again with the availability cache off for the honest cost
// of computing an answer. Both again with a postcode (docs/decisions/0077): the times the
// therapists can reach the address by, with journeys from the embedded estimate.

export const SEED = 20_000;
const MIX_DAYS = 14;

// What customers search for: single treatments, one with an add-on, and two together.
const TREATMENT_MIX: string[][] = [
  ['swedish-massage-60'],
  ['deep-tissue-massage-60', 'hot-stones'],
  ['signature-facial-60'],
  ['gel-manicure', 'nail-art'],
  ['gel-manicure', 'gel-pedicure'],
  ['lash-lift-tint'],
  ['blow-dry', 'deep-conditioning'],
  ['swedish-massage-60', 'express-facial-30'],
];

function nextUkDates(firstDate: string, count: number): string[] {
  const [y, m, d] = firstDate.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10),
  );
}

/**
 * Where the searches with a postcode are for: four addresses in each city, centre and edges
 * (docs/decisions/0077). Each search of the mix takes one of its city's, so the rows with a
 * postcode ask as many different things as the rows without.
 */
export const SEARCH_POSTCODES: Readonly<Record<(typeof SCALE_CITIES)[number]['slug'], string[]>> = {
  edinburgh: ['EH1 1BB', 'EH6 8AA', 'EH10 5HF', 'EH12 6TS'],
  newcastle: ['NE1 4ST', 'NE3 1AA', 'NE6 2RW', 'NE15 7BE'],
};

/**
 * Every (city, date, treatments) search of the mix, in a fixed shuffled order; with `postcode`,
 * the same searches in the same order, each for one of its city's SEARCH_POSTCODES.
 */
export function therapistSearchPaths(firstDate: string, postcode = false): string[] {
  const paths = SCALE_CITIES.flatMap((city) =>
    nextUkDates(firstDate, MIX_DAYS).flatMap((date, d) =>
      TREATMENT_MIX.map((ids, m) => {
        const path = `/api/cities/${city.slug}/therapists?date=${date}&treatments=${ids.join(',')}`;
        if (!postcode) return path;
        const postcodes = SEARCH_POSTCODES[city.slug];
        const chosen = postcodes[(d + m) % postcodes.length] ?? '';
        return `${path}&postcode=${encodeURIComponent(chosen)}`;
      }),
    ),
  );
  // Shuffled so consecutive requests (and the connections sharing the rotation) ask different things.
  const prng = createPrng(SEED);
  for (let i = paths.length - 1; i > 0; i--) {
    const j = prng.int(i + 1);
    [paths[i], paths[j]] = [paths[j] as string, paths[i] as string];
  }
  return paths;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

interface TherapistsBody {
  slotGridMinutes: number;
  therapists: { slotRuns: [number, number][] }[];
  /** Present once the route takes a postcode: where the times were checked for travel. */
  place?: { district: string } | null;
}

/** Asks every search of the mix once: all must be 200; describes what a typical answer holds. */
async function sampleAnswers(server: BenchServer, paths: string[]): Promise<TypicalAnswer> {
  const bytes: number[] = [];
  const therapists: number[] = [];
  const slots: number[] = [];
  for (const path of paths) {
    const response = await fetch(server.url + path);
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    const body = JSON.parse(text) as TherapistsBody;
    if (path.includes('postcode=') && !body.place) {
      throw new Error(`GET ${path} answered without the place: the postcode was not used`);
    }
    bytes.push(Buffer.byteLength(text));
    therapists.push(body.therapists.length);
    slots.push(
      body.therapists.reduce(
        (n, t) => n + slotMinutesOf(t.slotRuns, body.slotGridMinutes).length,
        0,
      ),
    );
  }
  return {
    searches: paths.length,
    meanBodyBytes: Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length),
    medianBodyBytes: median(bytes),
    medianTherapists: median(therapists),
    medianSlots: median(slots),
    maxTherapists: Math.max(...therapists),
  };
}

async function withServer<T>(
  env: Record<string, string>,
  use: (server: BenchServer) => Promise<T>,
): Promise<{ value: T; profile: BenchServer['profile'] }> {
  const server = await startServer(env);
  try {
    return { value: await use(server), profile: server.profile };
  } finally {
    await server.stop();
  }
}

const withProfile = (load: LoadResult, summary: ProfileSummary | null | undefined) => ({
  ...load,
  profile: summary ?? null,
});

/** Every measured load of one database, and what a typical answer holds. */
interface Measured {
  typical: TypicalAnswer;
  typicalWithPostcode: TypicalAnswer;
  baseline: ProfiledLoad;
  cached: ProfiledLoad;
  uncached: ProfiledLoad;
  cachedWithPostcode: ProfiledLoad;
  uncachedWithPostcode: ProfiledLoad;
}

async function measureOn(
  prepared: PreparedDatabase,
  paths: string[],
  postcodePaths: string[],
  options: BenchOptions,
): Promise<Measured> {
  // PostgreSQL's CPU: only the backends of this run's database (database-cpu.ts).
  const database = benchDatabaseName(prepared.env);
  const load = (server: BenchServer, loadPaths: string[]): LoadOptions => ({
    baseUrl: server.url,
    sampleCpu: () => benchCpuSnapshot(server.pid, database),
    paths: loadPaths,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  });
  const step = (what: string) => process.stdout.write(`  ${prepared.kind}: ${what}\n`);

  const first = await withServer(prepared.env, async (server) => {
    step('checking every search of the mix answers 200, without and with a postcode');
    const typical = await sampleAnswers(server, paths);
    const typicalWithPostcode = await sampleAnswers(server, postcodePaths);
    step('baseline GET /api/health/live');
    const baseline = await runLoad(load(server, ['/api/health/live']));
    step('GET /api/cities/:city/therapists, default configuration');
    const cached = await runLoad(load(server, paths));
    step('GET /api/cities/:city/therapists with a postcode, default configuration');
    const cachedWithPostcode = await runLoad(load(server, postcodePaths));
    return { typical, typicalWithPostcode, baseline, cached, cachedWithPostcode };
  });
  step(
    'GET /api/cities/:city/therapists, AVAILABILITY_CACHE_SECONDS=0, without and with a postcode',
  );
  const uncached = await withServer(
    { ...prepared.env, AVAILABILITY_CACHE_SECONDS: '0' },
    async (server) => ({
      without: await runLoad(load(server, paths)),
      with: await runLoad(load(server, postcodePaths)),
    }),
  );
  const { baseline, cached, cachedWithPostcode, typical, typicalWithPostcode } = first.value;
  const [baselineCpu, cachedCpu, cachedWithPostcodeCpu] = await first.profile([
    baseline.window,
    cached.window,
    cachedWithPostcode.window,
  ]);
  const [uncachedCpu, uncachedWithPostcodeCpu] = await uncached.profile([
    uncached.value.without.window,
    uncached.value.with.window,
  ]);
  return {
    typical,
    typicalWithPostcode,
    baseline: withProfile(baseline, baselineCpu),
    cached: withProfile(cached, cachedCpu),
    uncached: withProfile(uncached.value.without, uncachedCpu),
    cachedWithPostcode: withProfile(cachedWithPostcode, cachedWithPostcodeCpu),
    uncachedWithPostcode: withProfile(uncached.value.with, uncachedWithPostcodeCpu),
  };
}

/** How the data set's therapists travel: the line the report gives under the data set. */
function travelMixOf(data: ScaleData): TravelMix {
  const modes: Record<TravelMode, number> = { car: 0, public_transport: 0, bicycle: 0, walking: 0 };
  for (const t of data.therapists) modes[t.travelMode] += 1;
  return {
    modes,
    homeDistricts: new Set(data.therapists.map((t) => postcodeDistrict(t.homePostcode))).size,
    withLimit: data.therapists.filter((t) => t.maxTravelMinutes !== null).length,
    withCoveredDistricts: data.therapists.filter((t) => t.coveredDistricts !== null).length,
    bookingDistricts: new Set(data.bookings.map((b) => b.district)).size,
    postcodes: Object.values(SEARCH_POSTCODES).flat(),
  };
}

async function benchOneDatabase(
  kind: DatabaseKind,
  data: ScaleData,
  paths: string[],
  postcodePaths: string[],
  options: BenchOptions,
): Promise<AvailabilityResult> {
  process.stdout.write(`\n${kind}: loading the data set\n`);
  const prepared = await (kind === 'postgres' ? preparePostgres(data) : preparePglite(data));
  try {
    process.stdout.write(`  ${kind}: loaded in ${prepared.loadSeconds.toFixed(1)} s\n`);
    const loadAverage = os.loadavg()[0] ?? 0;
    const measured = await measureOn(prepared, paths, postcodePaths, options);
    const { firstDate, days } = data;
    const travel = travelMixOf(data);
    const context = { kind, options, prepared, seed: SEED, firstDate, days, loadAverage, travel };
    return availabilityResult({ ...context, ...measured });
  } finally {
    await prepared.destroy();
  }
}

export async function runAvailabilityBench(options: BenchOptions): Promise<boolean> {
  const firstDate = ukDateOf(Date.now(), UK_TIME_ZONE);
  process.stdout.write(`Generating the data set (seed ${SEED}, from ${firstDate})\n`);
  const data = generateScaleData({ seed: SEED, firstDate });
  const paths = therapistSearchPaths(firstDate);
  const postcodePaths = therapistSearchPaths(firstDate, true);

  const results: AvailabilityResult[] = [];
  for (const kind of options.databases) {
    results.push(await benchOneDatabase(kind, data, paths, postcodePaths, options));
  }
  return printAndWrite(results);
}
