import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  giveCredit,
  holdOk,
  payRequest,
  post,
  setUpBookingTest,
  withCard,
  type BookingCustomer,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import {
  booking,
  businessPayment,
  emailOutbox,
  giftCard,
  payment,
  paymentCustomer,
  paymentEvent,
  providerTask,
  pushSubscription,
  savedCard,
  walletEntry,
} from '../db/schema';
import { DemoPaymentProvider } from '../payments/demo-provider';
import { FAST_PASSWORD_HASHER } from '../../test-support/fast-password-hasher';
import { STRIPE_ENV, startFakeStripe } from '../../test-support/fake-stripe-api';
import { runProviderTasks } from '../payments/provider-tasks';
import { StripePaymentProvider } from '../payments/stripe-provider';
import { testConfig } from '../../test-support/test-config';
import { createTestCustomer, TEST_ORIGIN, TEST_PASSWORD } from '../../test-support/test-customer';
import { testDatabaseKinds } from '../../test-support/test-database';
import { createMailWorker } from '../mail/mail-worker';
import { startTestSmtpServer } from '../../test-support/test-smtp-server';
import { deleteAccount } from './delete-account';
import { DEMO_COMPANY } from '../config';

// The strongest check of an erasure: after it, search every text and JSON column of every table
// for anything that identified the person. A table added later is searched too.

interface Person {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; town: string; postcode: string; instructions: string };
}

/** Lower-case fragments that would identify the person wherever they turned up. */
const traces = (p: Person) => [
  p.name,
  p.name.split(' ')[1] ?? p.name,
  p.email,
  p.email.split('@')[0] ?? p.email,
  p.phone,
  p.phone.replace(/\D/g, ''),
  p.address.line1,
  p.address.line2,
  p.address.postcode,
  p.address.postcode.replace(' ', ''),
  p.address.instructions,
];

/** "table.column" of every cell that contains one of the fragments (case-insensitive). */
async function whereFound(db: Db, fragments: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
        order by table_name, column_name`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const cell = sql`lower(${sql.identifier(column)}::text)`;
    const anyFragment = sql.join(
      fragments.map((f) => sql`strpos(${cell}, ${f.toLowerCase()}) > 0`),
      sql` or `,
    );
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${anyFragment}`,
    );
    if (row && row.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** A Stripe event as Stripe sends it: full of the payer's details. */
function stripeEvent(id: string, type: string, object: Record<string, unknown>, p: Person) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: 1795000000,
    livemode: false,
    request: { id: 'req_1', idempotency_key: `key-${p.email}` },
    data: {
      object: {
        ...object,
        receipt_email: p.email,
        billing_details: {
          name: p.name,
          email: p.email,
          phone: p.phone,
          address: {
            line1: p.address.line1,
            line2: p.address.line2,
            postal_code: p.address.postcode,
          },
        },
        payment_method_details: {
          card: { brand: 'visa', last4: '4242', fingerprint: `fp${p.name.split(' ')[0] ?? ''}` },
        },
      },
    },
  };
}

