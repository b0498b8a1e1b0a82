import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  bookingCatalogue,
  bookingTherapist,
  holdOk,
  newCustomer,
  setUpBookingTest,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { injectReadingStreams } from '../../test-support/event-stream';
import { AUTH_OPERATIONS } from '../../test-support/fuzz/auth-operations';
import {
  describeRequest,
  fuzzOperationsOf,
  requestArbitrary,
  type Callers,
  type FuzzOperation,
  type FuzzRequest,
} from '../../test-support/fuzz/fuzz-request';
import { testDatabaseKinds } from '../../test-support/test-database';
import { countForDepth } from '../../test-support/test-depth';
import type { DatabaseKind } from '../db/client';
import { localDiskStorage } from '../media/media-storage';

// Every operation of the OpenAPI document gets generated requests: shaped by its own schemas, or
// broken in path, query, body, content type or caller (see test-support/fuzz). However bad the
// request, the answer is never a 5xx, every error is problem+json, and every response carries the
// security headers. The seed is fixed (FUZZ_SEED, default below), so a failure names a seed and
// path that replay it exactly (decision 0048).
//
// How many: 40 an operation in `npm test`, a short pass over every operation with the same
// generators (a rare kind of request may miss a given operation there), and 2,000 in
// `npm run test:deep` and `npm run test:fuzz`, which is what finds a rare fault; FUZZ_RUNS sets
// any other count (decisions 0094 and 0098).
//
// One database is enough: what is fuzzed is input handling, which is the same code on both. It is
// PostgreSQL when the run has one, since a separate server process answers the same requests in
// much less of the test process's CPU than PGlite's WebAssembly does, and PGlite otherwise.
// FUZZ_DATABASE=pglite|postgres picks one (decision 0069).

const RUNS = countForDepth('FUZZ_RUNS', { standard: 40, deep: 2000 });
const SEED = Number(process.env.FUZZ_SEED ?? 150_048);
const INTERNAL_TOKEN = 'test-internal-token-0123456789abcdef';
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

/** What is wrong with one answer, or null. */
function violation(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 500)}`;
  const missing = SECURITY_HEADERS.filter((h) => !res.headers[h]);
  if (missing.length > 0) return `${res.statusCode} without ${missing.join(', ')}`;
  if (res.statusCode < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json')) return `${res.statusCode} as ${type}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} problem+json that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const problem = body as Record<string, unknown>;
  const ok =
    typeof problem.type === 'string' &&
    typeof problem.title === 'string' &&
    problem.title !== '' &&
    problem.status === res.statusCode &&
    typeof problem.detail === 'string';
  return ok ? null : `${res.statusCode} with a malformed problem: ${res.body.slice(0, 300)}`;
}

