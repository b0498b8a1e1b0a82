import os from 'node:os';
import { slotMinutesOf } from '../src/contract/availability';
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
import { cpuSnapshot } from './process-cpu';
import { createPrng } from './prng';
import {
  availabilityResult,
  printAndWrite,
  type AvailabilityResult,
  type ProfiledLoad,
  type TypicalAnswer,
} from './availability-report';
import type { ProfileSummary } from './cpu-profile';
import { generateScaleData, SCALE_CITIES, type ScaleData } from './scale-data';

// `npm run bench -- availability`: the therapists search under load, against a liveness route on
// the same server as the ceiling, then again with the availability cache off for the honest cost
// of computing an answer.

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

/** Every (city, date, treatments) search of the mix, in a fixed shuffled order. */
export function therapistSearchPaths(firstDate: string): string[] {
  const paths = SCALE_CITIES.flatMap((city) =>
    nextUkDates(firstDate, MIX_DAYS).flatMap((date) =>
      TREATMENT_MIX.map(
        (ids) => `/api/cities/${city.slug}/therapists?date=${date}&treatments=${ids.join(',')}`,
      ),
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

async function measureOn(
  prepared: PreparedDatabase,
  paths: string[],
  options: BenchOptions,
): Promise<{
  typical: TypicalAnswer;
  baseline: ProfiledLoad;
  cached: ProfiledLoad;
  uncached: ProfiledLoad;
}> {
  const load = (server: BenchServer, loadPaths: string[]): LoadOptions => ({
    baseUrl: server.url,
    sampleCpu: () => cpuSnapshot(server.pid),
    paths: loadPaths,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
  });
  const step = (what: string) => process.stdout.write(`  ${prepared.kind}: ${what}\n`);

  const first = await withServer(prepared.env, async (server) => {
    step('checking every search of the mix answers 200');
    const typical = await sampleAnswers(server, paths);
    step('baseline GET /api/health/live');
    const baseline = await runLoad(load(server, ['/api/health/live']));
    step('GET /api/cities/:city/therapists, default configuration');
    const cached = await runLoad(load(server, paths));
    return { typical, baseline, cached };
  });
  step('GET /api/cities/:city/therapists, AVAILABILITY_CACHE_SECONDS=0');
  const uncached = await withServer(
    { ...prepared.env, AVAILABILITY_CACHE_SECONDS: '0' },
    (server) => runLoad(load(server, paths)),
  );
  const { baseline, cached, typical } = first.value;
  const [baselineCpu, cachedCpu] = await first.profile([baseline.window, cached.window]);
  const [uncachedCpu] = await uncached.profile([uncached.value.window]);
  return {
    typical,
    baseline: withProfile(baseline, baselineCpu),
    cached: withProfile(cached, cachedCpu),
    uncached: withProfile(uncached.value, uncachedCpu),
  };
}

async function benchOneDatabase(
  kind: DatabaseKind,
  data: ScaleData,
  paths: string[],
  options: BenchOptions,
): Promise<AvailabilityResult> {
  process.stdout.write(`\n${kind}: loading the data set\n`);
  const prepared = await (kind === 'postgres' ? preparePostgres(data) : preparePglite(data));
  try {
    process.stdout.write(`  ${kind}: loaded in ${prepared.loadSeconds.toFixed(1)} s\n`);
    const loadAverage = os.loadavg()[0] ?? 0;
    const measured = await measureOn(prepared, paths, options);
    const { firstDate, days } = data;
    const context = { kind, options, prepared, seed: SEED, firstDate, days, loadAverage };
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

  const results: AvailabilityResult[] = [];
  for (const kind of options.databases) {
    results.push(await benchOneDatabase(kind, data, paths, options));
  }
  return printAndWrite(results);
}
