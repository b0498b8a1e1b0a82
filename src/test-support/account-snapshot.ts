import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { queryRows } from '../server/db/query-rows';

// Everything a customer owns, read straight from the tables, so a test can show that someone
// else's request changed none of it (not only that the API said no).

const owned = (id: string) => [
  sql`SELECT 'user' AS t, to_jsonb(x)::text AS r FROM "user" x WHERE x.id = ${id}`,
  sql`SELECT 'session', to_jsonb(x)::text FROM session x WHERE x.user_id = ${id}`,
  sql`SELECT 'account', to_jsonb(x)::text FROM account x WHERE x.user_id = ${id}`,
  sql`SELECT 'business_payment', to_jsonb(x)::text FROM business_payment x WHERE x.user_id = ${id}`,
  sql`SELECT 'address', to_jsonb(x)::text FROM address x WHERE x.user_id = ${id}`,
  sql`SELECT 'booking', to_jsonb(x)::text FROM booking x WHERE x.customer_id = ${id}`,
  sql`SELECT 'payment', to_jsonb(p)::text FROM payment p
      LEFT JOIN booking b ON b.id = p.booking_id LEFT JOIN gift_card g ON g.id = p.gift_card_id
      WHERE b.customer_id = ${id} OR g.buyer_user_id = ${id}`,
  sql`SELECT 'saved_card', to_jsonb(x)::text FROM saved_card x WHERE x.user_id = ${id}`,
  sql`SELECT 'wallet_entry', to_jsonb(x)::text FROM wallet_entry x WHERE x.user_id = ${id}`,
  sql`SELECT 'gift_card', to_jsonb(x)::text FROM gift_card x WHERE x.buyer_user_id = ${id}`,
  sql`SELECT 'push_subscription', to_jsonb(x)::text FROM push_subscription x WHERE x.user_id = ${id}`,
];

/** Every row the customer owns, as sorted text: equal snapshots mean nothing of theirs changed. */
export async function accountSnapshot(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ t: string; r: string }>(
    db,
    sql.join(
      owned(userId).map((q) => sql`(${q})`),
      sql` UNION ALL `,
    ),
  );
  return rows.map((row) => `${row.t} ${row.r}`).sort();
}
