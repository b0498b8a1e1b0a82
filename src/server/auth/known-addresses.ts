import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { KNOWN_KEY_PREFIX, KNOWN_LIFETIME_MS } from './account-rate-limit';

// An address an account has signed in from with its password in the last month: the owner's home,
// office or phone network. Attempts from it escape the per-account ceiling (decision 0065), so a
// crowd of other addresses cannot keep the owner out at home. Kept as rows of the rate-limit
// table: the key ends ":<email>" like every per-account key, so erasing a customer removes them.

export const knownAddressKey = (clientAddress: string, email: string) =>
  `${KNOWN_KEY_PREFIX}${clientAddress}:${email}`;

export async function isKnownAddress(
  db: Db,
  clientAddress: string,
  email: string,
  nowMs: number,
): Promise<boolean> {
  const rows = await queryRows<{ known: number }>(
    db,
    sql`SELECT 1 AS known FROM rate_limit
        WHERE key = ${knownAddressKey(clientAddress, email)}
          AND last_request > ${nowMs - KNOWN_LIFETIME_MS}`,
  );
  return rows.length > 0;
}

/** Remembers (or refreshes) a successful sign-in from this address. */
export async function rememberAddress(
  db: Db,
  clientAddress: string,
  email: string,
  nowMs: number,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO rate_limit (id, key, count, last_request)
        VALUES (${randomUUID()}, ${knownAddressKey(clientAddress, email)}, 0, ${nowMs})
        ON CONFLICT (key) DO UPDATE SET last_request = EXCLUDED.last_request`,
  );
}
