import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TravelMode } from '../src/domain/travel-types';
import type { DatabaseKind } from '../src/server/db/client';
import type { BenchOptions } from './bench-options';
import { ROOT, type PreparedDatabase } from './bench-server';
import type { LoadedCounts } from './load-scale-data';
import { PROFILE_EXPLAINED, profileLines, type Frame, type ProfileSummary } from './cpu-profile';
import type { LoadResult } from './load-test';

/** A measured load and the server's CPU profile over it (null when none was written). */
export type ProfiledLoad = LoadResult & { profile: ProfileSummary | null };

// Results of `npm run bench -- availability`: one small JSON file per database (the raw figures)
// and availability.md, rebuilt from every JSON file present so a run on one database keeps the
// other's last figures. Both are committed, so they hold summaries, never raw samples.

export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const P50_LIMIT_MS = 10;
const MIN_SHARE_OF_BASELINE = 0.25;
/** Computing an answer with travel: server plus PostgreSQL CPU, as for the search without it. */
const CPU_LIMIT_MS = 1.0;
const DB_NAMES: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

export interface TypicalAnswer {
  searches: number;
  meanBodyBytes: number;
  medianBodyBytes: number;
  medianTherapists: number;
  medianSlots: number;
  maxTherapists: number;
}

/** How the data set's therapists travel (docs/decisions/0077), and where the searches are for. */
export interface TravelMix {
  modes: Record<TravelMode, number>;
  homeDistricts: number;
  withLimit: number;
  withCoveredDistricts: number;
  bookingDistricts: number;
  /** The postcodes the searches with one ask about. */
  postcodes: string[];
}

/** The targets of the rows with a postcode; absent from results written before they existed. */
export interface PostcodeTargets {
  p50LimitMs: number;
  p50Ms: number;
  p50Pass: boolean;
  minShareOfBaseline: number;
  shareOfBaseline: number;
  throughputPass: boolean;
  /** Server plus PostgreSQL CPU per computed answer (cache off), from /proc. */
  cpuLimitMs: number;
  cpuMs: number | null;
  cpuPass: boolean;
  /** The same for the search without a postcode, in the same run: for comparison, not held to it. */
  cpuMsWithoutPostcode: number | null;
}

export interface ResultRow {
  route: string;
  configuration: 'baseline' | 'default (cache 3 s)' | 'cache off';
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  shareOfBaseline: number;
  requests: number;
  non2xx: number;
  timeouts: number;
  errors: number;
  meanResponseBytes: number;
  /** Server main-thread CPU (busy samples) per answer, in ms; null without a profile. Absent
   * from results written before the bench took profiles. */
  cpuMsPerRequest?: number | null;
  /** CPU time the server process and PostgreSQL's processes were given, per answer, in ms. */
  processCpu?: { serverMs: number; postgresMs: number } | null;
  /** The five frames with the most self time while this row was measured. */
  topFrames?: Frame[];
}

export interface AvailabilityResult {
  bench: 'availability';
  database: DatabaseKind;
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    platform: string;
    /** 1-minute load average when the run started: other work on the machine skews the figures. */
    loadAverage: number;
  };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  dataSet: { seed: number; firstDate: string; days: number; loadSeconds: number } & LoadedCounts;
  typicalAnswer: TypicalAnswer;
  /** The same with a postcode; absent from results written before the rows with one. */
  typicalAnswerWithPostcode?: TypicalAnswer;
  /** Absent from results written before the data set had travel. */
  travel?: TravelMix;
  rows: ResultRow[];
  targets: {
    p50LimitMs: number;
    p50Ms: number;
    p50Pass: boolean;
    minShareOfBaseline: number;
    shareOfBaseline: number;
    throughputPass: boolean;
  };
  postcodeTargets?: PostcodeTargets;
  /** Why the figures cannot be trusted (non-2xx answers, socket errors, a short run); empty when valid. */
  problems: string[];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

const WITH_POSTCODE = 'GET /api/cities/:city/therapists?postcode=';

/** Server plus PostgreSQL CPU per answer (with PGlite the server's includes the database). */
const cpuOf = (r: LoadResult): number | null => (r.cpu ? r.cpu.serverMs + r.cpu.postgresMs : null);

