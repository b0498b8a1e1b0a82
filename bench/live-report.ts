import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseKind } from '../src/server/db/client';
import { RESULTS_DIR } from './availability-report';

// Results of `npm run bench -- live`: live-<database>.json with the figures, and live.md rebuilt
// from every JSON file present, so a run on one database keeps the other's last figures.

/** The issue's targets (issue 34): memory per stream, event latency, event-loop delay. */
export const TARGETS = { bytesPerStream: 20 * 1024, latencyP99Ms: 500, loopDelayMs: 20 };

export interface LiveResult {
  bench: 'live';
  database: DatabaseKind;
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverage: number };
  settings: {
    streams: number;
    activeCustomers: number;
    changeEveryMs: number;
    durationSeconds: number;
    heartbeatSeconds: number;
  };
  openSeconds: number;
  memory: {
    heapPerStreamBytes: number;
    rssPerStreamBytes: number;
    /** Included in the RSS figure: see ProbeReading.youngGenerationBytes. */
    youngGenerationGrowthBytes: number;
    /** The JavaScript heap's share of the RSS figure, used or not. */
    heapTotalPerStreamBytes: number;
    /** Included in the RSS figure: PGlite's memory grew by this much while the streams opened. */
    databaseGrowthBytes: number;
    externalPerStreamBytes: number;
    heapUsedBytes: number;
    rssBytes: number;
  };
  changes: {
    sent: number;
    statuses: Record<string, number>;
    eventsReceived: number;
    unexpectedEvents: number;
    answerP50Ms: number;
    answerP99Ms: number;
  };
  /** From each change's request to its event at the client. */
  latency: { p50Ms: number; p99Ms: number; maxMs: number };
  eventLoop: { whileOpening: ProbeReading['loop']; whileChanging: ProbeReading['loop'] };
  shutdown: { streamsEndedMs: number; stoppedMs: number };
}

/** What bench/live-probe.mjs writes from inside the server process. */
export interface ProbeReading {
  seq: number;
  heapUsedBytes: number;
  /** What the JavaScript heap holds from the system, used or not. */
  heapTotalBytes: number;
  rssBytes: number;
  externalBytes: number;
  /**
   * What the young generation holds from the system: it grows under a burst of allocation (up
   * to --max-semi-space-size) and stays grown, which is not memory any stream keeps.
   */
  youngGenerationBytes: number;
  /** What PGlite's thread holds: its heap and its WebAssembly memory; 0 on PostgreSQL. */
  databaseThreadBytes: number;
  /** Event-loop delay since the last reading (how late a 10 ms tick came), in milliseconds. */
  loop: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
}

export function percentile(samples: number[], p: number): number {
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

const DB_NAMES: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };
const ms = (n: number) => n.toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The process's growth per stream, less the embedded database's own (PGlite runs inside it). */
const serverRssPerStream = (r: LiveResult) =>
  r.memory.rssPerStreamBytes - r.memory.databaseGrowthBytes / r.settings.streams;

