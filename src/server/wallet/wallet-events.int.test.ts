import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/constants';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { user, WALLET_KINDS, walletEntry } from '../db/schema';
import { expireWalletOf } from './expire-credit';
import { getWallet } from './get-wallet';
import { appendWalletEntry, debitWallet, walletBalance } from './wallet-ledger';

// Properties over random sequences of what happens to a wallet — credit earned, redeemed and
// returned, spending, expiry, and any earlier event arriving again — run against the real ledger
// code and database: the balance is always the sum, never below zero, and a replay changes nothing.

type WalletEvent =
  | { op: 'earn' | 'redeem' | 'refund' | 'spend'; amount: number; days: number }
  | { op: 'expire'; days: number }
  | { op: 'replay'; which: number };

const walletEvent: fc.Arbitrary<WalletEvent> = fc.oneof(
  fc.record({
    op: fc.constantFrom('earn' as const, 'redeem' as const, 'refund' as const, 'spend' as const),
    amount: fc.integer({ min: 1, max: 5000 }),
    days: fc.integer({ min: 0, max: 20 }),
  }),
  fc.record({ op: fc.constant('expire' as const), days: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ op: fc.constant('replay' as const), which: fc.nat() }),
);

const KIND = {
  earn: WALLET_KINDS.referral,
  redeem: WALLET_KINDS.giftCard,
  refund: WALLET_KINDS.returned,
};
const T0 = Date.parse('2026-01-01T00:00:00Z');
const EXPIRY_DAYS = 30;

for (const kind of testDatabaseKinds('every')) {
  describe(`wallet events on ${kind}`, () => {
    let database: TestDatabase;
    let run = 0;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.destroy());

    it('keeps balance = sum ≥ 0 through any sequence, and replays change nothing', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(walletEvent, { minLength: 1, maxLength: 25 }), async (events) => {
          const userId = `prop-${kind}-${run++}`;
          await database.db
            .insert(user)
            .values({ id: userId, name: 'Prop', email: `${userId}@example.com` });
          let clock = T0;
          let seen = 0;
          // Events that took effect: a delivery again must change nothing. (A refused spend sent
          // again is a retry, which may rightly succeed once there is credit.)
          const applied: {
            event: Exclude<WalletEvent, { op: 'replay' }>;
            index: number;
            at: number;
          }[] = [];

          const apply = async (
            event: Exclude<WalletEvent, { op: 'replay' }>,
            index: number,
            when: number,
          ) => {
            const key = `${userId}-event-${index}`;
            if (event.op === 'expire') {
              await database.db.transaction((tx) =>
                expireWalletOf(tx, userId, new Date(when), EXPIRY_DAYS),
              );
              return false;
            } else if (event.op === 'spend') {
              const outcome = await database.db.transaction((tx) =>
                debitWallet(tx, {
                  userId,
                  kind: WALLET_KINDS.spent,
                  amountPence: -event.amount,
                  description: 'Spent',
                  idempotencyKey: key,
                  createdAt: new Date(when),
                }),
              );
              return outcome !== 'insufficient';
            } else {
              return appendWalletEntry(database.db, {
                userId,
                kind: KIND[event.op],
                amountPence: event.amount,
                description: 'Added',
                idempotencyKey: key,
                createdAt: new Date(when),
              });
            }
          };
          const rows = async () => {
            const [row] = await database.db
              .select({ n: count() })
              .from(walletEntry)
              .where(eq(walletEntry.userId, userId));
            return row?.n ?? 0;
          };

          for (const event of events) {
            if (event.op === 'replay') {
              const again = applied[event.which % Math.max(1, applied.length)];
              if (!again) continue;
              const before = {
                balance: await walletBalance(database.db, userId),
                rows: await rows(),
              };
              await apply(again.event, again.index, again.at);
              expect({
                balance: await walletBalance(database.db, userId),
                rows: await rows(),
              }).toEqual(before);
              continue;
            }
            clock += event.days * DAY_MS;
            const index = seen++;
            if (await apply(event, index, clock)) applied.push({ event, index, at: clock });

            const balance = await walletBalance(database.db, userId);
            const wallet = await getWallet(database.db, userId);
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(wallet.balancePence).toBe(balance);
            expect(wallet.entries.reduce((sum, e) => sum + e.amountPence, 0)).toBe(balance);
          }
          // Expiring twice at the same moment writes nothing the second time.
          await apply({ op: 'expire', days: 0 }, -1, clock + EXPIRY_DAYS * DAY_MS);
          const settled = { balance: await walletBalance(database.db, userId), rows: await rows() };
          await apply({ op: 'expire', days: 0 }, -1, clock + EXPIRY_DAYS * DAY_MS);
          expect({ balance: await walletBalance(database.db, userId), rows: await rows() }).toEqual(
            settled,
          );
          // Everything is over 30 days old then: all credit has been spent or written off.
          expect(settled.balance).toBe(0);
        }),
        { numRuns: 25 },
      );
    });
  });
}
