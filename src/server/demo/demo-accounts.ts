import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, businessPayment, user } from '../db/schema';

// Listed in the README so a newcomer can sign in straight away. Never created in production.
export const DEMO_PASSWORD = 'Lavender-Pebble-42';
export const DEMO_ACCOUNTS = [
  {
    id: 'demo-personal',
    name: 'Isla Morgan',
    email: 'isla@example.com',
    phoneNumber: '+447700900123',
    gender: 'female',
    accountType: 'personal',
  },
  {
    id: 'demo-business',
    name: 'Harbour Lane Studios',
    email: 'bookings@harbourlane.example.com',
    phoneNumber: '+447700900456',
    gender: null,
    accountType: 'business',
  },
] as const;

export async function seedDemoAccounts(db: Db): Promise<number> {
  let created = 0;
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await db.select({ id: user.id }).from(user).where(eq(user.email, demo.email));
    if (existing.length > 0) continue;
    const password = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ ...demo, emailVerified: true });
      await tx.insert(account).values({
        id: `${demo.id}-credential`,
        accountId: demo.id,
        providerId: 'credential',
        userId: demo.id,
        password,
      });
      if (demo.accountType === 'business') {
        await tx
          .insert(businessPayment)
          .values({ userId: demo.id, arrangement: 'card', billingName: demo.name })
          .onConflictDoNothing();
      }
    });
    created++;
  }
  return created;
}
