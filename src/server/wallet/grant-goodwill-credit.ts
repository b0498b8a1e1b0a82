import { sql } from 'drizzle-orm';
import type { GoodwillCreditAnswer, GoodwillCreditOrder } from '../../contract/internal';
import type { Db } from '../db/client';
import { isDeletedEmail } from '../db/deleted-account';
import { queryRows } from '../db/query-rows';
import { WALLET_KINDS } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { HttpProblem, notFound } from '../http/problem';
import { appendWalletEntry, walletBalance } from './wallet-ledger';

// Credit customer service gives by hand (POST /api/internal/users/:email/credit,
// docs/decisions/0084): an apology, a gesture. The caller's idempotency key is the credit's
// identity: the same request again answers the same credit and adds nothing, and the key used
// for anything else (another customer, amount or reason) is refused, so a mistaken retry can
// never pay twice or pay the wrong thing. The reason lives in goodwill_credit, erased with the
// account; the ledger entry points at it.

interface CreditRow {
  id: string;
  user_id: string;
  amount_pence: number;
  reason: string | null;
}

export async function grantGoodwillCredit(
  db: Db,
  email: string,
  order: GoodwillCreditOrder,
): Promise<GoodwillCreditAnswer> {
  // Emails are compared without case, as everywhere: people type them however they like.
  const [customer] = await queryRows<{ id: string; email: string }>(
    db,
    sql`select id, email from "user" where lower(email) = ${email.trim().toLowerCase()} limit 1`,
  );
  if (!customer || isDeletedEmail(customer.email)) throw notFound(`No user with email ${email}.`);
  return inTransaction(db, async (tx) => {
    // A request racing this one with the same key waits here for it, then finds its row.
    const [created] = await queryRows<CreditRow>(
      tx,
      sql`insert into goodwill_credit (user_id, amount_pence, reason, idempotency_key)
          values (${customer.id}, ${order.amountPence}, ${order.reason}, ${order.idempotencyKey})
          on conflict (idempotency_key) do nothing
          returning id, user_id, amount_pence, reason`,
    );
    const credit = created ?? (await usedKey(tx, order.idempotencyKey));
    if (
      credit.user_id !== customer.id ||
      Number(credit.amount_pence) !== order.amountPence ||
      credit.reason !== order.reason
    ) {
      throw new HttpProblem(
        409,
        `The idempotency key ${order.idempotencyKey} was used for another credit; nothing was added.`,
        { code: 'idempotency_key_reused' },
      );
    }
    await appendWalletEntry(tx, {
      userId: customer.id,
      kind: WALLET_KINDS.goodwill,
      amountPence: order.amountPence,
      description: 'Goodwill credit',
      goodwillCreditId: credit.id,
      idempotencyKey: `goodwill-${credit.id}`,
    });
    const [entry] = await queryRows<{ id: string | number; created_at: Date | string }>(
      tx,
      sql`select id, created_at from wallet_entry where idempotency_key = ${`goodwill-${credit.id}`}`,
    );
    if (!entry) throw new Error(`goodwill credit ${credit.id} has no wallet entry`);
    return {
      entryId: String(entry.id),
      email: customer.email,
      amountPence: order.amountPence,
      reason: order.reason,
      createdAt: new Date(entry.created_at).toISOString(),
      balancePence: await walletBalance(tx, customer.id),
      replayed: created === undefined,
    };
  });
}

async function usedKey(tx: Db, key: string): Promise<CreditRow> {
  const [row] = await queryRows<CreditRow>(
    tx,
    sql`select id, user_id, amount_pence, reason from goodwill_credit where idempotency_key = ${key}`,
  );
  if (!row) throw new Error(`goodwill credit key ${key} conflicted but is not there`);
  return row;
}