export function availabilityResult(input: {
  kind: DatabaseKind;
  options: BenchOptions;
  prepared: PreparedDatabase;
  seed: number;
  firstDate: string;
  days: number;
  loadAverage: number;
  travel: TravelMix;
  typical: TypicalAnswer;
  typicalWithPostcode: TypicalAnswer;
  baseline: ProfiledLoad;
  cached: ProfiledLoad;
  uncached: ProfiledLoad;
  cachedWithPostcode: ProfiledLoad;
  uncachedWithPostcode: ProfiledLoad;
}): AvailabilityResult {
  const { baseline, cached, uncached, cachedWithPostcode, uncachedWithPostcode, options } = input;
  const row = (route: string, configuration: ResultRow['configuration'], r: ProfiledLoad) => ({
    route,
    configuration,
    p50Ms: round(r.p50Ms, 2),
    p99Ms: round(r.p99Ms, 2),
    requestsPerSecond: Math.round(r.requestsPerSecond),
    shareOfBaseline: round(r.requestsPerSecond / baseline.requestsPerSecond, 3),
    requests: r.requests,
    non2xx: r.non2xx,
    timeouts: r.timeouts,
    errors: r.errors,
    meanResponseBytes: Math.round(r.meanResponseBytes),
    cpuMsPerRequest: r.profile && r.requests > 0 ? round(r.profile.busyMs / r.requests, 3) : null,
    processCpu: r.cpu
      ? { serverMs: round(r.cpu.serverMs, 3), postgresMs: round(r.cpu.postgresMs, 3) }
      : null,
    topFrames: r.profile?.top.map((f) => ({ ...f, selfShare: round(f.selfShare, 3) })) ?? [],
  });
  const therapists = 'GET /api/cities/:city/therapists';
  const rows = [
    row('GET /api/health/live', 'baseline', baseline),
    row(therapists, 'default (cache 3 s)', cached),
    row(therapists, 'cache off', uncached),
    row(WITH_POSTCODE, 'default (cache 3 s)', cachedWithPostcode),
    row(WITH_POSTCODE, 'cache off', uncachedWithPostcode),
  ];
  // Timeouts are an overloaded server's honest answer and stay in the table; wrong answers and
  // broken connections mean the figures measure something else.
  const problems = rows.flatMap((r) => [
    ...(r.non2xx > 0 ? [`${r.route} (${r.configuration}): ${r.non2xx} non-2xx answers`] : []),
    ...(r.errors > 0 ? [`${r.route} (${r.configuration}): ${r.errors} socket errors`] : []),
  ]);
  if (options.durationSeconds < 10) problems.push(`runs of ${options.durationSeconds} s (< 10 s)`);
  const share = cached.requestsPerSecond / baseline.requestsPerSecond;
  const shareWithPostcode = cachedWithPostcode.requestsPerSecond / baseline.requestsPerSecond;
  const cpuWithPostcode = cpuOf(uncachedWithPostcode);
  return {
    bench: 'availability',
    database: input.kind,
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      loadAverage: round(input.loadAverage, 1),
    },
    settings: {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
    },
    dataSet: {
      seed: input.seed,
      firstDate: input.firstDate,
      days: input.days,
      loadSeconds: round(input.prepared.loadSeconds, 1),
      ...input.prepared.counts,
    },
    typicalAnswer: input.typical,
    typicalAnswerWithPostcode: input.typicalWithPostcode,
    travel: input.travel,
    rows,
    targets: {
      p50LimitMs: P50_LIMIT_MS,
      p50Ms: round(cached.p50Ms, 2),
      p50Pass: cached.p50Ms <= P50_LIMIT_MS,
      minShareOfBaseline: MIN_SHARE_OF_BASELINE,
      shareOfBaseline: round(share, 3),
      throughputPass: share >= MIN_SHARE_OF_BASELINE,
    },
    postcodeTargets: {
      p50LimitMs: P50_LIMIT_MS,
      p50Ms: round(cachedWithPostcode.p50Ms, 2),
      p50Pass: cachedWithPostcode.p50Ms <= P50_LIMIT_MS,
      minShareOfBaseline: MIN_SHARE_OF_BASELINE,
      shareOfBaseline: round(shareWithPostcode, 3),
      throughputPass: shareWithPostcode >= MIN_SHARE_OF_BASELINE,
      cpuLimitMs: CPU_LIMIT_MS,
      cpuMs: cpuWithPostcode === null ? null : round(cpuWithPostcode, 3),
      // No figure (not Linux) is no pass: the target cannot be said to be met.
      cpuPass: cpuWithPostcode !== null && cpuWithPostcode <= CPU_LIMIT_MS,
      cpuMsWithoutPostcode: cpuOf(uncached) === null ? null : round(cpuOf(uncached) ?? 0, 3),
    },
    problems,
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-GB');
const ms = (n: number) => n.toFixed(2);
const pct = (n: number) => `${n < 0.1 ? (n * 100).toFixed(1) : Math.round(n * 100)}%`;
const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export function figuresTable(results: AvailabilityResult[]): string {
  const lines = [
    '| Database | Route | Configuration | p50 (ms) | p99 (ms) | req/s | of baseline | non-2xx | timeouts (30 s) | mean response incl. headers |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    for (const row of r.rows) {
      lines.push(
        `| ${DB_NAMES[r.database]} | ${row.route} | ${row.configuration} | ${ms(row.p50Ms)} | ` +
          `${ms(row.p99Ms)} | ${int(row.requestsPerSecond)} | ${pct(row.shareOfBaseline)} | ` +
          `${int(row.non2xx)} | ${int(row.timeouts)} | ${kb(row.meanResponseBytes)} |`,
      );
    }
  }
  return lines.join('\n');
}

