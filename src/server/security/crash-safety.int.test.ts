import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CROCKFORD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  formatGiftCardCode,
} from '../../domain/gift-card';
import { bookingTherapist, testCatalogue } from '../../test-support/booking-fixtures';
import {
  CrashCustomer,
  runCustomer,
  seededRandom,
  type TrafficPlan,
  type TrafficTally,
} from '../../test-support/crash-traffic';
import { STRIPE_ENV, startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe-api';
import {
  brokenInvariants,
  lostAcknowledgements,
  type BrokenInvariant,
} from '../../test-support/invariants';
import {
  freePort,
  killServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
import {
  crashServerEnv,
  prepareServerStore,
  type ServerStore,
} from '../../test-support/server-store';
import { testDatabaseKinds } from '../../test-support/test-database';
import { countForDepth } from '../../test-support/test-depth';
import { startTestSmtpServer, type TestSmtpServer } from '../../test-support/test-smtp-server';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { giftCard, user } from '../db/schema';
import { hashGiftCardCode } from '../gift-cards/gift-card-code';

// The real server process (src/server/main.ts) is killed with SIGKILL at seeded moments in the
// middle of customers' bookings, payments (Stripe stand-in), cancellations and gift card
// redemptions. After each restart, once the recovery jobs have had their pass, every rule in
// test-support/invariants.ts must hold, and the money we recorded must be the money Stripe moved.
// At the end, every email the outbox marked sent reached the SMTP server, and none arrived
// that the outbox does not know. One round in `npm test`, five in `npm run test:deep` (decision
// 0098); CRASH_ROUNDS and CRASH_SEED change the run.

const ROUNDS = countForDepth('CRASH_ROUNDS', { standard: 1, deep: 5 });
const SEED = Number(process.env.CRASH_SEED ?? 15);
const CUSTOMERS = 4;
const GIFT_CARDS = 20;
const DAY_MS = 24 * 60 * 60_000;
const THERAPISTS = ['t-anna', 't-bea', 't-cleo'];

function planFromToday(random: () => number) {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const days = [2, 3, 4, 5].map((n) => new Date(today.getTime() + n * DAY_MS));
  const therapists = THERAPISTS.map((id) =>
    bookingTherapist(id, {
      availability: days.map((d) => ({
        start: new Date(d.getTime() + 9 * 3_600_000).toISOString(),
        end: new Date(d.getTime() + 17 * 3_600_000).toISOString(),
      })),
    }),
  );
  const giftCodes = Array.from({ length: GIFT_CARDS }, () =>
    Array.from(
      { length: GIFT_CARD_CODE_LENGTH },
      () => CROCKFORD_ALPHABET[Math.floor(random() * CROCKFORD_ALPHABET.length)],
    ).join(''),
  );
  return { catalogue: testCatalogue(therapists), days, giftCodes };
}

/** Gift cards bought earlier (by someone outside the test), whose codes the customers have. */
async function seedGiftCards(store: ServerStore, symbols: string[]) {
  await store.use(async (db) => {
    await db.insert(user).values({ id: 'crash-buyer', name: 'Buyer', email: 'buyer@example.com' });
    await db.insert(giftCard).values(
      symbols.map((s) => ({
        codeHash: hashGiftCardCode(s),
        codeLast4: s.slice(-4),
        status: 'active' as const,
        amountPence: 2000,
        balancePence: 2000,
        buyerUserId: 'crash-buyer',
        sendOn: '2026-01-01',
        deliverAt: new Date('2026-01-01T09:00:00Z'),
        paidAt: new Date('2026-01-01T09:00:00Z'),
      })),
    );
  });
}

/** Card money per booking as Stripe saw it: succeeded charges less refunds. */
function stripeNetByBooking(fake: FakeStripe): Map<string, number> {
  const net = new Map<string, number>();
  const bookingOf = new Map<string, string>();
  for (const intent of fake.intents.values()) {
    const id = intent.metadata.bookingId;
    if (!id) continue;
    bookingOf.set(intent.id, id);
    net.set(id, (net.get(id) ?? 0) + (intent.status === 'succeeded' ? intent.amount : 0));
  }
  for (const refund of fake.refunds) {
    const id = bookingOf.get(refund.params.payment_intent ?? '');
    if (id) net.set(id, (net.get(id) ?? 0) - Number(refund.params.amount));
  }
  return net;
}

/** Card money per booking as we recorded it, and the bookings with a provider call still under way. */
async function ourNetByBooking(
  db: Db,
): Promise<{ net: Map<string, number>; underWay: Set<string> }> {
  const rows = await queryRows<{ booking_id: string; kept: string }>(
    db,
    sql`select booking_id, sum(amount_pence - refunded_pence) as kept from payment
        where booking_id is not null and provider = 'stripe'
          and status in ('succeeded', 'partially_refunded', 'refunded')
        group by booking_id`,
  );
  const pending = await queryRows<{ booking_id: string }>(
    db,
    sql`select distinct booking_id from provider_task
        where status = 'pending' and booking_id is not null`,
  );
  return {
    net: new Map(rows.map((r) => [r.booking_id, Number(r.kept)])),
    underWay: new Set(pending.map((r) => r.booking_id)),
  };
}

/** Non-zero amounts by booking, leaving out those whose refund is still under way. */
const sorted = (m: Map<string, number>, underWay: Set<string>) =>
  [...m.entries()]
    .filter(([id, v]) => v !== 0 && !underWay.has(id))
    .sort(([a], [b]) => a.localeCompare(b));

for (const kind of testDatabaseKinds('every')) {
  // Each database's run spends most of its time waiting on its own server processes: the two run
  // side by side (decision 0075), each with its own servers, stand-ins and store.
  describe.concurrent(
    `a server killed ${ROUNDS} times in the middle of customers' traffic, on ${kind}`,
    () => {
      let fake: FakeStripe;
      let smtp: TestSmtpServer;
      const running: ServerProcess[] = [];

      beforeAll(async () => {
        fake = await startFakeStripe();
        smtp = await startTestSmtpServer();
      });
      afterAll(async () => {
        for (const server of running)
          if (server.child.exitCode === null && server.child.signalCode === null)
            server.child.kill('SIGKILL');
        await fake.close();
        await smtp.close();
      });

      it('leaves nothing half-made, no hold past its expiry, no mail lost or doubled and the ledger whole', async () => {
        const random = seededRandom(SEED);
        const { catalogue, days, giftCodes } = planFromToday(random);
        const store = await prepareServerStore(kind, catalogue);
        await seedGiftCards(store, giftCodes);
        const port = await freePort();
        const env = crashServerEnv(store, port, {
          ...STRIPE_ENV(fake.url),
          AVAILABILITY_CACHE_SECONDS: '0',
          HOLD_MINUTES: '1',
          SMTP_URL: smtp.url,
          MAIL_LEASE_SECONDS: '4',
        });
        let server = startServerProcess(env);
        running.push(server);
        const start = async () => {
          server = startServerProcess(env);
          running.push(server);
          await server.ready;
          return new Date();
        };
        await server.ready;

        const customers = Array.from(
          { length: CUSTOMERS },
          (_, i) => new CrashCustomer(() => server, `crash-${kind}-${i}-${Date.now()}@example.com`),
        );
        for (const c of customers) await c.signUp();
        const plan: TrafficPlan = {
          therapistIds: THERAPISTS,
          days,
          giftCodes: giftCodes.map(formatGiftCardCode),
        };

        /**
         * Waits for the recovery jobs' pass and answers what still breaks the rules. PostgreSQL is
         * read beside the running server; a PGlite folder is one process's, so the server is
         * stopped (SIGTERM) for each look and started again.
         */
        const look = async (holdCutoff: Date): Promise<BrokenInvariant[]> => {
          const [broken, recorded] = await store.use(async (db) => [
            [
              ...(await brokenInvariants(db, holdCutoff)),
              ...(await lostAcknowledgements(db, customers)),
            ],
            await ourNetByBooking(db),
          ]);
          const ours = sorted(recorded.net, recorded.underWay);
          const stripe = sorted(stripeNetByBooking(fake), recorded.underWay);
          if (JSON.stringify(ours) !== JSON.stringify(stripe))
            broken.push({
              name: 'the money we recorded is the money Stripe moved',
              rows: [{ ours, stripe }],
            });
          return broken;
        };
        let looks = 0;
        const settle = async (holdCutoff: Date): Promise<BrokenInvariant[]> => {
          let broken: BrokenInvariant[] = [];
          for (let i = 0; i < (store.sharedWhileServing ? 120 : 5); i++) {
            looks++;
            if (store.sharedWhileServing) {
              await new Promise((r) => setTimeout(r, 500));
              broken = await look(holdCutoff);
            } else {
              // The jobs run at start and every second; the mail worker polls every second.
              await new Promise((r) => setTimeout(r, i === 0 ? 4000 : 3000));
              server.child.kill('SIGTERM');
              await server.exited;
              broken = await look(holdCutoff);
              await start();
            }
            if (broken.length === 0) return [];
          }
          return broken;
        };

        const figures: object[] = [];
        const began = Date.now();
        for (let round = 1; round <= ROUNDS; round++) {
          const tally: TrafficTally = { started: 0, answered: 0, failed: 0, byOperation: {} };
          // The kill comes after a seeded number of requests, so it lands while others are in flight.
          const killAfter = 10 + Math.floor(random() * 35);
          let killed = false;
          let ended = 0;
          const streams = customers.map((c, i) =>
            runCustomer(
              c,
              plan,
              seededRandom(SEED * 1000 + round * 10 + i),
              tally,
              () => killed,
            ).finally(() => void ended++),
          );
          // Streams that all ended early (a 5xx ends one) would never reach the kill: stop
          // waiting then, and let Promise.all below report why.
          while (tally.started < killAfter && ended < streams.length)
            await new Promise((r) => setTimeout(r, 5));
          killed = true;
          await killServerProcess(server);
          await Promise.all(streams);
          figures.push({
            round,
            requests: tally.started,
            answered: tally.answered,
            byOperation: tally.byOperation,
          });

          const restartedAt = await start();
          const lookedBefore = looks;
          expect({ round, broken: await settle(restartedAt) }).toEqual({ round, broken: [] });
          figures.push({
            round,
            looks: looks - lookedBefore,
            seconds: (Date.now() - began) / 1000,
          });
        }

        if (store.sharedWhileServing) {
          // PostgreSQL's rounds are quicker than a hold. The holds left are made to have run out
          // (their expiry set a second back, as waiting out HOLD_MINUTES would, which was most of
          // this file's time), then the server is killed once more and the start-up sweep and
          // the jobs must release every one.
          await store.use((db) =>
            db.execute(sql`update booking set hold_expires_at = now() - interval '1 second'
              where status in ('held', 'requires_action')`),
          );
          await killServerProcess(server);
          const restartedAt = await start();
          expect({ round: 'holds run out', broken: await settle(restartedAt) }).toEqual({
            round: 'holds run out',
            broken: [],
          });
        }

        // The mail: every row marked sent reached the SMTP server (by its stable Message-ID), and
        // nothing arrived that the outbox does not have. A resend after a crash between the SMTP
        // server's OK and our UPDATE repeats the same Message-ID, which receivers drop.
        server.child.kill('SIGTERM');
        await server.exited;
        const [sent, statuses] = await store.use(async (db) => [
          await queryRows<{ id: string }>(
            db,
            sql`select id from email_outbox where status = 'sent'`,
          ),
          await queryRows<{ status: string; n: number }>(
            db,
            sql`select status, count(*)::int as n from booking group by status order by status`,
          ),
        ]);
        const received = smtp.messages.map(
          (m) => /^Message-ID: <outbox\.(\d+)\./im.exec(m.raw)?.[1],
        );
        const distinct = [...new Set(received)].sort();
        expect(distinct).toEqual(sent.map((r) => String(r.id)).sort());
        console.log(
          `crash suite on ${kind}: ${JSON.stringify(figures)}; ${sent.length} emails, ` +
            `${received.length - distinct.length} resent with the same Message-ID; ` +
            `${fake.intents.size} Stripe charges, ${fake.refunds.length} refunds; bookings ` +
            JSON.stringify(statuses),
        );
        await store.destroy();
      }, 900_000);
    },
  );
}