/** Why a run is invalid or misses a target; none: it passed. */
export function problemsOf(r: LiveResult): string[] {
  const problems: string[] = [];
  const bad = Object.entries(r.changes.statuses).filter(([status]) => status !== '200');
  if (bad.length > 0)
    problems.push(`changes answered ${bad.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  if (r.changes.eventsReceived !== r.changes.sent)
    problems.push(`${r.changes.sent} changes but ${r.changes.eventsReceived} events`);
  if (r.changes.unexpectedEvents > 0)
    problems.push(`${r.changes.unexpectedEvents} unexpected events`);
  const perStream = Math.max(r.memory.heapPerStreamBytes, serverRssPerStream(r));
  if (perStream > TARGETS.bytesPerStream) problems.push(`${kb(perStream)} kB per stream`);
  if (r.latency.p99Ms > TARGETS.latencyP99Ms)
    problems.push(`p99 latency ${ms(r.latency.p99Ms)} ms`);
  if (r.eventLoop.whileChanging.maxMs >= TARGETS.loopDelayMs)
    problems.push(`event-loop delay up to ${ms(r.eventLoop.whileChanging.maxMs)} ms`);
  return problems;
}

function markdown(results: LiveResult[]): string {
  return [
    '# Live channel benchmark',
    '',
    'Written by `npm run bench -- live` (see bench/live.ts); do not edit by hand.',
    'One server (its own process) holds an idle `GET /api/me/events` stream for each of 2,000',
    'signed-in customers, heartbeats every 5 s. Then, one change at a time, the business payment',
    'arrangement of 200 of them is set through `PUT /api/internal/users/:email/business-payment`',
    '(one started every 20 ms), and each change is timed from its request to its `me` event at the',
    "client: an upper bound of commit → event, as it includes the request's own work. Memory is",
    "the server's after a full collection, before and after the streams opened, divided by their",
    "number: the JavaScript heap in use, the server's resident memory, and the process's (which",
    'with PGlite also holds the embedded database, whose memory grows with the 2,000 sign-in',
    "lookups and never shrinks). The server's includes the young generation's growth under the",
    "burst of connections, which V8 keeps. Event-loop delay is the server's own while the changes",
    'ran: perf_hooks samples every 10 ms, and the delay is how late a sample came. Targets (issue',
    '34): ≤ 20 kB per stream (heap and server RSS), p99 ≤ 500 ms, event-loop delay < 20 ms.',
    '',
    '| Database | Run at | Machine | Load average at start | Streams opened in | Changes |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${DB_NAMES[r.database]} | ${r.date.slice(0, 16).replace('T', ' ')} UTC | ${r.machine.cpus} cores, ${r.machine.platform}, Node ${r.machine.node} | ${r.machine.loadAverage.toFixed(1)} | ${r.openSeconds.toFixed(1)} s | ${r.changes.sent} in ${r.settings.durationSeconds} s |`,
    ),
    '',
    '| Database | Memory per stream (kB): heap / server RSS / process RSS | Change → event p50 / p99 / max (ms) | Change answered p50 / p99 (ms) | Event-loop delay p99 / max (ms) | Stopped with all streams open in |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${DB_NAMES[r.database]} | ${kb(r.memory.heapPerStreamBytes)} / **${kb(serverRssPerStream(r))}** / ${kb(r.memory.rssPerStreamBytes)} | ${ms(r.latency.p50Ms)} / **${ms(r.latency.p99Ms)}** / ${ms(r.latency.maxMs)} | ${ms(r.changes.answerP50Ms)} / ${ms(r.changes.answerP99Ms)} | ${ms(r.eventLoop.whileChanging.p99Ms)} / **${ms(r.eventLoop.whileChanging.maxMs)}** | ${Math.round(r.shutdown.stoppedMs)} ms |`,
    ),
    '',
    ...results.map((r) => {
      const problems = problemsOf(r);
      const opening = `event-loop delay while 2,000 streams opened: p99 ${ms(r.eventLoop.whileOpening.p99Ms)} ms, max ${ms(r.eventLoop.whileOpening.maxMs)} ms`;
      return `- ${DB_NAMES[r.database]}: ${problems.length === 0 ? 'meets every target' : `**misses**: ${problems.join('; ')}`} (${opening}).`;
    }),
    '',
  ].join('\n');
}

export async function printAndWriteLive(fresh: LiveResult[]): Promise<boolean> {
  await mkdir(RESULTS_DIR, { recursive: true });
  for (const r of fresh) {
    await writeFile(
      path.join(RESULTS_DIR, `live-${r.database}.json`),
      `${JSON.stringify(r, null, 2)}\n`,
    );
  }
  const all: LiveResult[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    const text = await readFile(path.join(RESULTS_DIR, `live-${kind}.json`), 'utf8').catch(
      () => null,
    );
    if (text) all.push(JSON.parse(text) as LiveResult);
  }
  const md = markdown(all);
  await writeFile(path.join(RESULTS_DIR, 'live.md'), md);
  process.stdout.write(`\n${md}\nWritten to bench/results/live.md\n`);
  return fresh.every((r) => problemsOf(r).length === 0);
}
