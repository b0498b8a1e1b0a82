import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '../../contract/booking';
import type { TipAnswer } from '../../contract/tips';
import {
  CARD,
  getJson,
  giveCredit,
  holdOk,
  newCustomer,
  payRequest,
  post,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import { buildTestApp } from '../../test-support/test-app';
import { testConfig } from '../../test-support/test-config';
import { testDatabaseKinds } from '../../test-support/test-database';
import { completePastBookings } from '../booking/complete-bookings';
import { emailOutbox, payment, providerTask, tip, walletEntry } from '../db/schema';
import { DemoPaymentProvider } from '../payments/demo-provider';
import { runProviderTasks } from '../payments/provider-tasks';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { tipTransferKey } from './record-tip-paid';
import { tipReceiptKey } from './tip-receipt';

// Tips after a completed appointment (docs/decisions/0087), on the demo provider: one per booking
// however many requests race, its transfer queued once and made once, credit spent once, and the
// refusals (not yours, not completed, past 48 hours, out of range).

const COPIES = 5;
const SILENT = { warn: () => {}, error: () => {} };
const demo = new DemoPaymentProvider();

for (const kind of testDatabaseKinds('every')) {
  describe(`tips on ${kind}`, () => {
    let env: BookingTestEnv;
    let ada: BookingCustomer;
    let eve: BookingCustomer;
    /** The same database served by an instance paying through the Stripe stand-in. */
    let stripe: { fake: FakeStripe; app: FastifyInstance } | undefined;
    /** Completed £30.00 massages, by slot; `upcoming` is still confirmed. */
    const ids: Record<string, string> = {};
    const db = () => env.database.db;
    const tipRequest = (c: BookingCustomer, bookingId: string, body: Record<string, unknown>) =>
      post(env.app, c, `/api/bookings/${bookingId}/tip`, body);
    const byCard = (amountPence: number, number = CARD.number) => ({
      amountPence,
      method: 'card',
      card: { ...CARD, number },
    });
    const tipOf = async (bookingId: string) =>
      (await db().select().from(tip).where(eq(tip.bookingId, bookingId)))[0];
    const paymentsOf = (tipId: string) =>
      db().select().from(payment).where(eq(payment.tipId, tipId));
    const transfers = (tipId: string) =>
      db()
        .select()
        .from(providerTask)
        .where(eq(providerTask.idempotencyKey, tipTransferKey(tipId)));

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
      ada = await newCustomer(env.app, db(), { name: 'Ada Lovelace' });
      eve = await newCustomer(env.app, db());
      const slots = {
        race: '2026-11-24T09:00:00.000Z',
        refusals: '2026-11-24T11:00:00.000Z',
        credit: '2026-11-24T13:00:00.000Z',
        partCredit: '2026-11-24T15:00:00.000Z',
        bank: '2026-11-25T09:00:00.000Z',
        stripe: '2026-11-25T11:00:00.000Z',
        upcoming: '2026-11-26T09:00:00.000Z',
      };
      for (const [name, startsAt] of Object.entries(slots)) {
        const held = await holdOk(env.app, ada, { startsAt });
        expect((await payRequest(env.app, ada, held.id)).statusCode).toBe(200);
        ids[name] = held.id;
      }
      env.clock.set('2026-11-25T12:30:00Z');
      await completePastBookings({ db: db(), now: env.clock.now, config: testConfig() });
    });
    afterAll(async () => {
      await stripe?.app.close();
      await stripe?.fake.close();
      await env.app.close();
      await env.database.destroy();
    });

    it('many tips at once charge once, queue one transfer made once, and send one receipt', async () => {
      const id = ids.race ?? '';
      const answers = await Promise.all(
        Array.from({ length: COPIES }, () => tipRequest(ada, id, byCard(450))),
      );
      // Each copy waits for the first and answers it paid, or arrives after and is told so.
      for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok.length).toBeGreaterThan(0);
      for (const a of ok)
        expect(a.json<TipAnswer>()).toMatchObject({
          status: 'confirmed',
          tip: { amountPence: 450, status: 'paid' },
        });
      const t = await tipOf(id);
      expect(t).toMatchObject({ status: 'paid', amountPence: 450, amountDuePence: 450 });
      const payments = await paymentsOf(t?.id ?? '');
      expect(payments.map((p) => [p.attempt, p.status, p.amountPence])).toEqual([
        [1, 'succeeded', 450],
      ]);

      // A later one is refused, with the code the web app reads.
      const again = await tipRequest(ada, id, byCard(600));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'already_tipped' });

      // The whole tip goes to the therapist, once however often the worker runs.
      await runProviderTasks({ db: db(), payments: demo, now: env.clock.now }, SILENT);
      await runProviderTasks({ db: db(), payments: demo, now: env.clock.now }, SILENT);
      const [transfer, ...more] = await transfers(t?.id ?? '');
      expect(more).toEqual([]);
      expect(transfer).toMatchObject({ kind: 'transfer', status: 'done', attempts: 1 });
      expect(transfer?.params).toMatchObject({
        amountPence: 450,
        destinationAccountId: 'acct_tanna',
      });

      const mails = await db()
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, tipReceiptKey(t?.id ?? '')));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain('Thank you — your £4.50 tip for Anna has been paid.');
      expect(mails[0]?.htmlBody).toContain('£4.50 tip for Anna');

      const view = (await getJson(env.app, ada, `/api/bookings/${id}`)).json<BookingView>();
      expect(view.tip).toEqual({
        amountPence: 450,
        status: 'paid',
        paidAt: '2026-11-25T12:30:00.000Z',
      });
    });

    it('refuses a booking not yours, not completed, past 48 hours, or an amount out of range', async () => {
      const id = ids.refusals ?? '';
      expect((await tipRequest(eve, id, byCard(450))).statusCode).toBe(404);
      const upcoming = await tipRequest(ada, ids.upcoming ?? '', byCard(450));
      expect(upcoming.statusCode).toBe(409);
      expect(upcoming.json()).toMatchObject({ code: 'tip_not_open' });
      const tooSmall = await tipRequest(ada, id, byCard(99));
      expect(tooSmall.statusCode).toBe(400);
      expect(tooSmall.json().errors).toEqual([
        { field: 'body.amountPence', message: 'The smallest tip is £1.00.' },
      ]);
      const tooBig = await tipRequest(ada, id, byCard(3001));
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().errors[0].field).toBe('body.amountPence');
      // The massage ended at 12:00 on the 24th: the window shuts 48 hours on.
      env.clock.set('2026-11-26T12:00:01Z');
      const late = await tipRequest(ada, id, byCard(450));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'tip_not_open' });
      expect(await tipOf(id)).toBeUndefined();
      env.clock.set('2026-11-25T12:30:00Z');
    });

    it('credit pays a whole tip at once, or part of one with the card paying the rest', async () => {
      await giveCredit(db(), ada.id, 800, 'tip-credit');
      const whole = await tipRequest(ada, ids.credit ?? '', { amountPence: 600, method: 'credit' });
      expect(whole.json<TipAnswer>()).toMatchObject({
        status: 'confirmed',
        tip: { status: 'paid' },
      });
      const wholeTip = await tipOf(ids.credit ?? '');
      expect(wholeTip).toMatchObject({ creditAppliedPence: 600, amountDuePence: 0 });
      expect((await paymentsOf(wholeTip?.id ?? '')).map((p) => [p.provider, p.status])).toEqual([
        ['wallet', 'succeeded'],
      ]);
      expect((await transfers(wholeTip?.id ?? ''))[0]?.params).toMatchObject({ amountPence: 600 });

      // £2.00 left: it goes towards a £4.50 tip and the card pays £2.50.
      const part = await tipRequest(ada, ids.partCredit ?? '', {
        ...byCard(450),
        useCredit: true,
      });
      expect(part.statusCode, part.body).toBe(200);
      const partTip = await tipOf(ids.partCredit ?? '');
      expect(partTip).toMatchObject({ creditAppliedPence: 200, amountDuePence: 250 });
      expect((await paymentsOf(partTip?.id ?? '')).map((p) => p.amountPence)).toEqual([250]);
      expect((await transfers(partTip?.id ?? ''))[0]?.params).toMatchObject({ amountPence: 450 });
      const spent = await db()
        .select({ amountPence: walletEntry.amountPence, bookingId: walletEntry.bookingId })
        .from(walletEntry)
        .where(and(eq(walletEntry.userId, ada.id), eq(walletEntry.kind, 'tip_payment')));
      expect(spent).toEqual([
        { amountPence: -600, bookingId: ids.credit },
        { amountPence: -200, bookingId: ids.partCredit },
      ]);
      // Nothing left: credit alone is refused with the same code as a booking's.
      const short = await tipRequest(ada, ids.bank ?? '', { amountPence: 450, method: 'credit' });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toMatchObject({ code: 'credit_short' });
    });

    it('3-D Secure at the demo bank: a refusal keeps the tip for another card, approval pays it', async () => {
      const id = ids.bank ?? '';
      const declined = await tipRequest(ada, id, byCard(500, '4000 0000 0000 0002'));
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toMatchObject({ code: 'card_declined', slotReleased: false });

      const asked = await tipRequest(ada, id, byCard(500, '4000 0027 6000 3184'));
      const body = asked.json<TipAnswer>();
      expect(body.status, asked.body).toBe('requires_action');
      if (body.status !== 'requires_action') return;
      expect(body.actionUrl).toMatch(
        new RegExp(`^/authorisation/confirm\\?tip=${body.tipId}&payment=`),
      );
      const paymentId = new URL(body.actionUrl, 'http://x').searchParams.get('payment') ?? '';
      const page = await getJson(env.app, ada, `/api/payments/${paymentId}/authentication`);
      expect(page.json()).toMatchObject({ purpose: '£5.00 tip for Anna', amountPence: 500 });
      // Asked again while the bank waits: back to the bank, not a second charge.
      expect((await tipRequest(ada, id, byCard(500))).json()).toMatchObject({
        status: 'requires_action',
      });
      const approved = await post(env.app, ada, `/api/payments/${paymentId}/authentication`, {
        outcome: 'approve',
      });
      expect(approved.json()).toEqual({ status: 'confirmed' });
      const t = await tipOf(id);
      expect(t?.status).toBe('paid');
      expect((await paymentsOf(t?.id ?? '')).map((p) => p.status).sort()).toEqual([
        'failed',
        'succeeded',
      ]);
      expect(await transfers(t?.id ?? '')).toHaveLength(1);
    });

    it("through Stripe: 3-D Secure at Stripe's page, the webhook pays it and the transfer is made once", async () => {
      const fake = await startFakeStripe();
      const app = await buildTestApp(env.database, {
        env: STRIPE_ENV(fake.url),
        now: env.clock.now,
      });
      stripe = { fake, app };
      const id = ids.stripe ?? '';
      const asked = await post(app, ada, `/api/bookings/${id}/tip`, {
        amountPence: 450,
        method: 'card',
        paymentMethodId: 'pm_card_authenticationRequired',
      });
      const body = asked.json<TipAnswer>();
      expect(body.status, asked.body).toBe('requires_action');
      const create = fake.requests.find((r) => r.path === '/v1/payment_intents');
      expect(create?.idempotencyKey).toBe(`tip-${body.tipId}-attempt-1`);
      expect(create?.params).toMatchObject({
        amount: '450',
        description: 'Tip for Anna',
        'metadata[tipId]': body.tipId,
        return_url: `http://localhost:3000/authorisation/confirm?tip=${body.tipId}`,
      });
      // The platform takes the card money; the transfer passes the whole tip on.
      expect(create?.params['transfer_data[destination]']).toBeUndefined();
      const status = `/api/tips/${body.tipId}/payment-status`;
      expect((await getJson(app, ada, status)).json()).toMatchObject({
        status: 'awaiting_payment',
        paymentStatus: 'requires_action',
      });
      expect((await getJson(app, eve, status)).statusCode).toBe(404);

      const intent = fake.authenticate(
        [...fake.intents.values()].find((i) => i.metadata.tipId === body.tipId)?.id ?? '',
        true,
      );
      const payload = JSON.stringify({
        id: 'evt_tip_succeeded',
        object: 'event',
        type: 'payment_intent.succeeded',
        api_version: '2026-10-28.endive',
        created: 1795000000,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: intent },
      });
      const hook = await app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_ENV(fake.url).STRIPE_WEBHOOK_SECRET,
          }),
        },
        payload,
      });
      expect(hook.json()).toEqual({ received: true, result: 'applied' });
      expect((await getJson(app, ada, status)).json()).toMatchObject({
        status: 'paid',
        paymentStatus: 'succeeded',
      });
      const provider = StripePaymentProvider.fromConfig(testConfig(STRIPE_ENV(fake.url)).payments);
      const run = () =>
        runProviderTasks({ db: db(), payments: provider, now: env.clock.now }, SILENT);
      await run();
      await run();
      expect(fake.transfers.map((t) => [t.params.amount, t.params.destination])).toEqual([
        ['450', 'acct_tanna'],
      ]);
      expect((await transfers(body.tipId))[0]).toMatchObject({ status: 'done', attempts: 1 });
    });
  });
}
