import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { user } from '../server/db/schema';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'Correct-Horse-Battery-9';

export interface TestCustomer {
  id: string;
  email: string;
  /** Send these with inject(): the session cookie and the Origin the CSRF check expects. */
  headers: { cookie: string; origin: string };
}

export interface TestCustomerOptions {
  email?: string;
  name?: string;
  accountType?: 'personal' | 'business';
  gender?: string;
  phoneNumber?: string;
}

/** Signs a brand-new customer up and in through the real auth routes and returns their session. */
export async function createTestCustomer(
  app: FastifyInstance,
  options: TestCustomerOptions = {},
): Promise<TestCustomer> {
  const email = options.email ?? `customer-${randomBytes(6).toString('hex')}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: {
      email,
      password: TEST_PASSWORD,
      name: options.name ?? 'Test Customer',
      phoneNumber: options.phoneNumber ?? '07700 900123',
      accountType: options.accountType ?? 'personal',
      ...(options.gender ? { gender: options.gender } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  // Sign-up never starts a session (decision 0065): the newcomer signs in next, as the web app does.
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: TEST_PASSWORD },
  });
  if (signIn.statusCode !== 200) {
    throw new Error(`sign-in after sign-up failed: ${signIn.statusCode} ${signIn.body}`);
  }
  const cookie = signIn.cookies.find((c) => c.name.endsWith('session_token'));
  if (!cookie) throw new Error('sign-in set no session cookie');
  const body = signIn.json<{ user: { id: string } }>();
  return {
    id: body.user.id,
    email,
    headers: { cookie: `${cookie.name}=${cookie.value}`, origin: TEST_ORIGIN },
  };
}

/** Admin-only flags and arrangements are not customer input: tests set them directly. */
export async function setTestCustomerFlags(
  db: Db,
  userId: string,
  flags: Partial<{ isTherapist: boolean; isOnboarder: boolean; accountType: string }>,
): Promise<void> {
  await db.update(user).set(flags).where(eq(user.id, userId));
}