/** A stable per-operation seed: one operation's runs do not shift when another is added. */
function seedFor(name: string): number {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Who usually calls it: the internal API takes the bearer token, the rest a customer or anyone. */
function callerWeights(op: FuzzOperation): Record<string, number> {
  return op.path.startsWith('/api/internal/')
    ? { internal: 8, anonymous: 1, customer: 1, forgedSession: 1, wrongToken: 1 }
    : { customer: 7, anonymous: 2, internal: 1, forgedSession: 1, wrongToken: 1 };
}

async function send(app: FastifyInstance, r: FuzzRequest): Promise<LightMyRequestResponse> {
  // An event stream is read until it is live, then hung up on.
  return injectReadingStreams(app, {
    method: r.method,
    url: r.url,
    headers: r.headers,
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
}

function fuzzDatabase(): DatabaseKind {
  const kinds = testDatabaseKinds('every');
  const chosen = process.env.FUZZ_DATABASE;
  if (chosen === 'pglite' || chosen === 'postgres') {
    if (!kinds.includes(chosen)) throw new Error(`FUZZ_DATABASE=${chosen}: not configured`);
    return chosen;
  }
  return kinds.includes('postgres') ? 'postgres' : 'pglite';
}

for (const kind of [fuzzDatabase()]) {
  describe(`fuzzing every API operation on ${kind}`, () => {
    let env: BookingTestEnv;
    let mediaDir: string;
    let operations: FuzzOperation[];
    let slot = 0;

    beforeAll(async () => {
      mediaDir = mkdtempSync(path.join(tmpdir(), 'fuzz-media-'));
      env = await setUpBookingTest(kind, {
        // t-held takes the fixture's bookings; the generated requests never name it, so none of
        // them can take its slots first.
        catalogue: bookingCatalogue([bookingTherapist('t-anna'), bookingTherapist('t-held')]),
        deps: { media: localDiskStorage(mediaDir) },
      });
      const res = await env.app.inject('/api/docs');
      operations = fuzzOperationsOf(res.json<OpenAPIV3_1.Document>());
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
      rmSync(mediaDir, { recursive: true, force: true });
    });

    /**
     * A fresh customer per operation, with an address and (where the path names a booking) a
     * held booking, so what one operation's requests did (flag the customer a therapist, cancel
     * the booking) cannot hollow out the next one's. Their real ids join the generated values.
     */
    async function setUpCaller(op: FuzzOperation): Promise<{ callers: Callers; known: string[] }> {
      const customer = await newCustomer(env.app, env.database.db);
      const known = ['testcity', 'othercity', 't-anna', 'anna', 'massage-60', 'hot-stones'];
      known.push('manicure', customer.addressId, customer.email, '2026-11-24');
      if (op.path.includes('/bookings/{id}') || op.path.includes('{paymentId}')) {
        const day = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
        const startsAt = at(
          day[slot % 5] ?? '2026-11-24',
          // Two hours apart: a treatment and the travel after it never overlap the next.
          `${String(9 + 2 * (Math.floor(slot / 5) % 4)).padStart(2, '0')}:00`,
        );
        slot += 1;
        const held = await holdOk(env.app, customer, { startsAt, therapistId: 't-held' });
        known.push(held.id, startsAt);
      }
      return {
        known,
        callers: {
          anonymous: {},
          customer: customer.headers,
          internal: { authorization: `Bearer ${INTERNAL_TOKEN}` },
          forgedSession: {
            cookie: 'better-auth.session_token=forged.%00%ZZ',
            origin: customer.headers.origin,
          },
          wrongToken: { authorization: 'Bearer \u00ff' },
        },
      };
    }

    /** Fuzzes each operation with `runs` requests; what was sent and what failed. */
    async function fuzz(ops: FuzzOperation[], runs: number) {
      let sent = 0;
      // How far the requests got, by status class: a suite whose requests all stop at
      // validation would prove little about the use cases behind it.
      const classes: Record<string, number> = {};
      const times: string[] = [];
      // Every operation runs even after one fails, so a run reports all there is to fix; each
      // report carries fast-check's seed and path, which replay the failing request.
      const failures: string[] = [];
      for (const op of ops) {
        const { callers, known } = await setUpCaller(op);
        const started = performance.now();
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(op, known, callers, callerWeights(op)), async (r) => {
            const res = await send(env.app, r);
            sent += 1;
            const statusClass = `${String(res.statusCode).charAt(0)}xx`;
            classes[statusClass] = (classes[statusClass] ?? 0) + 1;
            const problem = violation(res);
            if (problem) throw new Error(`${problem}\n  request: ${describeRequest(r)}`);
          }),
          { numRuns: runs, seed: seedFor(op.name) },
        );
        const report = fc.defaultReportMessage(details);
        if (report) failures.push(`${op.name}\n${report}`);
        times.push(`${op.name}: ${Math.round(performance.now() - started)} ms`);
      }
      if (process.env.FUZZ_TIMES) console.info(times.join('\n'));
      console.info(
        `fuzz on ${kind}: ${sent} requests to ${ops.length} operations, seed ${SEED}: ` +
          JSON.stringify(classes),
      );
      return failures;
    }

    it(
      `sends ${RUNS} requests to each API operation: no 5xx, problem+json errors, security headers`,
      async () => {
        expect(operations.length).toBeGreaterThanOrEqual(50);
        expect((await fuzz(operations, RUNS)).join('\n\n')).toBe('');
      },
      30 * 60_000,
    );

    // Each of these hashes passwords or signs people up, so a quarter of the count keeps the
    // run short; they are better-auth's routes, not ours, and not in the OpenAPI document.
    it(
      `sends ${Math.ceil(RUNS / 4)} requests to each sign-in and account route of better-auth`,
      async () => {
        expect((await fuzz(AUTH_OPERATIONS, Math.ceil(RUNS / 4))).join('\n\n')).toBe('');
      },
      30 * 60_000,
    );
  });
}
