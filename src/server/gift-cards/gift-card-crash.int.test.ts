import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingTherapist, testCatalogue } from '../../test-support/booking-fixtures';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import {
  freePort,
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
import { crashServerEnv, HttpCustomer, prepareServerStore } from '../../test-support/server-store';
import { TEST_PASSWORD } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { emailOutbox, giftCard, payment } from '../db/schema';

// Stripe has charged the buyer's card for a gift card, and the server dies before it has written
// down that it did. After a restart the reconciler settles the attempt within one period: the card
// is issued, its email queued once, and the money we record is the money Stripe moved.

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

for (const kind of testDatabaseKinds('every')) {
  // Each database's run spends most of its time waiting on its own server processes: the two run
  // side by side (decision 0075), each with its own servers, stand-ins and store.
  describe.concurrent(
    `a server killed between charging for a gift card and settling it, on ${kind}`,
    () => {
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

      it('is settled by the reconciler after the restart: the card issued and emailed once', async () => {
        const store = await prepareServerStore(kind, testCatalogue([bookingTherapist('t-anna')]));
        const port = await freePort();
        const env = crashServerEnv(store, port, STRIPE_ENV(fake.url));
        let server = startServerProcess(env);
        running.push(server);
        await server.ready;
        const bea = new HttpCustomer(() => server);
        const signUp = await bea.call('POST', '/api/auth/sign-up/email', {
          email: `bea-${Date.now()}@example.com`,
          password: TEST_PASSWORD,
          name: 'Bea Crash',
          phoneNumber: '07700 900123',
          accountType: 'personal',
        });
        expect(signUp.status).toBe(200);

        const orderId = randomUUID();
        const stall = fake.stallNext('POST', '/v1/payment_intents');
        const paying = bea
          .call('POST', '/api/gift-cards', {
            orderId,
            amountPence: 6000,
            recipientName: 'Rosa Recipient',
            recipientEmail: 'rosa.crash@example.com',
            message: 'For you',
            sendOn: ukToday(),
            method: 'card',
            paymentMethodId: 'pm_card_visa',
          })
          .catch((error: unknown) => error);
        await stall.arrived;
        await killServerProcess(server);
        expect(await paying).toBeInstanceOf(Error);
        const charged = [...fake.intents.values()].filter((i) => i.metadata.giftCardId === orderId);
        expect(charged.map((i) => [i.status, i.amount])).toEqual([['succeeded', 6000]]);
        const before = await store.use(async (db) => ({
          payments: await db.select().from(payment).where(eq(payment.giftCardId, orderId)),
          cards: await db.select().from(giftCard).where(eq(giftCard.id, orderId)),
        }));
        expect(before.payments.map((p) => p.status)).toEqual(['pending']);
        expect(before.cards.map((c) => c.status)).toEqual(['unpaid']);

        server = startServerProcess(env);
        running.push(server);
        await server.ready;
        stall.release();
        // The buyer's return page only reads while the attempt is pending: the reconciler settles it.
        const settled = await eventually('the order paid', async () => {
          const res = await bea.call('GET', `/api/gift-cards/${orderId}/payment-status`);
          return res.json.status === 'paid' ? res.json : null;
        });
        expect(settled).toMatchObject({ paymentStatus: 'succeeded' });
        server.child.kill('SIGTERM');
        await server.exited;

        const after = await store.use(async (db) => ({
          payments: await db.select().from(payment).where(eq(payment.giftCardId, orderId)),
          cards: await db.select().from(giftCard).where(eq(giftCard.id, orderId)),
          mails: await db
            .select()
            .from(emailOutbox)
            .where(eq(emailOutbox.dedupeKey, `gift-card-${orderId}-delivery`)),
        }));
        expect(after.cards).toMatchObject([{ status: 'active', balancePence: 6000 }]);
        expect(after.mails).toHaveLength(1);
        expect(after.mails[0]?.toAddress).toBe('rosa.crash@example.com');
        // The money we record is the money Stripe moved, once.
        expect(after.payments.map((p) => [p.status, p.amountPence - p.refundedPence])).toEqual([
          ['succeeded', 6000],
        ]);
        expect(fake.refunds.filter((r) => r.params.payment_intent === charged[0]?.id)).toEqual([]);
        await store.destroy();
      }, 120_000);
    },
  );
}
