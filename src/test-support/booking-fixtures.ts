import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { HeldBooking } from '../contract/booking';
import { openDatabase, type Database, type DatabaseKind, type Db } from '../server/db/client';
import { importCatalogue } from '../server/catalogue/import-catalogue';
import { address, WALLET_KINDS, walletEntry } from '../server/db/schema';
import { buildTestApp } from './test-app';
import { createTestCustomer, type TestCustomer } from './test-customer';
import { createTestDatabase, type TestDatabase } from './test-database';

// Shared set-up of the booking integration tests: a small catalogue on fixed days, a clock the
// test moves, real customers signed up through the auth routes, and their saved addresses.

/** Monday 23 November 2026, 08:00 UK (GMT, so also 08:00Z). */
export const NOW = new Date('2026-11-23T08:00:00Z');
export const at = (date: string, time: string) => `${date}T${time}:00.000Z`;
const DAYS = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];

export function bookingTherapist(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    username: id.replace(/^t-/, ''),
    name: id.replace(/^t-/, '').replace(/^./, (c) => c.toUpperCase()),
    active: true,
    business: true,
    paymentsConnected: true,
    paymentAccountId: `acct_${id.replace(/\W/g, '')}`,
    area: 'testcity',
    genders: ['female', 'male', 'non-binary'],
    minimumSpendPence: null,
    serviceIds: ['massage-60', 'hot-stones', 'manicure'],
    availability: DAYS.map((d) => ({ start: at(d, '09:00'), end: at(d, '17:00') })),
    ...extra,
  };
}

/** Two cities and three treatments (one an add-on), with whichever therapists the test needs. */
export const testCatalogue = <T>(therapists: T[]) => ({
  cities: [
    { slug: 'testcity', name: 'Test City' },
    { slug: 'othercity', name: 'Other City' },
  ],
  treatments: [
    {
      id: 'massage-60',
      name: 'Massage',
      category: 'Massage',
      pricePence: 3000,
      durationMinutes: 60,
      order: 1,
      addOn: false,
      addOnIds: ['hot-stones'],
    },
    {
      id: 'hot-stones',
      name: 'Hot Stones',
      category: 'Massage',
      pricePence: 1000,
      durationMinutes: 15,
      order: 2,
      addOn: true,
      addOnIds: [],
    },
    {
      id: 'manicure',
      name: 'Manicure',
      category: 'Nails',
      pricePence: 2500,
      durationMinutes: 45,
      order: 3,
      addOn: false,
      addOnIds: [],
    },
  ],
  therapists,
});

export const bookingCatalogue = (therapists = [bookingTherapist('t-anna')]) =>
  testCatalogue([
    ...therapists,
    bookingTherapist('t-cara', { minimumSpendPence: 5000 }),
    bookingTherapist('t-away', { area: 'othercity' }),
  ]);

export class TestClock {
  constructor(public current: Date = NOW) {}
  readonly now = () => this.current;
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

export interface BookingTestEnv {
  database: TestDatabase;
  app: FastifyInstance;
  clock: TestClock;
}

export async function setUpBookingTest(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    catalogue?: ReturnType<typeof bookingCatalogue>;
    /** Other app dependencies, e.g. webhookWorker: false for a test that drives its own. */
    deps?: Omit<Parameters<typeof buildTestApp>[1], 'env' | 'now'>;
    /** Called with every SQL statement, to count them. */
    onQuery?: (query: string) => void;
  } = {},
): Promise<BookingTestEnv> {
  const database = await createTestDatabase(
    kind,
    options.onQuery ? { onQuery: options.onQuery } : {},
  );
  const imported = await importCatalogue(database.db, options.catalogue ?? bookingCatalogue());
  if (!imported.ok) throw new Error(JSON.stringify(imported.problems.slice(0, 3)));
  const clock = new TestClock();
  const app = await buildTestApp(database, {
    ...options.deps,
    env: { AVAILABILITY_CACHE_SECONDS: '0', ...options.env },
    now: clock.now,
  });
  return { database, app, clock };
}

/** A second instance of the app on the test's PostgreSQL database. */
export interface SecondInstance {
  database: Database;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A second instance of the app on the same PostgreSQL database: its own process state and its
 * own connection pool, as another server would have. Null on PGlite, which one process owns.
 */
export async function secondInstance(env: BookingTestEnv): Promise<SecondInstance | null> {
  if (!env.database.url) return null;
  const database = await openDatabase({ kind: 'postgres', url: env.database.url });
  const app = await buildTestApp(database, {
    env: { AVAILABILITY_CACHE_SECONDS: '0' },
    now: env.clock.now,
  });
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface BookingCustomer extends TestCustomer {
  addressId: string;
}

export async function newCustomer(
  app: FastifyInstance,
  db: Db,
  options: Parameters<typeof createTestCustomer>[1] = {},
): Promise<BookingCustomer> {
  const customer = await createTestCustomer(app, options);
  const [row] = await db
    .insert(address)
    .values({ userId: customer.id, line1: '1 Test Street', town: 'Test City', postcode: 'EH1 1AA' })
    .returning({ id: address.id });
  if (!row) throw new Error('no address');
  return { ...customer, addressId: row.id };
}

export async function giveCredit(db: Db, userId: string, pence: number, key = 'test') {
  await db.insert(walletEntry).values({
    userId,
    kind: WALLET_KINDS.referral,
    amountPence: pence,
    description: 'Test credit',
    idempotencyKey: `${key}-${userId}`,
  });
}

export interface HoldOptions {
  therapistId?: string;
  treatmentIds?: string[];
  startsAt?: string;
  city?: string;
  addressId?: string;
  [extra: string]: unknown;
}

export function holdRequest(app: FastifyInstance, c: BookingCustomer, options: HoldOptions = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: c.headers,
    payload: {
      city: 'testcity',
      therapistId: 't-anna',
      treatmentIds: ['massage-60'],
      startsAt: at('2026-11-24', '10:00'),
      addressId: c.addressId,
      ...options,
    },
  });
}

export async function holdOk(app: FastifyInstance, c: BookingCustomer, options: HoldOptions = {}) {
  const res = await holdRequest(app, c, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<HeldBooking>();
}

export const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

export function payRequest(
  app: FastifyInstance,
  c: TestCustomer,
  bookingId: string,
  payload: Record<string, unknown> = { method: 'card', card: CARD, saveCard: false },
) {
  return app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/payment`,
    headers: c.headers,
    payload,
  });
}

export function withCard(number: string, saveCard = false) {
  return { method: 'card', card: { ...CARD, number }, saveCard };
}

export function getJson<T = Record<string, unknown>>(
  app: FastifyInstance,
  c: TestCustomer,
  url: string,
): Promise<LightMyRequestResponse & { json<U = T>(): U }> {
  return app.inject({ method: 'GET', url, headers: c.headers });
}

export function post(app: FastifyInstance, c: TestCustomer, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: c.headers, ...(payload ? { payload } : {}) });
}
