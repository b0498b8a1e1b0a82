import { createHmac, randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DatabaseKind, Db } from '../src/server/db/client';
import { session, user } from '../src/server/db/schema';
import type { BenchOptions } from './bench-options';
import { prepareThrowawayDatabase, ROOT, startServer, type BenchServer } from './bench-server';
import { percentile, printAndWriteLive, type LiveResult, type ProbeReading } from './live-report';
import { machineFacts } from './machine';

// `npm run bench -- live`: one server holding STREAMS idle GET /api/me/events streams, one per
// customer, while the business payment arrangement of ACTIVE of them is changed one change at a
// time through the internal API for --duration seconds. Measured: the server's memory per open
// stream, the time from each change's request to its `me` event at the client, and the server's
// event-loop delay meanwhile (live-probe.mjs, loaded into the server). Customers and their
// sessions are written straight into the database, with the cookie signed as better-auth signs
// it: signing 2,000 people up through the API would measure password hashing.

const STREAMS = 2000;
const ACTIVE = 200;
/** One change is started this often (each waits for the one before to be answered). */
const CHANGE_EVERY_MS = 20;
const AUTH_SECRET = 'bench-live-auth-secret-0123456789abcdefghij';
const INTERNAL_TOKEN = 'bench-live-internal-token-0123456789abcdef';
const HEARTBEAT_SECONDS = 5;

interface Customer {
  email: string;
  cookie: string;
}

const signed = (token: string) =>
  `better-auth.session_token=${encodeURIComponent(
    `${token}.${createHmac('sha256', AUTH_SECRET).update(token).digest('base64')}`,
  )}`;

async function loadCustomers(db: Db): Promise<Customer[]> {
  const customers: Customer[] = [];
  const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
  for (let from = 0; from < STREAMS; from += 500) {
    const users = [];
    const sessions = [];
    for (let i = from; i < Math.min(STREAMS, from + 500); i++) {
      const id = `bench-live-${i}`;
      const email = `bench-live-${i}@example.com`;
      const token = randomBytes(24).toString('base64url');
      users.push({ id, name: `Bench ${i}`, email, emailVerified: true, accountType: 'business' });
      sessions.push({ id: `bench-live-session-${i}`, token, userId: id, expiresAt });
      customers.push({ email, cookie: signed(token) });
    }
    await db.insert(user).values(users);
    await db.insert(session).values(sessions);
  }
  return customers;
}

interface OpenStream {
  close(): void;
  ended: Promise<void>;
}

/** A stream that reports each event's kind; resolves once `ready` has arrived. */
function openStream(
  server: BenchServer,
  cookie: string,
  onEvent: (kind: string) => void,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}/api/me/events`,
      { agent: false, headers: { cookie } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET /api/me/events answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let rest = '';
        const ended = new Promise<void>((done) => res.once('close', () => done()));
        res.on('error', () => undefined);
        res.on('data', (chunk: string) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) {
            if (!line.startsWith('event: ')) continue;
            const kind = line.slice(7);
            if (kind === 'ready') resolve({ close: () => request.destroy(), ended });
            else onEvent(kind);
          }
        });
      },
    );
    request.on('error', reject);
  });
}

async function inBatches<T>(count: number, size: number, run: (i: number) => Promise<T>) {
  const out: T[] = [];
  for (let from = 0; from < count; from += size) {
    const batch = [];
    for (let i = from; i < Math.min(count, from + size); i++) batch.push(run(i));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

function setArrangement(server: BenchServer, email: string, arrangement: string) {
  return new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ arrangement });
    const request = http.request(
      `${server.url}/api/internal/users/${encodeURIComponent(email)}/business-payment`,
      {
        method: 'PUT',
        agent: changeAgent,
        headers: {
          authorization: `Bearer ${INTERNAL_TOKEN}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
const changeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runOn(kind: DatabaseKind, options: BenchOptions): Promise<LiveResult> {
  process.stdout.write(`\n${kind}: loading ${STREAMS} customers with sessions…\n`);
  const database = await prepareThrowawayDatabase(kind, `bench-live-${kind}`, loadCustomers);
  const probeDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-probe-'));
  const probeFile = path.join(probeDir, 'reading.json');
  let server: BenchServer | null = null;
  const streams: OpenStream[] = [];
  try {
    server = await startServer(
      {
        ...database.env,
        AUTH_SECRET,
        INTERNAL_API_TOKEN: INTERNAL_TOKEN,
        LIVE_STREAMS_PER_ADDRESS: String(STREAMS * 2),
        LIVE_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
        BENCH_PROBE_FILE: probeFile,
      },
      ['--expose-gc', '--import', pathToFileURL(path.join(ROOT, 'bench/live-probe.mjs')).href],
    );
    const running = server;
    let lastSeq = 0;
    const read = async (): Promise<ProbeReading> => {
      process.kill(running.pid ?? 0, 'SIGUSR2');
      for (let i = 0; i < 200; i++) {
        await sleep(25);
        const text = await readFile(probeFile, 'utf8').catch(() => '');
        if (!text) continue;
        const reading = JSON.parse(text) as ProbeReading;
        if (reading.seq > lastSeq) {
          lastSeq = reading.seq;
          return reading;
        }
      }
      throw new Error('the server did not answer the probe');
    };

    // Where each customer's changes wait for their event: request start times, in order.
    const waiting = new Map<number, number[]>();
    const latencies: number[] = [];
    let unexpected = 0;
    const onEvent = (i: number) => (kind: string) => {
      const started = kind === 'me' ? waiting.get(i)?.shift() : undefined;
      if (started === undefined) unexpected += 1;
      else latencies.push(performance.now() - started);
    };
    const customers = database.loaded;
    const customer = (i: number): Customer => {
      const found = customers[i];
      if (!found) throw new Error(`no customer ${i}`);
      return found;
    };

    // Warm-up: the route, the hub's connection and the change path, on a few streams.
    const warm = await inBatches(20, 20, (i) => openStream(running, customer(i).cookie, () => {}));
    for (let i = 0; i < 20; i++) await setArrangement(running, customer(i).email, 'invoice');
    for (const s of warm) s.close();
    await sleep(options.warmupSeconds * 1000);
    const before = await read();

    const openStarted = performance.now();
    streams.push(
      ...(await inBatches(STREAMS, 100, (i) =>
        openStream(running, customer(i).cookie, onEvent(i)),
      )),
    );
    const openSeconds = (performance.now() - openStarted) / 1000;
    await sleep(1000);
    const held = await read();
    process.stdout.write(`${kind}: ${STREAMS} streams open in ${openSeconds.toFixed(1)} s\n`);

    const statuses: Record<string, number> = {};
    const answerTimes: number[] = [];
    let changes = 0;
    const until = performance.now() + options.durationSeconds * 1000;
    while (performance.now() < until) {
      const tick = performance.now();
      const i = changes % ACTIVE;
      const queue = waiting.get(i) ?? [];
      waiting.set(i, queue);
      queue.push(tick);
      const arrangement = Math.floor(changes / ACTIVE) % 2 === 0 ? 'card' : 'invoice';
      const status = await setArrangement(running, customer(i).email, arrangement);
      answerTimes.push(performance.now() - tick);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      changes += 1;
      await sleep(Math.max(0, CHANGE_EVERY_MS - (performance.now() - tick)));
    }
    for (let i = 0; i < 100 && latencies.length < changes; i++) await sleep(20);
    const produced = await read();

    const stopStarted = performance.now();
    const stopping = running.stop();
    await Promise.all(streams.map((s) => s.ended));
    const streamsEndedMs = performance.now() - stopStarted;
    await stopping;
    server = null;
    const stoppedMs = performance.now() - stopStarted;

    const perStream = (bytes: number) => bytes / STREAMS;
    return {
      bench: 'live',
      database: kind,
      date: new Date().toISOString(),
      machine: machineFacts(),
      settings: {
        streams: STREAMS,
        activeCustomers: ACTIVE,
        changeEveryMs: CHANGE_EVERY_MS,
        durationSeconds: options.durationSeconds,
        heartbeatSeconds: HEARTBEAT_SECONDS,
      },
      openSeconds,
      memory: {
        heapPerStreamBytes: perStream(held.heapUsedBytes - before.heapUsedBytes),
        rssPerStreamBytes: perStream(held.rssBytes - before.rssBytes),
        youngGenerationGrowthBytes: held.youngGenerationBytes - before.youngGenerationBytes,
        heapTotalPerStreamBytes: perStream(held.heapTotalBytes - before.heapTotalBytes),
        databaseGrowthBytes: held.databaseThreadBytes - before.databaseThreadBytes,
        externalPerStreamBytes: perStream(held.externalBytes - before.externalBytes),
        heapUsedBytes: held.heapUsedBytes,
        rssBytes: held.rssBytes,
      },
      changes: {
        sent: changes,
        statuses,
        eventsReceived: latencies.length,
        unexpectedEvents: unexpected,
        answerP50Ms: percentile(answerTimes, 0.5),
        answerP99Ms: percentile(answerTimes, 0.99),
      },
      latency: {
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
        maxMs: Math.max(...latencies),
      },
      eventLoop: { whileOpening: held.loop, whileChanging: produced.loop },
      shutdown: { streamsEndedMs, stoppedMs },
    };
  } finally {
    for (const s of streams) s.close();
    await server?.stop();
    await database.destroy();
    await rm(probeDir, { recursive: true, force: true });
  }
}

export async function runLiveBench(options: BenchOptions): Promise<boolean> {
  const results: LiveResult[] = [];
  for (const kind of options.databases) results.push(await runOn(kind, options));
  return printAndWriteLive(results);
}