for (const kind of testDatabaseKinds('every')) {
  describe(`deleting an account on ${kind}`, () => {
    let env: BookingTestEnv;
    const suffix = kind === 'pglite' ? 'pg' : 'ps';
    const zelda: Person = {
      name: 'Zelda Quinnellworth',
      email: `zelda.quinnellworth.${suffix}@example.com`,
      phone: '07700 900456',
      address: {
        line1: '17 Thistle Wynd',
        line2: 'Flat 3F2',
        town: 'Test City',
        postcode: 'EH3 9QQ',
        instructions: 'Key under the blue heron pot',
      },
    };
    const otto: Person = {
      name: 'Otto Brightwaterson',
      email: `otto.brightwaterson.${suffix}@example.com`,
      phone: '07700 900789',
      address: {
        line1: '4 Grey Street',
        line2: 'Floor 2',
        town: 'Test City',
        postcode: 'NE1 6AE',
        instructions: 'Side door by the bakery',
      },
    };

    async function signUp(p: Person): Promise<BookingCustomer> {
      const customer = await createTestCustomer(env.app, {
        name: p.name,
        email: p.email,
        phoneNumber: p.phone,
      });
      const res = await post(env.app, customer, '/api/me/addresses', p.address);
      expect(res.statusCode, res.body).toBe(201);
      return { ...customer, addressId: res.json<{ id: string }>().id };
    }

    async function askForLinks(email: string) {
      for (const url of ['/api/auth/request-password-reset', '/api/auth/sign-in/magic-link']) {
        const res = await env.app.inject({
          method: 'POST',
          url,
          headers: { origin: TEST_ORIGIN },
          payload: { email, redirectTo: '/authorisation/password-reset', callbackURL: '/account' },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    }

    const ledgerOf = async (userId: string) => {
      const rows = await env.database.db
        .select()
        .from(walletEntry)
        .where(eq(walletEntry.userId, userId))
        .orderBy(walletEntry.id);
      return { sum: rows.reduce((s, r) => s + r.amountPence, 0), rows };
    };

    beforeAll(async () => {
      env = await setUpBookingTest(kind, { env: { AUTH_RATE_LIMIT: 'true' } });
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    it('erases the person from every table and keeps the records accounting needs', async () => {
      const { app, database, clock } = env;
      const db = database.db;
      const z = await signUp(zelda);
      const o = await signUp(otto);

      // Upcoming, paid partly with credit and a card she saves; cancelled below, so credit returns.
      await giveCredit(db, z.id, 2000, 'first');
      const upcoming = await holdOk(app, z, { startsAt: at('2026-11-26', '10:00') });
      expect(upcoming.creditAppliedPence).toBe(2000);
      expect(
        (await payRequest(app, z, upcoming.id, withCard('4242 4242 4242 4242', true))).statusCode,
      ).toBe(200);
      // Past by the time she deletes: credit and the saved card.
      await giveCredit(db, z.id, 1000, 'second');
      const past = await holdOk(app, z, { startsAt: at('2026-11-24', '10:00') });
      const [card] = await db.select().from(savedCard).where(eq(savedCard.userId, z.id));
      if (!card) throw new Error('the card was not saved');
      const bySavedCard = { method: 'saved-card', cardId: card.id };
      expect((await payRequest(app, z, past.id, bySavedCard)).json()).toEqual({
        status: 'confirmed',
      });
      // Cancelled while held.
      const dropped = await holdOk(app, z, { startsAt: at('2026-11-25', '10:00') });
      expect((await post(app, z, `/api/bookings/${dropped.id}/cancel`)).statusCode).toBe(200);
      expect((await post(app, z, `/api/bookings/${upcoming.id}/cancel`)).statusCode).toBe(200);
      // Otto, who stays, books too: nothing of his may change.
      const his = await holdOk(app, o, { startsAt: at('2026-11-27', '10:00') });
      expect((await payRequest(app, o, his.id)).statusCode).toBe(200);

      await askForLinks(zelda.email.toUpperCase());
      await askForLinks(otto.email);
      await db
        .insert(paymentCustomer)
        .values({ userId: z.id, provider: 'stripe', providerCustomerId: 'cus_zelda' });
      await db.insert(businessPayment).values({
        userId: z.id,
        billingName: zelda.name,
        billingEmail: zelda.email,
        billingAddress: `${zelda.address.line1}, ${zelda.address.postcode}`,
      });
      await db.insert(pushSubscription).values({
        userId: z.id,
        endpoint: `https://push.example/${zelda.email}`,
        p256dh: 'key',
        auth: 'auth',
      });
      // She buys a gift card for a friend, her message signed with her name; Otto sends her one.
      const buy = (from: BookingCustomer, recipientEmail: string, message: string) =>
        post(app, from, '/api/gift-cards', {
          orderId: randomUUID(),
          amountPence: 2000,
          recipientName: 'Una Giftwright',
          recipientEmail,
          message,
          sendOn: '2026-11-23',
          ...withCard('4242 4242 4242 4242'),
        });
      const bought = await buy(z, `una.giftwright.${suffix}@example.com`, `Love, ${zelda.name}`);
      expect(bought.json(), bought.body).toMatchObject({ status: 'confirmed' });
      const forHer = await buy(o, zelda.email, 'Happy birthday');
      expect(forHer.statusCode, forHer.body).toBe(200);
      const [upcomingPayment] = await db
        .select()
        .from(payment)
        .where(and(eq(payment.bookingId, upcoming.id), eq(payment.status, 'refunded')));
      const events = [
        // Found by our booking id in the metadata.
        stripeEvent(
          'evt_z1',
          'payment_intent.succeeded',
          {
            id: 'pi_elsewhere',
            object: 'payment_intent',
            amount: 1000,
            amount_received: 1000,
            currency: 'gbp',
            status: 'succeeded',
            customer: 'cus_unrelated',
            metadata: { bookingId: past.id, note: zelda.address.instructions },
          },
          zelda,
        ),
        // Found by its payment intent, which is one of her payments.
        stripeEvent(
          'evt_z2',
          'charge.refunded',
          {
            id: 'ch_z2',
            object: 'charge',
            amount: 1000,
            amount_refunded: 1000,
            currency: 'gbp',
            payment_intent: upcomingPayment?.providerPaymentId,
          },
          zelda,
        ),
        // Found by her Stripe customer alone.
        stripeEvent(
          'evt_z3',
          'payment_method.attached',
          {
            id: 'pm_z3',
            object: 'payment_method',
            customer: { id: 'cus_zelda', object: 'customer', email: zelda.email },
          },
          zelda,
        ),
        stripeEvent(
          'evt_z4',
          'customer.updated',
          { id: 'cus_zelda', object: 'customer', name: zelda.name },
          zelda,
        ),
        stripeEvent(
          'evt_o1',
          'payment_intent.succeeded',
          {
            id: 'pi_otto',
            object: 'payment_intent',
            amount: 3000,
            metadata: { bookingId: his.id },
          },
          otto,
        ),
      ];
      await db.insert(paymentEvent).values(
        events.map((e) => ({
          provider: 'stripe',
          providerEventId: e.id,
          type: e.type,
          payload: e,
        })),
      );

      // Her details really are spread everywhere the erasure has to reach.
      const before = await whereFound(db, traces(zelda));
      expect(before).toEqual(
        expect.arrayContaining([
          'address.line1',
          'booking.address_snapshot',
          'business_payment.billing_name',
          'email_outbox.text_body',
          'email_outbox.to_address',
          'gift_card.message',
          'gift_card.recipient_email',
          'payment_event.payload',
          'rate_limit.key',
          'user.email',
          'user.name',
          'user.phone_number',
          'verification.value',
        ]),
      );
      const ottoBefore = await whereFound(db, traces(otto));
      const ledgerBefore = await ledgerOf(z.id);
      expect(ledgerBefore.sum).toBe(2000); // +2000 -2000 +1000 -1000, then +2000 returned
      expect(ledgerBefore.rows).toHaveLength(5);

      clock.set('2026-11-25T12:00:00Z');
      // Not while the gift card she bought waits to be sent: its email holds the only code.
      await expect(
        deleteAccount(db, z.id, { password: TEST_PASSWORD }, clock.now(), FAST_PASSWORD_HASHER),
      ).rejects.toMatchObject({
        code: 'gift_card_awaiting_delivery',
        message: expect.stringMatching(/gift card you bought is being sent/),
      });
      const smtp = await startTestSmtpServer();
      try {
        const worker = createMailWorker({
          db,
          smtpUrl: smtp.url,
          from: 'Glow at Home <bookings@glow.test>',
          messageIdDomain: 'glow.test',
          company: DEMO_COMPANY,
          log: { warn: () => undefined, error: () => undefined },
          batchSize: 100,
        });
        await worker.runOnce();
        await worker.stop();
        expect(
          smtp.messages.some((m) => m.to.includes(`una.giftwright.${suffix}@example.com`)),
        ).toBe(true);
      } finally {
        await smtp.close();
      }
      const erased = await deleteAccount(
        db,
        z.id,
        { password: TEST_PASSWORD },
        clock.now(),
        FAST_PASSWORD_HASHER,
      );

      expect(erased).toEqual({
        providerCustomers: [{ provider: 'stripe', providerCustomerId: 'cus_zelda' }],
        providerCards: [{ provider: card.provider, providerCardId: card.providerCardId }],
      });
      // The provider is asked to forget her too, after the commit: her Stripe customer (at the
      // Stripe stand-in) and her saved demo card.
      const queued = await db
        .select({ kind: providerTask.kind, provider: providerTask.provider })
        .from(providerTask)
        .where(inArray(providerTask.kind, ['delete_customer', 'detach_card']))
        .orderBy(providerTask.id);
      expect(queued).toEqual([
        { kind: 'delete_customer', provider: 'stripe' },
        { kind: 'detach_card', provider: card.provider },
      ]);
      const stripe = await startFakeStripe();
      try {
        const quiet = { warn: () => undefined, error: () => undefined };
        const viaStripe = StripePaymentProvider.fromConfig(
          testConfig(STRIPE_ENV(stripe.url)).payments,
        );
        await runProviderTasks({ db, payments: viaStripe, now: clock.now }, quiet);
        await runProviderTasks({ db, payments: new DemoPaymentProvider(), now: clock.now }, quiet);
        expect(stripe.deletedCustomers).toEqual(['cus_zelda']);
      } finally {
        await stripe.close();
      }
      const left = await db.select({ status: providerTask.status }).from(providerTask);
      expect(left.every((t) => t.status === 'done')).toBe(true);

      // One message still goes to her: the deletion confirmation, telling her of the refund of
      // the booking she cancelled (its own email was withdrawn with the rest of her mail). It is
      // the only place her address is left, and only until it has been sent.
      expect(await whereFound(db, traces(zelda))).toEqual(['email_outbox.to_address']);
      const goodbyeServer = await startTestSmtpServer();
      try {
        const worker = createMailWorker({
          db,
          smtpUrl: goodbyeServer.url,
          from: 'Glow at Home <bookings@glow.test>',
          messageIdDomain: 'glow.test',
          company: DEMO_COMPANY,
          log: { warn: () => undefined, error: () => undefined },
        });
        expect(await worker.runOnce()).toBe(1);
        await worker.stop();
        const goodbye = await goodbyeServer.waitFor(zelda.email, /has been deleted/);
        const [cancelled] = await db
          .select({ reference: booking.reference })
          .from(booking)
          .where(eq(booking.id, upcoming.id));
        expect(goodbye.decoded).toContain('Refunds on their way:');
        // Quoted-printable: the pound sign arrives as its UTF-8 bytes.
        expect(goodbye.decoded).toMatch(
          new RegExp(`Booking ${cancelled?.reference}: \\S+10\\.00 back to Visa ending 4242`),
        );
        expect(goodbyeServer.messages).toHaveLength(1);
      } finally {
        await goodbyeServer.close();
      }

      expect(await whereFound(db, traces(zelda))).toEqual([]);
      // Her friend's name and address were her words too.
      expect(await whereFound(db, ['una giftwright', `una.giftwright.${suffix}`])).toEqual([]);
      const cards = await db
        .select({
          status: giftCard.status,
          amount: giftCard.amountPence,
          to: giftCard.recipientEmail,
        })
        .from(giftCard)
        .orderBy(giftCard.createdAt);
      // The sales stay: hers paid and sent, Otto's to her without her address.
      expect(cards).toEqual([
        { status: 'active', amount: 2000, to: null },
        { status: 'active', amount: 2000, to: null },
      ]);
      expect(await whereFound(db, [card.providerCardId, 'cus_zelda', 'fpZelda'])).toEqual([]);
      // Nobody else's data went with hers.
      expect(await whereFound(db, traces(otto))).toEqual(ottoBefore);

      expect(await ledgerOf(z.id)).toEqual(ledgerBefore);
      const kept = await db
        .select({ id: booking.id, status: booking.status, address: booking.addressSnapshot })
        .from(booking)
        .where(eq(booking.customerId, z.id))
        .orderBy(booking.startsAt);
      const where = { town: 'Test City', postcodeDistrict: 'EH3' };
      expect(kept).toEqual([
        { id: past.id, status: 'confirmed', address: where },
        { id: dropped.id, status: 'expired', address: where },
        { id: upcoming.id, status: 'cancelled', address: where },
      ]);
      const payments = await db
        .select({
          amount: payment.amountPence,
          refunded: payment.refundedPence,
          last4: payment.cardLast4,
        })
        .from(payment)
        .innerJoin(booking, eq(booking.id, payment.bookingId))
        .where(eq(booking.customerId, z.id))
        .orderBy(payment.amountPence);
      expect(payments).toEqual([
        { amount: 1000, refunded: 1000, last4: '4242' },
        { amount: 2000, refunded: 0, last4: '4242' },
      ]);
      const [redacted] = await db
        .select({ payload: paymentEvent.payload })
        .from(paymentEvent)
        .where(eq(paymentEvent.providerEventId, 'evt_z1'));
      expect(redacted?.payload).toEqual({
        id: 'evt_z1',
        object: 'event',
        type: 'payment_intent.succeeded',
        api_version: '2026-10-28.endive',
        created: 1795000000,
        livemode: false,
        redacted: true,
        data: {
          object: {
            id: 'pi_elsewhere',
            object: 'payment_intent',
            amount: 1000,
            amount_received: 1000,
            currency: 'gbp',
            status: 'succeeded',
            metadata: { bookingId: past.id },
          },
        },
      });
      const mail = await db
        .select({
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          text: emailOutbox.textBody,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, `deleted-${z.id}@deleted.invalid`));
      // Sign-up confirmation, two booking confirmations, a cancellation, a reset and a sign-in link.
      expect(mail.length).toBeGreaterThanOrEqual(5);
      expect(mail.every((m) => m.text === '' && m.subject.length > 0)).toBe(true);
    });
  });
}
