import { eq } from 'drizzle-orm';
import type { Address } from '../../domain/account-forms';
import type { Db } from '../db/client';
import { address } from '../db/schema';
import { conflict, notFound } from '../http/problem';
import {
  addressColumns,
  clearDefault,
  countAddresses,
  MAX_ADDRESSES,
  ownedBy,
  type AddressView,
} from './addresses';

const values = (input: Address) => ({
  label: input.label ?? null,
  line1: input.line1,
  line2: input.line2 ?? null,
  town: input.town,
  postcode: input.postcode,
  instructions: input.instructions ?? null,
});

/** A customer's first address is their default; asking for a new default moves it. */
export async function createAddress(db: Db, userId: string, input: Address): Promise<AddressView> {
  return db.transaction(async (tx) => {
    const existing = await countAddresses(tx, userId);
    if (existing >= MAX_ADDRESSES) {
      throw conflict(
        `You can save up to ${MAX_ADDRESSES} addresses. Delete one to add another.`,
        'too_many_addresses',
      );
    }
    const makeDefault = existing === 0 || input.isDefault === true;
    if (makeDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(address)
      .values({ ...values(input), userId, isDefault: makeDefault })
      .returning(addressColumns);
    if (!row) throw new Error('address insert returned no row');
    return row;
  });
}

export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  input: Address,
): Promise<AddressView> {
  return db.transaction(async (tx) => {
    if (input.isDefault === true) await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(address)
      .set({
        ...values(input),
        ...(input.isDefault === true ? { isDefault: true } : {}),
        updatedAt: new Date(),
      })
      .where(ownedBy(userId, addressId))
      .returning(addressColumns);
    if (!row) throw notFound('No such address.');
    return row;
  });
}

export async function setDefaultAddress(
  db: Db,
  userId: string,
  addressId: string,
): Promise<AddressView> {
  return db.transaction(async (tx) => {
    await clearDefault(tx, userId, addressId);
    const [row] = await tx
      .update(address)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(ownedBy(userId, addressId))
      .returning(addressColumns);
    if (!row) throw notFound('No such address.');
    return row;
  });
}

/** Past bookings keep their own snapshot of the address, so deleting it changes no history. */
export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(address)
      .where(ownedBy(userId, addressId))
      .returning({ wasDefault: address.isDefault });
    if (!gone) throw notFound('No such address.');
    if (gone.wasDefault) {
      const [next] = await tx
        .select({ id: address.id })
        .from(address)
        .where(eq(address.userId, userId))
        .orderBy(address.createdAt)
        .limit(1);
      if (next) await tx.update(address).set({ isDefault: true }).where(eq(address.id, next.id));
    }
  });
}
