import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../domain/constants';
import { testConfig } from '../../test-support/test-config';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { user, WALLET_KINDS, walletEntry } from '../db/schema';
import { expireWalletCredit } from './expire-credit';
import { getWallet } from './get-wallet';
import { appendWalletEntry, debitWallet } from './wallet-ledger';

const T0 = new Date('2026-01-01T09:00:00Z');
const days = (n: number) => new Date(T0.getTime() + n * DAY_MS);

for (const kind of testDatabaseKinds('every')) {
  describe(`wallet credit expiry on ${kind}`, () => {
    let database: TestDatabase;
    const ctx = (now: Date, expiryDays: number | null = 90) => {
      const config = testConfig();
      return {
        config: { ...config, wallet: { ...config.wallet, creditExpiryDays: expiryDays } },
        db: database.db,
        now: () => now,
      };
    };
    const credit = (userId: string, key: string, amountPence: number, at: Date) =>
      appendWalletEntry(database.db, {
        userId,
        kind: WALLET_KINDS.giftCard,
        amountPence,
        description: 'Gift card',
        idempotencyKey: key,
        createdAt: at,
      });

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const users = Array.from({ length: 60 }, (_, i) => ({
        id: `expiry-${i}`,
        name: `Customer ${i}`,
        email: `expiry-${i}@example.com`,
      }));
      await database.db.insert(user).values(users);
    });
    afterAll(() => database.destroy());

    it('does nothing unless an expiry is configured', async () => {
      await credit('expiry-0', 'off-1', 1000, days(0));
      expect(await expireWalletCredit(ctx(days(400), null))).toBe(0);
    });

    it('writes off the unspent part once, as an entry, even with two instances at once', async () => {
      // Customer 0: 1000 at day 0 (above), spends 400 at day 10, gets 500 more at day 60.
      await database.db.transaction((tx) =>
        debitWallet(tx, {
          userId: 'expiry-0',
          kind: WALLET_KINDS.spent,
          amountPence: -400,
          description: 'Spent',
          idempotencyKey: 'spend-0',
          createdAt: days(10),
        }),
      );
      await credit('expiry-0', 'later-0', 500, days(60));
      // 59 more wallets with old credit: more than one batch of the job.
      for (let i = 1; i < 60; i++) await credit(`expiry-${i}`, `old-${i}`, 100 + i, days(i % 5));

      const now = days(100);
      const written = await Promise.all([
        expireWalletCredit(ctx(now)),
        expireWalletCredit(ctx(now)),
      ]);
      expect(written[0] + written[1]).toBe(60);
      expect(await expireWalletCredit(ctx(now))).toBe(0);

      const wallet = await getWallet(database.db, 'expiry-0');
      expect(wallet.balancePence).toBe(500);
      expect(wallet.entries[0]).toMatchObject({
        kind: 'credit_expired',
        amountPence: -600,
        description: 'Credit expired (added 1 Jan)',
      });
      const expiries = await database.db
        .select()
        .from(walletEntry)
        .where(eq(walletEntry.kind, WALLET_KINDS.expired));
      expect(expiries).toHaveLength(60);
      for (let i = 1; i < 60; i++)
        expect((await getWallet(database.db, `expiry-${i}`)).balancePence).toBe(0);
    });
  });
}
