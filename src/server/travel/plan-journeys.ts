import { sql } from 'drizzle-orm';
import { DAY_MS, DEFAULT_RULES_CONFIG } from '../../domain/constants';
import {
  embeddedJourneys,
  hourBandOf,
  roundUpToGrid,
  type TravelConfig,
} from '../../domain/travel-estimate';
import type { Centroid, District, JourneyMinutes, TravelMode } from '../../domain/travel-types';
import type { AppContext } from '../app-context';
import type { AppConfig } from '../config';
import { preparedStatement } from '../db/query-rows';
import { travelTimeCache } from '../db/schema';
import type { WarnLog } from '../db/warn-log';
import { centroidOf } from './postcode-districts';

// The journey times a search needs, fetched before the rules run (they ask synchronously).
//
// Without TRAVEL_TIME_URL every journey is the embedded estimate's, from district centroids: no
// statement, no request. With it, car, bicycle and walking journeys are an OSRM server's, kept in
// travel_time_cache for TRAVEL_TIME_CACHE_DAYS: one statement reads what is kept for the
// search's journeys, and what is not is asked of the server in one table request per profile,
// then kept. OSRM routes public transport not at all, so those journeys are always estimated.
//
// OSRM knows no traffic: its answer is an off-peak one. A journey leaving in a peak band
// (hourBandOf) takes it times the embedded estimate's off-peak speed over its peak speed for the
// mode (30/18 for a car by default, 1 for a bicycle or on foot), so the engine's peak is as much
// slower than its off-peak as the estimate's is. The mode's doorMinutes are added (OSRM goes
// from centroid to centroid, not from door to door), and the result is kept in whole minutes
// (rounded up); the answer is that, rounded up to the slot grid.
//
// Whatever goes wrong with the engine (timeout, an error status, an answer that is not a table)
// costs a search nothing but precision: the journeys it did not answer are estimated, one warning
// says so, and nothing estimated is kept, so the next search asks again.

export interface JourneyNeed {
  from: District;
  to: District;
  mode: TravelMode;
  /** Epoch ms: decides the hour band. */
  departAt: number;
}

/** The OSRM profile per mode it routes (the names the OSRM demo server and its images use). */
const OSRM_PROFILES: Readonly<Partial<Record<TravelMode, string>>> = Object.freeze({
  car: 'driving',
  bicycle: 'cycling',
  walking: 'foot',
});

/** osrm-routed's default --max-table-size: a request with more locations is refused. */
const MAX_TABLE_LOCATIONS = 100;
/** The table's CHECK: a journey kept is at most a day. */
const MAX_KEPT_MINUTES = 1440;
/**
 * The embedded estimator remembers every (from, to, mode, band) it answers; it is made anew after
 * this many searches, so what it remembers stays about what searches ask now.
 */
const SEARCHES_PER_ESTIMATOR = 10_000;

// The slot grid and the time zone are the rules' (DEFAULT_RULES_CONFIG, as rulesConfigOf gives
// them): read here from the domain, since availability imports this folder, not the other way.
const { gridMinutes, timeZone } = DEFAULT_RULES_CONFIG;

const estimators = new WeakMap<AppConfig, { journeys: JourneyMinutes; searches: number }>();

/** One embedded estimator per configuration, used by every search: its memory is per band. */
function embeddedFor(config: AppConfig): JourneyMinutes {
  let kept = estimators.get(config);
  if (!kept || kept.searches >= SEARCHES_PER_ESTIMATOR) {
    kept = {
      journeys: embeddedJourneys(centroidOf, config.travel.estimate, { gridMinutes, timeZone }),
      searches: 0,
    };
    estimators.set(config, kept);
  }
  kept.searches++;
  return kept.journeys;
}

/** The same key as the embedded estimator's memory. */
const keyOf = (from: District, to: District, mode: TravelMode, band: number) =>
  `${from}>${to}>${mode}>${band}`;

/** What planning uses of the context (a test can give just these). */
type Context = Pick<AppContext, 'config' | 'db' | 'now'>;

interface JourneyKey {
  key: string;
  from: District;
  to: District;
  mode: TravelMode;
  band: 0 | 1;
}

/**
 * The journeys a search needs, as a synchronous function for the rules. Never throws for the
 * routing engine's sake; never call it inside a database transaction (it may wait on the engine).
 */
export async function planJourneys(
  ctx: Context,
  needs: readonly JourneyNeed[],
  log: WarnLog,
): Promise<JourneyMinutes> {
  const embedded = embeddedFor(ctx.config);
  const { timeUrl, estimate } = ctx.config.travel;
  if (timeUrl === null || needs.length === 0) return embedded;

  const keys = routedKeys(needs, estimate);
  if (keys.size === 0) return embedded;
  const minutes = await keptMinutes(ctx, keys);
  const missing = [...keys.values()].filter((k) => !minutes.has(k.key));
  if (missing.length > 0) {
    const fetched = await askEngine(ctx, missing, log);
    for (const [key, m] of fetched) minutes.set(key, m);
    if (fetched.size > 0) await keep(ctx, fetched, missing, log);
  }
  if (minutes.size === 0) return embedded;

  const answers = new Map<string, number>();
  for (const [key, m] of minutes) answers.set(key, roundUpToGrid(m, gridMinutes));
  return (from, to, mode, departAt) => {
    if (mode !== 'public_transport') {
      const known = answers.get(keyOf(from, to, mode, hourBandOf(departAt, estimate, timeZone)));
      if (known !== undefined) return known;
    }
    return embedded(from, to, mode, departAt);
  };
}

