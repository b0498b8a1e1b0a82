import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTherapist, testCatalogue } from '../../test-support/booking-fixtures';
import {
  STRIPE_ENV,
  startFakeStripe,
  type FakeIntent,
  type FakeStripe,
} from '../../test-support/fake-stripe-api';
import {
  freePort,
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
import {
  crashServerEnv,
  HttpCustomer,
  prepareServerStore,
  type HttpAnswer,
  type ServerStore,
} from '../../test-support/server-store';
import { TEST_PASSWORD } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { testDepth } from '../../test-support/test-depth';
import type { Database } from '../db/client';
import { booking, emailOutbox, giftCard, payment, tip, walletEntry } from '../db/schema';
import { tipReceiptKey } from '../tips/tip-receipt';

// The crash the payment order exists for, for every kind of purchase: the provider has charged the
// card, and the server dies before it has written down that it did. After a restart the reconciler
// settles the attempt within one period, and the money we record is the money Stripe moved, once.
// Every purchase goes through one payment path (payments/), so this is one suite with a case per
// purchase (decision 0098): `npm test` runs each purchase's round once on one database; `npm run
// test:deep` runs every case on both, the booking's refund branch included.

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 3_600_000;

async function eventually<T>(what: string, check: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/** Today in the UK, YYYY-MM-DD: the server process runs on the real clock. */
const ukToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** A therapist free from 09:00 to 17:00 UTC two to four days from now, whenever the suite runs. */
function catalogueFromToday() {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const days = [2, 3, 4].map((n) => new Date(today.getTime() + n * DAY_MS));
  const therapist = bookingTherapist('t-anna', {
    availability: days.map((d) => ({
      start: new Date(d.getTime() + 9 * HOUR_MS).toISOString(),
      end: new Date(d.getTime() + 17 * HOUR_MS).toISOString(),
    })),
  });
  const first = days[0] ?? today;
  return {
    catalogue: testCatalogue([therapist]),
    /** A start of its own for each case (two hours apart: treatment and travel never overlap). */
    startsAt: (index: number) =>
      new Date(first.getTime() + (9 + 2 * index) * HOUR_MS).toISOString(),
  };
}

/** What one case is given: the running server, its store and a signed-in customer. */
interface Round {
  store: ServerStore;
  stripe: FakeStripe;
  customer: HttpCustomer;
  startsAt: string;
  /** Lets `work` read or change the database: beside the server, or while it is stopped (PGlite). */
  withDatabase<T>(work: (db: Database['db']) => Promise<T>): Promise<T>;
}

/** The purchase under test, made up to the moment its charge is sent. */
interface Purchase {
  /** The request whose charge reaches Stripe and whose answer never comes back. */
  pay(): Promise<HttpAnswer>;
  /** Whether a Stripe charge is this purchase's, by the metadata the provider was given. */
  isCharge(intent: FakeIntent): boolean;
  /** Between the kill and the restart: what another instance may have done meanwhile. */
  whileDown?(): Promise<void>;
  /** Waits for the settlement and checks what the customer sees and what we recorded. */
  settled(charged: FakeIntent[]): Promise<{ recordedNet: number; expectedNet: number }>;
}

interface PurchaseCase {
  name: string;
  /** Only in `npm run test:deep`: a branch `npm test` covers without a process (named where). */
  deepOnly?: boolean;
  prepare(round: Round): Promise<Purchase>;
}

async function holdBooking(round: Round): Promise<string> {
  const address = await round.customer.call('POST', '/api/me/addresses', {
    line1: '1 Test Street',
    town: 'Test City',
    postcode: 'EH1 1AA',
  });
  expect(address.status).toBe(201);
  const held = await round.customer.call('POST', '/api/bookings', {
    city: 'testcity',
    therapistId: 't-anna',
    treatmentIds: ['massage-60'],
    startsAt: round.startsAt,
    addressId: (address.json as { id: string }).id,
  });
  expect(held.status).toBe(201);
  return String(held.json.id);
}

/** A booking paid for on the customer's card: confirmed if its slot is still ours, else refunded. */
function bookingCase(slotStillOurs: boolean): PurchaseCase {
  return {
    name: slotStillOurs
      ? 'a booking: confirmed when its slot is still ours'
      : 'a booking: refunded in full when its slot was released meanwhile',
    // The refund branch is also settled in-process (stripe-webhooks.int.test.ts).
    deepOnly: !slotStillOurs,
    async prepare(round) {
      const bookingId = await holdBooking(round);
      return {
        pay: () =>
          round.customer.call('POST', `/api/bookings/${bookingId}/payment`, {
            method: 'card',
            paymentMethodId: 'pm_card_visa',
          }),
        isCharge: (intent) => intent.metadata.bookingId === bookingId,
        whileDown: slotStillOurs
          ? undefined
          : // The hold was released while the server was down (the sweep of another instance).
            () =>
              round.store.use(async (db) => {
                await db
                  .update(booking)
                  .set({ status: 'expired' })
                  .where(eq(booking.id, bookingId));
              }),
        async settled(charged) {
          expect(charged.map((i) => i.status)).toEqual(['succeeded']);
          if (slotStillOurs)
            await eventually('the booking confirmed', async () => {
              const view = await round.customer.call('GET', `/api/bookings/${bookingId}`);
              return view.json.status === 'confirmed' ? true : null;
            });
          else
            await eventually('the refund reached Stripe', async () =>
              round.stripe.refunds.some((r) => r.params.payment_intent === charged[0]?.id)
                ? true
                : null,
            );
          return round.withDatabase(async (db) => {
            const rows = await db.select().from(payment).where(eq(payment.bookingId, bookingId));
            const [b] = await db.select().from(booking).where(eq(booking.id, bookingId));
            const wallet = await db
              .select()
              .from(walletEntry)
              .where(eq(walletEntry.bookingId, bookingId));
            const mails = await db
              .select()
              .from(emailOutbox)
              .where(eq(emailOutbox.dedupeKey, `booking-${bookingId}-confirmed`));
            expect(rows.map((p) => p.status)).toEqual([slotStillOurs ? 'succeeded' : 'refunded']);
            expect(wallet).toEqual([]);
            expect(mails).toHaveLength(slotStillOurs ? 1 : 0);
            return {
              recordedNet: rows.reduce((sum, p) => sum + p.amountPence - p.refundedPence, 0),
              expectedNet: slotStillOurs ? (b?.amountDuePence ?? -1) : 0,
            };
          });
        },
      };
    },
  };
}

const giftCardCase: PurchaseCase = {
  name: 'a gift card: issued and emailed once',
  async prepare(round) {
    const orderId = randomUUID();
    return {
      pay: () =>
        round.customer.call('POST', '/api/gift-cards', {
          orderId,
          amountPence: 6000,
          recipientName: 'Rosa Recipient',
          recipientEmail: 'rosa.crash@example.com',
          message: 'For you',
          sendOn: ukToday(),
          method: 'card',
          paymentMethodId: 'pm_card_visa',
        }),
      isCharge: (intent) => intent.metadata.giftCardId === orderId,
      async settled(charged) {
        expect(charged.map((i) => [i.status, i.amount])).toEqual([['succeeded', 6000]]);
        // The buyer's return page only reads while the attempt is pending: the reconciler settles it.
        const status = await eventually('the order paid', async () => {
          const res = await round.customer.call('GET', `/api/gift-cards/${orderId}/payment-status`);
          return res.json.status === 'paid' ? res.json : null;
        });
        expect(status).toMatchObject({ paymentStatus: 'succeeded' });
        return round.withDatabase(async (db) => {
          const cards = await db.select().from(giftCard).where(eq(giftCard.id, orderId));
          const mails = await db
            .select()
            .from(emailOutbox)
            .where(eq(emailOutbox.dedupeKey, `gift-card-${orderId}-delivery`));
          const rows = await db.select().from(payment).where(eq(payment.giftCardId, orderId));
          expect(cards).toMatchObject([{ status: 'active', balancePence: 6000 }]);
          expect(mails.map((m) => m.toAddress)).toEqual(['rosa.crash@example.com']);
          expect(rows.map((p) => p.status)).toEqual(['succeeded']);
          return {
            recordedNet: rows.reduce((sum, p) => sum + p.amountPence - p.refundedPence, 0),
            expectedNet: 6000,
          };
        });
      },
    };
  },
};

const tipCase: PurchaseCase = {
  name: 'a tip: paid once, its receipt queued once',
  async prepare(round) {
    const bookingId = await holdBooking(round);
    const paid = await round.customer.call('POST', `/api/bookings/${bookingId}/payment`, {
      method: 'card',
      paymentMethodId: 'pm_card_visa',
    });
    expect(paid.status).toBe(200);
    // The appointment took place two hours ago: a tip is open for 48 hours after it.
    await round.withDatabase(async (db) => {
      await db
        .update(booking)
        .set({ status: 'completed', startsAt: new Date(Date.now() - 3 * HOUR_MS) })
        .where(eq(booking.id, bookingId));
    });
    return {
      pay: () =>
        round.customer.call('POST', `/api/bookings/${bookingId}/tip`, {
          amountPence: 500,
          method: 'card',
          paymentMethodId: 'pm_card_visa',
        }),
      isCharge: (intent) => Boolean(intent.metadata.tipId),
      async settled(charged) {
        expect(charged.map((i) => [i.status, i.amount])).toEqual([['succeeded', 500]]);
        const tipId = charged[0]?.metadata.tipId ?? '';
        const status = await eventually('the tip paid', async () => {
          const res = await round.customer.call('GET', `/api/tips/${tipId}/payment-status`);
          return res.json.status === 'paid' ? res.json : null;
        });
        expect(status).toMatchObject({ paymentStatus: 'succeeded' });
        return round.withDatabase(async (db) => {
          const tips = await db.select().from(tip).where(eq(tip.id, tipId));
          const rows = await db.select().from(payment).where(eq(payment.tipId, tipId));
          const receipts = await db
            .select()
            .from(emailOutbox)
            .where(eq(emailOutbox.dedupeKey, tipReceiptKey(tipId)));
          expect(tips.map((t) => [t.status, t.amountPence])).toEqual([['paid', 500]]);
          expect(receipts).toHaveLength(1);
          expect(rows.map((p) => p.status)).toEqual(['succeeded']);
          return {
            recordedNet: rows.reduce((sum, p) => sum + p.amountPence - p.refundedPence, 0),
            expectedNet: 500,
          };
        });
      },
    };
  },
};

const CASES = [bookingCase(true), bookingCase(false), giftCardCase, tipCase].filter(
  (c) => !c.deepOnly || testDepth() === 'deep',
);

for (const kind of testDatabaseKinds('every')) {
  describe(`a server killed between a purchase's charge and its commit, on ${kind}`, () => {
    // One store, one Stripe stand-in and one server for the cases, which run one after the other;
    // each kills the server once. PostgreSQL is read beside the running server; a PGlite folder
    // is one process's, so the server is stopped for each look and started again.
    const { catalogue, startsAt } = catalogueFromToday();
    let stripe: FakeStripe;
    let store: ServerStore;
    let env: Record<string, string>;
    let server: ServerProcess | null = null;
    const running: ServerProcess[] = [];
    const serving = () => {
      if (!server) throw new Error('no server is running');
      return server;
    };
    const start = async () => {
      const started = startServerProcess(env);
      server = started;
      running.push(started);
      await started.ready;
    };
    const stop = async () => {
      if (!server) return;
      server.child.kill('SIGTERM');
      await server.exited;
      server = null;
    };
    const withDatabase = async <T>(work: (db: Database['db']) => Promise<T>): Promise<T> => {
      if (store.sharedWhileServing) return store.use(work);
      await stop();
      try {
        return await store.use(work);
      } finally {
        await start();
      }
    };

    beforeAll(async () => {
      stripe = await startFakeStripe();
      store = await prepareServerStore(kind, catalogue);
      env = crashServerEnv(store, await freePort(), STRIPE_ENV(stripe.url));
      await start();
    });
    afterAll(async () => {
      for (const started of running)
        if (started.child.exitCode === null && started.child.signalCode === null)
          started.child.kill('SIGKILL');
      await stripe.close();
      await store.destroy();
    });

    CASES.forEach((purchaseCase, index) =>
      it(`settles ${purchaseCase.name}`, { timeout: 300_000 }, async () => {
        const customer = new HttpCustomer(serving);
        const signUp = await customer.call('POST', '/api/auth/sign-up/email', {
          email: `crash-${randomUUID()}@example.com`,
          password: TEST_PASSWORD,
          name: 'Ada Crash',
          phoneNumber: '07700 900123',
          accountType: 'personal',
        });
        expect(signUp.status).toBe(200);
        const round: Round = { store, stripe, customer, startsAt: startsAt(index), withDatabase };
        const purchase = await purchaseCase.prepare(round);

        // Stripe takes the money; its answer never reaches the server, which dies.
        const stall = stripe.stallNext('POST', '/v1/payment_intents');
        const paying = purchase.pay().catch((error: unknown) => error);
        await stall.arrived;
        await killServerProcess(serving());
        server = null;
        expect(await paying).toBeInstanceOf(Error);
        const charged = [...stripe.intents.values()].filter((i) => purchase.isCharge(i));
        await purchase.whileDown?.();

        await start();
        stall.release();
        const { recordedNet, expectedNet } = await purchase.settled(charged);

        // The money we recorded is the money Stripe moved.
        const chargedIds = new Set(charged.map((i) => i.id));
        const stripeNet =
          charged.reduce((sum, i) => sum + (i.status === 'succeeded' ? i.amount : 0), 0) -
          stripe.refunds
            .filter((r) => chargedIds.has(r.params.payment_intent ?? ''))
            .reduce((sum, r) => sum + Number(r.params.amount), 0);
        expect(recordedNet).toBe(stripeNet);
        expect(stripeNet).toBe(expectedNet);
      }),
    );
  });
}