function runsTable(results: AvailabilityResult[]): string {
  const lines = [
    '| Database | Run at | Machine | Node | Load average at start | Requests | Data loaded in |',
    '| --- | --- | --- | --- | ---: | --- | ---: |',
  ];
  for (const r of results) {
    const { machine: m, settings: s } = r;
    lines.push(
      `| ${DB_NAMES[r.database]} | ${r.date.slice(0, 16).replace('T', ' ')} UTC | ` +
        `${m.cpus} cores, ${m.cpuModel}, ${m.platform} | ${m.node} | ${m.loadAverage.toFixed(1)} | ` +
        `${s.connections} connections, ${s.durationSeconds} s after ${s.warmupSeconds} s warm-up | ` +
        `${r.dataSet.loadSeconds.toFixed(1)} s |`,
    );
  }
  return lines.join('\n');
}

function targetLines(r: AvailabilityResult): string[] {
  const t = r.targets;
  const scope = r.database === 'postgres' ? '' : ' (informational: the targets are for PostgreSQL)';
  const p = r.postcodeTargets;
  const cpu = (n: number | null) => (n === null ? 'not measured' : `${n.toFixed(3)} ms`);
  return [
    `- ${DB_NAMES[r.database]}${scope}: p50 ${ms(t.p50Ms)} ms ≤ ${t.p50LimitMs} ms: ` +
      `**${verdict(t.p50Pass)}**; throughput ${pct(t.shareOfBaseline)} of baseline ≥ ` +
      `${pct(t.minShareOfBaseline)}: **${verdict(t.throughputPass)}**` +
      (r.problems.length ? `; **INVALID RUN**: ${r.problems.join('; ')}` : ''),
    ...(p
      ? [
          `- ${DB_NAMES[r.database]}, with a postcode${scope}: p50 ${ms(p.p50Ms)} ms ≤ ` +
            `${p.p50LimitMs} ms: **${verdict(p.p50Pass)}**; throughput ` +
            `${pct(p.shareOfBaseline)} of baseline ≥ ${pct(p.minShareOfBaseline)}: ` +
            `**${verdict(p.throughputPass)}**; cache off, CPU per answer ${cpu(p.cpuMs)} ≤ ` +
            `${p.cpuLimitMs.toFixed(1)} ms: **${verdict(p.cpuPass)}** (without a postcode: ` +
            `${cpu(p.cpuMsWithoutPostcode)})`,
        ]
      : []),
  ];
}

const MODE_NAMES: Record<TravelMode, string> = {
  car: 'car',
  public_transport: 'public transport',
  bicycle: 'bicycle',
  walking: 'walking',
};

function travelLines(r: AvailabilityResult): string[] {
  const t = r.travel;
  const a = r.typicalAnswerWithPostcode;
  if (!t || !a) return [];
  const modes = Object.entries(t.modes)
    .map(([mode, n]) => `${MODE_NAMES[mode as TravelMode]} ${int(n)}`)
    .join(', ');
  return [
    `Travel (docs/decisions/0077): therapists' home bases in ${t.homeDistricts} districts of ` +
      `their city; travel modes ${modes}; ${int(t.withLimit)} with a longest journey of their ` +
      `own, ${int(t.withCoveredDistricts)} working only in listed districts round home. Every ` +
      `booking has the district of its address (${t.bookingDistricts} districts).`,
    '',
    `Searches with a postcode: the same ${a.searches}, each for one of four postcodes of its ` +
      `city (${t.postcodes.join(', ')}); no routing engine, so journeys are the embedded ` +
      `estimate's. A typical answer: ${a.medianTherapists} therapists with ` +
      `${int(a.medianSlots)} slots in all, ${kb(a.medianBodyBytes)} of JSON ` +
      `(median; mean ${kb(a.meanBodyBytes)}, largest answer ${a.maxTherapists} therapists).`,
  ];
}

