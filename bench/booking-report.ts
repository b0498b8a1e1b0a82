import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseKind } from '../src/server/db/client';
import { RESULTS_DIR } from './availability-report';
import { PROFILE_EXPLAINED, profileLines, type Frame } from './cpu-profile';

// Results of `npm run bench -- booking`: booking-<database>.json with the figures, and booking.md
// rebuilt from every JSON file present, so a run on one database keeps the other's last figures.

export interface Timing {
  count: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface BookingResult {
  bench: 'booking';
  database: DatabaseKind;
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverage: number };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  dataSet: {
    therapists: number;
    availabilityWindows: number;
    slots: number;
    firstDay: string;
    loadSeconds: number;
  };
  /** GET /api/health/live through the same harness, same run. */
  baseline: Timing;
  /** One booking = hold + pay, timed end to end. */
  booking: Timing;
  hold: Timing;
  pay: Timing;
  statuses: { baseline: Record<string, number>; booking: Record<string, number> };
  slotsUsed: number;
  /** The server's CPU profile over each measured part (see cpu-profile.ts); absent from results
   * written before the bench took profiles. */
  profiles?: { baseline: RouteProfile | null; booking: RouteProfile | null };
  /** CPU the processes were given per request over each measured part (process-cpu.ts). */
  processCpu?: { baseline: ProcessCpu | null; booking: ProcessCpu | null };
}

interface ProcessCpu {
  serverMs: number;
  postgresMs: number;
}

export interface RouteProfile {
  cpuMsPerRequest: number;
  top: Frame[];
}

const DB_NAMES: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

const ms = (n: number) => n.toFixed(2);
const rate = (n: number) => Math.round(n).toLocaleString('en-GB');

function problemsOf(r: BookingResult): string[] {
  const problems: string[] = [];
  for (const [what, statuses] of Object.entries(r.statuses)) {
    const bad = Object.entries(statuses).filter(([status]) => status !== 'ok');
    if (bad.length > 0) problems.push(`${what}: ${bad.map(([s, n]) => `${n} × ${s}`).join(', ')}`);
  }
  if (r.booking.count === 0) problems.push('no booking completed');
  return problems;
}

function markdown(results: BookingResult[]): string {
  const lines = [
    '# Booking benchmark',
    '',
    'Written by `npm run bench -- booking` (see bench/main.ts); do not edit by hand.',
    'Each connection is a signed-in customer booking in a loop: `POST /api/bookings` (hold) then',
    '`POST /api/bookings/:id/payment` with the demo card 4242 4242 4242 4242, every booking on a',
    'slot of its own (500 therapists × 14 days × 7 slots, 105 minutes apart so each leaves the',
    'therapist the journey from the one before), so this measures holding and paying, not',
    'contention. A booking is timed from the hold request to the payment answer. The baseline is',
    '`GET /api/health/live` through the same client in the same run. The server runs as its own',
    'process on the same machine as the load generator.',
    '',
    '| Database | Run at | Machine | Node | Load average at start | Connections | Data loaded in |',
    '| --- | --- | --- | --- | ---: | --- | ---: |',
    ...results.map(
      (r) =>
        `| ${DB_NAMES[r.database]} | ${r.date.slice(0, 16).replace('T', ' ')} UTC | ${r.machine.cpus} cores, ${r.machine.cpuModel.split(' ').slice(0, 2).join(' ')}, ${r.machine.platform} | ${r.machine.node} | ${r.machine.loadAverage.toFixed(1)} | ${r.settings.connections}, ${r.settings.durationSeconds} s after ${r.settings.warmupSeconds} s warm-up | ${r.dataSet.loadSeconds.toFixed(1)} s |`,
    ),
    '',
    '| Database | What | p50 (ms) | p99 (ms) | per second | completed |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...results.flatMap((r) => [
      `| ${DB_NAMES[r.database]} | GET /api/health/live (baseline) | ${ms(r.baseline.p50Ms)} | ${ms(r.baseline.p99Ms)} | ${rate(r.baseline.perSecond)} req/s | ${r.baseline.count.toLocaleString('en-GB')} |`,
      `| ${DB_NAMES[r.database]} | **booking (hold + pay)** | **${ms(r.booking.p50Ms)}** | **${ms(r.booking.p99Ms)}** | **${rate(r.booking.perSecond)} bookings/s** | ${r.booking.count.toLocaleString('en-GB')} |`,
      `| ${DB_NAMES[r.database]} | of which POST /api/bookings | ${ms(r.hold.p50Ms)} | ${ms(r.hold.p99Ms)} | | |`,
      `| ${DB_NAMES[r.database]} | of which POST /api/bookings/:id/payment | ${ms(r.pay.p50Ms)} | ${ms(r.pay.p99Ms)} | | |`,
    ]),
    '',
    ...results.map((r) => {
      const problems = problemsOf(r);
      return `- ${DB_NAMES[r.database]}: ${problems.length === 0 ? 'valid run (every hold 201, every payment confirmed)' : `**invalid**: ${problems.join('; ')}`}`;
    }),
    '',
    '## Where the server spends its time',
    '',
    'From `node --cpu-prof` on the server, only the samples taken while the row was measured:',
    'main-thread busy time per request (a booking is two requests) and the five functions with the',
    ...PROFILE_EXPLAINED,
    '',
    ...results.flatMap((r) => [
      ...profileLines(
        `${DB_NAMES[r.database]}, GET /api/health/live (baseline)`,
        r.profiles?.baseline?.cpuMsPerRequest ?? null,
        r.profiles?.baseline?.top ?? [],
        r.processCpu?.baseline,
        r.database === 'pglite',
      ),
      ...profileLines(
        `${DB_NAMES[r.database]}, POST /api/bookings and POST /api/bookings/:id/payment`,
        r.profiles?.booking?.cpuMsPerRequest ?? null,
        r.profiles?.booking?.top ?? [],
        r.processCpu?.booking,
        r.database === 'pglite',
      ),
    ]),
  ];
  return lines.join('\n');
}

export async function printAndWriteBooking(fresh: BookingResult[]): Promise<boolean> {
  await mkdir(RESULTS_DIR, { recursive: true });
  for (const r of fresh) {
    await writeFile(
      path.join(RESULTS_DIR, `booking-${r.database}.json`),
      `${JSON.stringify(r, null, 2)}\n`,
    );
  }
  const all: BookingResult[] = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    const text = await readFile(path.join(RESULTS_DIR, `booking-${kind}.json`), 'utf8').catch(
      () => null,
    );
    if (text) all.push(JSON.parse(text) as BookingResult);
  }
  const md = markdown(all);
  await writeFile(path.join(RESULTS_DIR, 'booking.md'), md);
  process.stdout.write(`\n${md}\nWritten to bench/results/booking.md\n`);
  return fresh.every((r) => problemsOf(r).length === 0);
}
