import http from 'node:http';
import os from 'node:os';
import type { DatabaseKind } from '../src/server/db/client';
import type { BenchOptions } from './bench-options';
import { startServer, type BenchServer } from './bench-server';
import {
  BENCH_CITY,
  BENCH_TREATMENT,
  bookingBenchData,
  prepareBookingDatabase,
  type BookingBenchData,
} from './booking-data';
import { nowMicros, type ProfileSummary, type ProfileWindow } from './cpu-profile';
import { cpuPerRequest, cpuSnapshot } from './process-cpu';
import { printAndWriteBooking, type BookingResult, type Timing } from './booking-report';
import { machineFacts } from './machine';

// `npm run bench -- booking`: N connections, each a signed-in customer, each booking in a loop:
// POST /api/bookings (hold) then POST /api/bookings/:id/payment with the demo card 4242…, every
// booking on a slot of its own. A booking's latency is hold + pay. The same harness then asks the
// liveness route as the run's baseline. The server is its own process (bench-server.ts).

const DEMO_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' };

interface Customer {
  headers: Record<string, string>;
  addressId: string;
}

// node:http with kept-alive sockets rather than fetch: the load generator shares the machine's
// two cores with the server and PostgreSQL, and fetch cost it about twice the CPU per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function call(
  server: BenchServer,
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; cookies: string[] }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent: http.OutgoingHttpHeaders = { origin, ...headers };
  if (payload !== undefined) {
    sent['content-type'] = 'application/json';
    sent['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(server.url + path, { method, agent, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({
            status: res.statusCode ?? 0,
            json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            cookies: res.headers['set-cookie'] ?? [],
          });
        } catch (error) {
          reject(
            new Error(`${method} ${path} answered ${res.statusCode}: ${text.slice(0, 300)}`, {
              cause: error,
            }),
          );
        }
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function signUp(server: BenchServer, origin: string, i: number): Promise<Customer> {
  const credentials = {
    email: `bench-${i}-${Date.now()}@example.com`,
    password: 'Bench-Password-Lavender-42',
  };
  const signedUp = await call(
    server,
    origin,
    'POST',
    '/api/auth/sign-up/email',
    {},
    {
      ...credentials,
      name: `Bench Customer ${i}`,
      phoneNumber: '07700 900123',
      accountType: 'personal',
    },
  );
  if (signedUp.status !== 200)
    throw new Error(`sign-up answered ${signedUp.status}: ${JSON.stringify(signedUp.json)}`);
  // Sign-up starts no session (decision 0065): sign in next, as the sign-up form does.
  const res = await call(server, origin, 'POST', '/api/auth/sign-in/email', {}, credentials);
  const cookie = res.cookies
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.includes('session_token'));
  if (res.status !== 200 || !cookie)
    throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.json)}`);
  const headers = { cookie };
  const address = await call(server, origin, 'POST', '/api/me/addresses', headers, {
    line1: `${i} Bench Street`,
    town: 'Benchton',
    postcode: 'EH1 1AA',
  });
  if (address.status !== 201) throw new Error(`address answered ${address.status}`);
  return { headers, addressId: String(address.json.id) };
}

interface Measured {
  timing: Timing;
  /** Per-request figures of the two calls of a booking. */
  hold: Timing;
  pay: Timing;
  statuses: Record<string, number>;
  window: ProfileWindow;
}

function timingOf(samples: number[], elapsedSeconds: number, completed: number): Timing {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ??
    Number.NaN;
  return {
    count: completed,
    perSecond: completed / elapsedSeconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

/** Runs `step` on every connection in a loop for `seconds`; only successes are timed. */
async function drive(
  connections: number,
  seconds: number,
  step: (worker: number) => Promise<{ status: string; parts?: [number, number] }>,
): Promise<Measured> {
  const latencies: number[] = [];
  const holds: number[] = [];
  const pays: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const startUs = nowMicros();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const result = await step(worker).catch((error: unknown) => ({
          status: `error: ${(error as Error).message}`,
          parts: undefined,
        }));
        statuses[result.status] = (statuses[result.status] ?? 0) + 1;
        if (result.status !== 'ok') continue;
        latencies.push(performance.now() - t0);
        if (result.parts) {
          holds.push(result.parts[0]);
          pays.push(result.parts[1]);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    timing: timingOf(latencies, elapsed, latencies.length),
    hold: timingOf(holds, elapsed, holds.length),
    pay: timingOf(pays, elapsed, pays.length),
    statuses,
    window: { startUs, endUs: nowMicros() },
  };
}

async function benchOn(
  kind: DatabaseKind,
  data: BookingBenchData,
  options: BenchOptions,
): Promise<BookingResult> {
  const step = (what: string) => process.stdout.write(`  ${kind}: ${what}\n`);
  process.stdout.write(`\n${kind}: loading ${data.counts.therapists} therapists\n`);
  const prepared = await prepareBookingDatabase(kind, data);
  try {
    step(`loaded in ${prepared.loadSeconds.toFixed(1)} s`);
    const server = await startServer({ ...prepared.env, AUTH_RATE_LIMIT: 'false' });
    let measured: { result: BookingResult; windows: ProfileWindow[] };
    try {
      const origin = `http://localhost:${new URL(server.url).port}`;
      step(`signing up ${options.connections} customers`);
      const customers: Customer[] = [];
      for (let i = 0; i < options.connections; i++) customers.push(await signUp(server, origin, i));

      let nextSlot = 0;
      const book = async (worker: number) => {
        const customer = customers[worker];
        const slot = data.slots[nextSlot++];
        if (!customer || !slot) return { status: 'out of slots' };
        const t0 = performance.now();
        const held = await call(server, origin, 'POST', '/api/bookings', customer.headers, {
          city: BENCH_CITY,
          therapistId: slot.therapistId,
          treatmentIds: [BENCH_TREATMENT],
          startsAt: slot.startsAt,
          addressId: customer.addressId,
        });
        const t1 = performance.now();
        if (held.status !== 201) return { status: `hold ${held.status}` };
        const paid = await call(
          server,
          origin,
          'POST',
          `/api/bookings/${String(held.json.id)}/payment`,
          customer.headers,
          { method: 'card', card: DEMO_CARD, saveCard: false },
        );
        const t2 = performance.now();
        if (paid.status !== 200 || paid.json.status !== 'confirmed')
          return { status: `pay ${paid.status}` };
        return { status: 'ok', parts: [t1 - t0, t2 - t1] as [number, number] };
      };
      const live = async () => {
        const res = await call(server, origin, 'GET', '/api/health/live', {});
        return { status: res.status === 200 ? 'ok' : `live ${res.status}` };
      };

      const loadAverage = os.loadavg()[0] ?? 0;
      step(`baseline GET /api/health/live (${options.warmupSeconds} s warm-up)`);
      await drive(options.connections, options.warmupSeconds, live);
      const cpuAtBaseline = cpuSnapshot(server.pid);
      const baseline = await drive(options.connections, options.durationSeconds, live);
      const cpuAfterBaseline = cpuSnapshot(server.pid);
      step(`hold and pay (${options.warmupSeconds} s warm-up)`);
      await drive(options.connections, options.warmupSeconds, book);
      const cpuAtBooking = cpuSnapshot(server.pid);
      const booking = await drive(options.connections, options.durationSeconds, book);
      const cpuAfterBooking = cpuSnapshot(server.pid);
      const result: BookingResult = {
        bench: 'booking',
        database: kind,
        date: new Date().toISOString(),
        machine: machineFacts(loadAverage),
        settings: {
          connections: options.connections,
          durationSeconds: options.durationSeconds,
          warmupSeconds: options.warmupSeconds,
        },
        dataSet: { ...data.counts, loadSeconds: prepared.loadSeconds },
        baseline: baseline.timing,
        booking: booking.timing,
        hold: booking.hold,
        pay: booking.pay,
        statuses: { baseline: baseline.statuses, booking: booking.statuses },
        slotsUsed: nextSlot,
        profiles: { baseline: null, booking: null },
        processCpu: {
          baseline: cpuPerRequest(cpuAtBaseline, cpuAfterBaseline, baseline.timing.count),
          // Two requests (hold, pay) per booking.
          booking: cpuPerRequest(cpuAtBooking, cpuAfterBooking, booking.timing.count * 2),
        },
      };
      measured = { result, windows: [baseline.window, booking.window] };
    } finally {
      await server.stop();
    }
    const [baselineCpu, bookingCpu] = await server.profile(measured.windows);
    const { result } = measured;
    const perRequest = (summary: ProfileSummary | null | undefined, requests: number) =>
      summary ? { cpuMsPerRequest: summary.busyMs / requests, top: summary.top } : null;
    result.profiles = {
      baseline: perRequest(baselineCpu, result.baseline.count),
      // Two requests (hold, pay) per booking.
      booking: perRequest(bookingCpu, result.booking.count * 2),
    };
    return result;
  } finally {
    await prepared.destroy();
  }
}

export async function runBookingBench(options: BenchOptions): Promise<boolean> {
  const data = bookingBenchData(Date.now());
  const results: BookingResult[] = [];
  for (const kind of options.databases) results.push(await benchOn(kind, data, options));
  return printAndWriteBooking(results);
}