/**
 * The journeys the engine may answer, once each: a mode it routes, two districts the table knows,
 * and two different ones (within one district the engine would say 0 minutes, centroid to itself;
 * the estimate's sameDistrictKm is the better guess there).
 */
function routedKeys(
  needs: readonly JourneyNeed[],
  estimate: TravelConfig,
): Map<string, JourneyKey> {
  const keys = new Map<string, JourneyKey>();
  for (const { from, to, mode, departAt } of needs) {
    if (from === to || OSRM_PROFILES[mode] === undefined) continue;
    if (centroidOf(from) === undefined || centroidOf(to) === undefined) continue;
    const band = hourBandOf(departAt, estimate, timeZone);
    const key = keyOf(from, to, mode, band);
    if (!keys.has(key)) keys.set(key, { key, from, to, mode, band });
  }
  return keys;
}

const KEY_ARRAYS = ['froms', 'tos', 'modes', 'bands'] as const;

const readKept = preparedStatement(
  'travel_time_kept',
  [...KEY_ARRAYS, 'freshAfter'],
  (p) => sql`select c.from_district as "from", c.to_district as "to", c.mode,
                    c.hour_band as band, c.minutes
             from ${travelTimeCache} c
             join unnest(${p.froms}::text[], ${p.tos}::text[], ${p.modes}::text[],
                         ${p.bands}::int[]) as k(f, t, m, b)
               on c.from_district = k.f and c.to_district = k.t and c.mode = k.m
              and c.hour_band = k.b
             where c.fetched_at > ${p.freshAfter}::timestamptz`,
);

const writeKept = preparedStatement(
  'travel_time_keep',
  [...KEY_ARRAYS, 'minutes', 'fetchedAt'],
  (p) => sql`insert into ${travelTimeCache}
               (from_district, to_district, mode, hour_band, minutes, fetched_at)
             select k.f, k.t, k.m, k.b, k.n, ${p.fetchedAt}::timestamptz
             from unnest(${p.froms}::text[], ${p.tos}::text[], ${p.modes}::text[],
                         ${p.bands}::int[], ${p.minutes}::int[]) as k(f, t, m, b, n)
             on conflict (from_district, to_district, mode, hour_band)
             do update set minutes = excluded.minutes, fetched_at = excluded.fetched_at`,
);

function keyArrays(keys: readonly JourneyKey[]) {
  return {
    froms: keys.map((k) => k.from),
    tos: keys.map((k) => k.to),
    modes: keys.map((k) => k.mode),
    bands: keys.map((k) => k.band),
  };
}

/** What the table keeps, younger than cacheDays, for these keys: one statement. */
async function keptMinutes(
  ctx: Context,
  keys: ReadonlyMap<string, JourneyKey>,
): Promise<Map<string, number>> {
  const freshAfter = new Date(ctx.now().getTime() - ctx.config.travel.cacheDays * DAY_MS);
  const rows = await readKept.rows<{
    from: string;
    to: string;
    mode: TravelMode;
    band: number;
    minutes: number;
  }>(ctx.db, { ...keyArrays([...keys.values()]), freshAfter: freshAfter.toISOString() });
  return new Map(rows.map((r) => [keyOf(r.from, r.to, r.mode, r.band), r.minutes]));
}

/** Keeps the engine's answers (never an estimate); a failure costs only a later request. */
async function keep(
  ctx: Context,
  fetched: ReadonlyMap<string, number>,
  asked: readonly JourneyKey[],
  log: WarnLog,
): Promise<void> {
  // In key order, so two searches keeping the same journeys at once lock them in the same order.
  const rows = asked.filter((k) => fetched.has(k.key)).sort((a, b) => (a.key < b.key ? -1 : 1));
  try {
    await writeKept.rows(ctx.db, {
      ...keyArrays(rows),
      minutes: rows.map((k) => fetched.get(k.key)),
      fetchedAt: ctx.now().toISOString(),
    });
  } catch (error) {
    log.warn({ err: error, journeys: rows.length }, 'travel times could not be kept');
  }
}

/** One table request: the sources × destinations it covers, and the keys it answers. */
interface TableAsk {
  profile: string;
  /** Row of the answer per source district, column per destination district. */
  sources: Map<District, number>;
  destinations: Map<District, number>;
  keys: JourneyKey[];
}

/**
 * The engine's minutes for the keys it answered (peak factor and door minutes applied, whole
 * minutes): a table request per profile (more only past MAX_TABLE_LOCATIONS), all at once. Keys it
 * did not answer are left out, and one warning says why.
 */
