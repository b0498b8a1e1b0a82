import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { user, WALLET_KINDS, walletEntry } from './schema';

/** The database's own error (code and message), however deep Drizzle wrapped it. */
async function databaseError(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    let current: unknown = error;
    for (let depth = 0; current && depth < 5; depth++) {
      const { code, message } = current as { code?: unknown; message?: unknown };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string') {
        return { code, message };
      }
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
  throw new Error('the statement was expected to fail');
}

for (const kind of testDatabaseKinds('every')) {
  describe(`the wallet ledger on ${kind}`, () => {
    let database: TestDatabase;
    const userId = 'ledger-user';
    const entry = (key: string, amountPence: number, entryKind: string) =>
      database.db.insert(walletEntry).values({
        userId,
        // The column's type allows only known kinds; these tests check the database does too.
        kind: entryKind as typeof walletEntry.$inferInsert.kind,
        amountPence,
        description: 'Test entry',
        idempotencyKey: key,
      });
    const balance = async () => {
      const [row] = await database.db
        .select({ sum: sql<string>`coalesce(sum(${walletEntry.amountPence}), 0)` })
        .from(walletEntry)
        .where(eq(walletEntry.userId, userId));
      return Number(row?.sum);
    };

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await database.db.insert(user).values({ id: userId, name: 'Ledger', email: 'l@example.com' });
    });
    afterAll(() => database.destroy());

    it('takes new entries of every known kind, and credit by hand or for lateness only with its source', async () => {
      // These kinds must say where they came from (the booking, the goodwill record).
      const sourced: string[] = [WALLET_KINDS.lateArrival, WALLET_KINDS.goodwill, WALLET_KINDS.tip];
      const plain = Object.values(WALLET_KINDS).filter((known) => !sourced.includes(known));
      for (const known of plain) await entry(`ok-${known}`, 80, known);
      expect(Object.values(WALLET_KINDS)).toHaveLength(8);
      for (const known of sourced) {
        const refused = await databaseError(entry(`no-source-${known}`, 80, known));
        expect(refused.code).toBe('23514');
        expect(refused.message).toContain('wallet_entry_credit_source');
      }
      expect(await balance()).toBe(400);
    });

    it('refuses an unknown kind', async () => {
      const refused = await databaseError(entry('unknown-kind', 500, 'free_money'));
      expect(refused.code).toBe('23514'); // check_violation
      expect(refused.message).toContain('wallet_entry_kind_known');
      expect(await balance()).toBe(400);
    });

    it('refuses UPDATE, DELETE and TRUNCATE, saying why', async () => {
      const update = await databaseError(
        database.db.update(walletEntry).set({ amountPence: 1_000_000 }),
      );
      expect(update).toEqual({
        code: '23001',
        message: 'wallet_entry is append-only: UPDATE is not allowed',
      });
      const remove = await databaseError(
        database.db.delete(walletEntry).where(eq(walletEntry.userId, userId)),
      );
      expect(remove).toEqual({
        code: '23001',
        message: 'wallet_entry is append-only: DELETE is not allowed',
      });
      const truncate = await databaseError(database.db.execute(sql`TRUNCATE wallet_entry`));
      expect(truncate.message).toBe('wallet_entry is append-only: TRUNCATE is not allowed');
      expect(await balance()).toBe(400);
    });

    it('still takes a correcting entry after a refused change', async () => {
      await entry('correction', -6, WALLET_KINDS.spent);
      expect(await balance()).toBe(394);
    });

    it('refuses an entry that would take the balance below zero, and takes one that empties it', async () => {
      const refused = await databaseError(entry('overdraw', -395, WALLET_KINDS.spent));
      expect(refused.code).toBe('23514');
      expect(refused.message).toBe('wallet_entry: the balance of ledger-user would be -1 pence');
      expect(await balance()).toBe(394);
      await entry('to-zero', -394, WALLET_KINDS.spent);
      expect(await balance()).toBe(0);
    });
  });
}
