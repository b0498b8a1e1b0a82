import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTherapist, testCatalogue } from '../../test-support/booking-fixtures';
import { booking, emailOutbox, payment, walletEntry } from '../db/schema';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  freePort,
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
import { crashServerEnv, HttpCustomer, prepareServerStore } from '../../test-support/server-store';
import { TEST_PASSWORD } from '../../test-support/test-customer';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';

// The crash the payment order exists for: Stripe has charged the card, and the server dies before
// it has written down that it did. After a restart the reconciler must settle the attempt within
// one period — confirm the booking if its slot is still ours, otherwise refund in full — and the
// money we record must equal the money Stripe moved.

const DAY_MS = 24 * 60 * 60_000;

/** Days relative to today, so the slots are in the future whenever the suite runs. */
function catalogueFromToday() {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const days = [2, 3, 4].map((n) => new Date(today.getTime() + n * DAY_MS));
  const iso = (d: Date, hour: number) => new Date(d.getTime() + hour * 3_600_000).toISOString();
  const therapist = bookingTherapist('t-anna', {
    availability: days.map((d) => ({ start: iso(d, 9), end: iso(d, 17) })),
  });
  const [first = today] = days;
  return { catalogue: testCatalogue([therapist]), startAt: (hour: number) => iso(first, hour) };
}

async function eventually<T>(what: string, check: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await check();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`never happened: ${what}`);
}

for (const kind of testDatabaseKinds('every')) {
  // Each database's run spends most of its time waiting on its own server processes: the two run
  // side by side (decision 0075), each with its own servers, stand-ins and store.
  describe.concurrent(`a server killed between the charge and the commit, on ${kind}`, () => {
    let fake: FakeStripe;
    const running: ServerProcess[] = [];

    beforeAll(async () => {
      fake = await startFakeStripe();
    });
    afterAll(async () => {
      for (const server of running)
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await fake.close();
    });

    async function crashMidPayment(slotStillOurs: boolean) {
      const { catalogue, startAt } = catalogueFromToday();
      const store = await prepareServerStore(kind, catalogue);
      const port = await freePort();
      const env = crashServerEnv(store, port, STRIPE_ENV(fake.url));
      let server = startServerProcess(env);
      running.push(server);
      await server.ready;
      const ada = new HttpCustomer(() => server);
      const signUp = await ada.call('POST', '/api/auth/sign-up/email', {
        email: `ada-${Date.now()}@example.com`,
        password: TEST_PASSWORD,
        name: 'Ada Crash',
        phoneNumber: '07700 900123',
        accountType: 'personal',
      });
      expect(signUp.status).toBe(200);
      const address = await ada.call('POST', '/api/me/addresses', {
        line1: '1 Test Street',
        town: 'Test City',
        postcode: 'EH1 1AA',
      });
      expect(address.status).toBe(201);
      const held = await ada.call('POST', '/api/bookings', {
        city: 'testcity',
        therapistId: 't-anna',
        treatmentIds: ['massage-60'],
        startsAt: startAt(10),
        addressId: (address.json as { id: string }).id,
      });
      expect(held.status).toBe(201);
      const bookingId = String(held.json.id);

      // Stripe takes the money; its answer never reaches the server, which dies.
      const stall = fake.stallNext('POST', '/v1/payment_intents');
      const paying = ada
        .call('POST', `/api/bookings/${bookingId}/payment`, {
          method: 'card',
          paymentMethodId: 'pm_card_visa',
        })
        .catch((error: unknown) => error);
      await stall.arrived;
      await killServerProcess(server);
      expect(await paying).toBeInstanceOf(Error);
      const charged = [...fake.intents.values()].filter((i) => i.metadata.bookingId === bookingId);
      expect(charged.map((i) => i.status)).toEqual(['succeeded']);
      const recorded = await store.use((db) =>
        db.select().from(payment).where(eq(payment.bookingId, bookingId)),
      );
      expect(recorded.map((p) => p.status)).toEqual(['pending']);

      if (!slotStillOurs) {
        // While the server was down the hold was released (the sweep of another instance).
        await store.use((db) =>
          db.update(booking).set({ status: 'expired' }).where(eq(booking.id, bookingId)),
        );
      }

      server = startServerProcess(env);
      running.push(server);
      await server.ready;
      stall.release();
      const settled = await eventually('the attempt settled', () =>
        store.use(async (db) => {
          const [p] = await db.select().from(payment).where(eq(payment.bookingId, bookingId));
          return p && p.status !== 'pending' ? p : null;
        }),
      );
      if (slotStillOurs) {
        const view = await ada.call('GET', `/api/bookings/${bookingId}`);
        expect(view.json.status).toBe('confirmed');
        expect(settled.status).toBe('succeeded');
      } else {
        await eventually('the refund reached Stripe', async () =>
          fake.refunds.some((r) => r.params.payment_intent === charged[0]?.id) ? true : null,
        );
        expect(settled.status).toBe('refunded');
      }
      server.child.kill('SIGTERM');
      await server.exited;

      // The money we recorded is the money Stripe moved, and the wallet was never touched.
      const stripeNet =
        charged.reduce((sum, i) => sum + (i.status === 'succeeded' ? i.amount : 0), 0) -
        fake.refunds
          .filter((r) => r.params.payment_intent === charged[0]?.id)
          .reduce((sum, r) => sum + Number(r.params.amount), 0);
      const ours = await store.use(async (db) => {
        const rows = await db.select().from(payment).where(eq(payment.bookingId, bookingId));
        const [b] = await db.select().from(booking).where(eq(booking.id, bookingId));
        const wallet = await db
          .select()
          .from(walletEntry)
          .where(eq(walletEntry.bookingId, bookingId));
        const mails = await db.select().from(emailOutbox);
        return { rows, b, wallet, mails };
      });
      const net = ours.rows.reduce((sum, p) => sum + p.amountPence - p.refundedPence, 0);
      expect(net).toBe(stripeNet);
      expect(stripeNet).toBe(slotStillOurs ? (ours.b?.amountDuePence ?? -1) : 0);
      expect(ours.wallet).toEqual([]);
      expect(ours.mails.filter((m) => m.subject === 'Your booking is confirmed')).toHaveLength(
        slotStillOurs ? 1 : 0,
      );
      await store.destroy();
    }

    // One after the other: they share this database's Stripe stand-in.
    it.sequential(
      'confirms the booking when its slot is still ours',
      async () => {
        await crashMidPayment(true);
      },
      120_000,
    );

    it.sequential(
      'refunds in full when the slot was released meanwhile',
      async () => {
        await crashMidPayment(false);
      },
      120_000,
    );
  });
}