async function askEngine(
  ctx: Context,
  keys: readonly JourneyKey[],
  log: WarnLog,
): Promise<Map<string, number>> {
  const { timeUrl, timeoutMs, estimate } = ctx.config.travel;
  const asks = tableAsks(keys);
  const outcomes = await Promise.all(
    asks.map((ask) => requestTable(`${timeUrl}/table/v1/${ask.profile}/`, ask, timeoutMs)),
  );
  const minutes = new Map<string, number>();
  const problems: string[] = [];
  let unanswered = 0;
  outcomes.forEach((outcome, i) => {
    const ask = asks[i]!;
    if (typeof outcome === 'string') {
      problems.push(`${ask.profile}: ${outcome}`);
      unanswered += ask.keys.length;
      return;
    }
    let noRoute = 0;
    for (const k of ask.keys) {
      const seconds = outcome[ask.sources.get(k.from)!]![ask.destinations.get(k.to)!];
      if (seconds === null || seconds === undefined) {
        noRoute++;
        continue;
      }
      minutes.set(k.key, engineMinutes(seconds, k, estimate));
    }
    if (noRoute > 0) problems.push(`${ask.profile}: no duration for ${noRoute} journeys`);
    unanswered += noRoute;
  });
  if (problems.length > 0)
    log.warn(
      { problems, journeys: keys.length, estimated: unanswered },
      'routing engine did not answer every journey: those are estimated',
    );
  return minutes;
}

/** Seconds off-peak, centroid to centroid, as the rules' minutes before the grid. */
function engineMinutes(seconds: number, key: JourneyKey, estimate: TravelConfig): number {
  const speeds = estimate.speedsKmh[key.mode];
  const traffic = key.band === 1 ? speeds.offPeak / speeds.peak : 1;
  const minutes = Math.ceil((seconds / 60) * traffic + estimate.doorMinutes[key.mode]);
  return Math.min(Math.max(minutes, 0), MAX_KEPT_MINUTES);
}

/**
 * Groups the keys by profile and pair of districts (both bands of a pair are one answer), into
 * requests of at most MAX_TABLE_LOCATIONS locations: the sources first, then the destinations.
 */
function tableAsks(keys: readonly JourneyKey[]): TableAsk[] {
  const byProfile = new Map<string, JourneyKey[]>();
  for (const k of keys) {
    const profile = OSRM_PROFILES[k.mode]!;
    const list = byProfile.get(profile);
    if (list) list.push(k);
    else byProfile.set(profile, [k]);
  }
  const asks: TableAsk[] = [];
  for (const [profile, list] of byProfile) {
    let ask: TableAsk | null = null;
    for (const k of list) {
      const grows = (ask?.sources.has(k.from) ? 0 : 1) + (ask?.destinations.has(k.to) ? 0 : 1);
      if (!ask || ask.sources.size + ask.destinations.size + grows > MAX_TABLE_LOCATIONS) {
        ask = { profile, sources: new Map(), destinations: new Map(), keys: [] };
        asks.push(ask);
      }
      if (!ask.sources.has(k.from)) ask.sources.set(k.from, ask.sources.size);
      if (!ask.destinations.has(k.to)) ask.destinations.set(k.to, ask.destinations.size);
      ask.keys.push(k);
    }
  }
  return asks;
}

/** Seconds by source row and destination column (null: no route); or what went wrong, briefly. */
type TableAnswer = (number | null)[][] | string;

const lonLat = (district: District) => {
  const c = centroidOf(district) as Centroid; // routedKeys kept only districts the table has
  return `${c.lon.toFixed(6)},${c.lat.toFixed(6)}`;
};

async function requestTable(base: string, ask: TableAsk, timeoutMs: number): Promise<TableAnswer> {
  // The sources are the first locations, the destinations the rest (a district may be both).
  const sources = [...ask.sources.keys()];
  const destinations = [...ask.destinations.keys()];
  const coordinates = [...sources, ...destinations].map(lonLat).join(';');
  const url =
    `${base}${coordinates}?sources=${sources.map((_, i) => i).join(';')}` +
    `&destinations=${destinations.map((_, i) => sources.length + i).join(';')}` +
    '&annotations=duration';
  let body: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.status !== 200) {
      await response.body?.cancel();
      return `status ${response.status}`;
    }
    body = await response.json();
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError')
      return `no answer within ${timeoutMs} ms`;
    return error instanceof SyntaxError ? 'not JSON' : String(error);
  }
  return tableOf(body, sources.length, destinations.length);
}

/** The durations, if the answer is an Ok table of that shape; a number is seconds, ≥ 0. */
function tableOf(body: unknown, rows: number, columns: number): TableAnswer {
  if (typeof body !== 'object' || body === null) return 'not a table';
  const { code, durations } = body as { code?: unknown; durations?: unknown };
  if (code !== 'Ok') return `code ${typeof code === 'string' ? code.slice(0, 40) : 'missing'}`;
  if (!Array.isArray(durations) || durations.length !== rows) return 'not a table';
  const table: (number | null)[][] = [];
  for (const row of durations as unknown[]) {
    if (!Array.isArray(row) || row.length !== columns) return 'not a table';
    // null (or anything not a duration): no route between the two, and that journey is estimated.
    table.push(
      row.map((v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null)),
    );
  }
  return table;
}
