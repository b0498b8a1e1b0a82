import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { address } from '../db/schema';
import type { SavedAddress as AddressView } from '../../contract/me';

export type { AddressView };

export const MAX_ADDRESSES = 20;

export const addressColumns = {
  id: address.id,
  label: address.label,
  line1: address.line1,
  line2: address.line2,
  town: address.town,
  postcode: address.postcode,
  instructions: address.instructions,
  isDefault: address.isDefault,
};

/** Scoped to the owner: another customer's address id simply does not exist for them. */
export const ownedBy = (userId: string, addressId: string) =>
  and(eq(address.id, addressId), eq(address.userId, userId));

export async function listAddresses(db: Db, userId: string): Promise<AddressView[]> {
  return db
    .select(addressColumns)
    .from(address)
    .where(eq(address.userId, userId))
    .orderBy(desc(address.isDefault), desc(address.createdAt));
}

export async function findAddress(
  db: Db,
  userId: string,
  addressId: string,
): Promise<AddressView | null> {
  const [row] = await db.select(addressColumns).from(address).where(ownedBy(userId, addressId));
  return row ?? null;
}

/** Clears the old default first: the partial unique index allows one default per customer. */
export async function clearDefault(db: Db, userId: string, except?: string) {
  await db
    .update(address)
    .set({ isDefault: false })
    .where(
      and(
        eq(address.userId, userId),
        eq(address.isDefault, true),
        ...(except ? [ne(address.id, except)] : []),
      ),
    );
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(address)
    .where(eq(address.userId, userId));
  return Number(row?.n ?? 0);
}