export function renderMarkdown(results: AvailabilityResult[]): string {
  const first = results[0];
  if (!first) return '# Availability benchmark\n\nNo results yet.\n';
  const d = first.dataSet;
  const a = first.typicalAnswer;
  return [
    '# Availability benchmark',
    '',
    'Written by `npm run bench -- availability` (see bench/main.ts); do not edit by hand.',
    'The server runs as its own process (`node --import tsx src/server/main.ts`) on the same',
    'machine as the load generator (autocannon). The baseline is `GET /api/health/live` on the',
    'same server in the same run; "cache off" is a second server with AVAILABILITY_CACHE_SECONDS=0.',
    'A load average above the number of cores means other work shared the machine during the run.',
    '',
    runsTable(results),
    '',
    `Data set (seed ${d.seed}): ${d.cities} cities, ${d.treatments} treatments, ` +
      `${int(d.therapists)} therapists, ${int(d.availabilityWindows)} availability windows ` +
      `(${d.days} UK days from ${d.firstDate}), ${int(d.customers)} customers, ` +
      `${int(d.bookings)} confirmed bookings.`,
    '',
    `Searches: ${a.searches} (2 cities × 14 UK dates × 8 treatment combinations), taken in turn ` +
      `by all connections. A typical answer: ${a.medianTherapists} therapists with ` +
      `${int(a.medianSlots)} slots in all, ${kb(a.medianBodyBytes)} of JSON ` +
      `(median; mean ${kb(a.meanBodyBytes)}, largest answer ${a.maxTherapists} therapists).`,
    '',
    ...travelLines(first),
    '',
    figuresTable(results),
    '',
    'Targets, for the default configuration (availability cache on, 3 s) on PostgreSQL: p50 at',
    'most 10 ms and throughput at least 25% of the baseline. The "cache off" rows are not held to',
    'them: they show the cost of computing every answer.',
    '',
    'With a postcode, on PostgreSQL: the default configuration is held to the same two targets,',
    'and computing every answer (cache off) to at most 1.0 ms of CPU per answer, the server’s',
    'and PostgreSQL’s together (from /proc, below), the budget of the search without a postcode.',
    '',
    ...results.flatMap(targetLines),
    '',
    '## Where the server spends its time',
    '',
    'From `node --cpu-prof` on the server, only the samples taken while the row was measured:',
    'main-thread busy time per answer (busy samples over answers) and the five functions with the',
    ...PROFILE_EXPLAINED,
    'PostgreSQL here is the backends of the bench database only (bench/database-cpu.ts): other',
    'databases the same PostgreSQL serves, such as other test runs on the machine, are left out.',
    '',
    ...results.flatMap((r) =>
      r.rows.flatMap((row) =>
        profileLines(
          `${DB_NAMES[r.database]}, ${row.route} (${row.configuration})`,
          row.cpuMsPerRequest ?? null,
          row.topFrames ?? [],
          row.processCpu,
          r.database === 'pglite',
        ),
      ),
    ),
  ].join('\n');
}

async function readResult(kind: DatabaseKind): Promise<AvailabilityResult | null> {
  const file = path.join(RESULTS_DIR, `availability-${kind}.json`);
  return readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as AvailabilityResult)
    .catch(() => null);
}

function postcodeTargetsMet(r: AvailabilityResult): boolean {
  const p = r.postcodeTargets;
  return p !== undefined && p.p50Pass && p.throughputPass && p.cpuPass;
}

/** Writes this run's JSON files and availability.md; true when the run is valid and on target. */
export async function printAndWrite(results: AvailabilityResult[]): Promise<boolean> {
  await mkdir(RESULTS_DIR, { recursive: true });
  for (const r of results) {
    const file = path.join(RESULTS_DIR, `availability-${r.database}.json`);
    await writeFile(file, `${JSON.stringify(r, null, 2)}\n`);
  }
  const all: AvailabilityResult[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    const stored = await readResult(kind);
    if (stored) all.push(stored);
  }
  await writeFile(path.join(RESULTS_DIR, 'availability.md'), renderMarkdown(all));

  process.stdout.write(
    `\n${figuresTable(results)}\n\n${results.flatMap(targetLines).join('\n')}\n`,
  );
  process.stdout.write(`\nWrote ${path.relative(process.cwd(), RESULTS_DIR)}/availability.md\n`);
  return results.every(
    (r) =>
      r.problems.length === 0 &&
      (r.database !== 'postgres' ||
        (r.targets.p50Pass && r.targets.throughputPass && postcodeTargetsMet(r))),
  );
}
