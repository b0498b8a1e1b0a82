import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';

export const CLIENT_IP_HEADER = 'x-booking-client-ip';

export interface AuthOptions {
  config: AppConfig;
  db: Db;
  secret: string;
}

/**
 * better-auth owns passwords, sessions and tokens; sessions live in the database so any number of
 * instances can serve a signed-in customer. Our own columns on user (phone, gender, account type,
 * role flags) are declared so the library reads and writes them.
 */
export function createAuth({ config, db, secret }: AuthOptions) {
  return betterAuth({
    appName: 'Glow at Home',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        phoneNumber: { type: 'string', required: false, input: true },
        gender: { type: 'string', required: false, input: true },
        accountType: { type: 'string', required: false, defaultValue: 'personal', input: true },
        // Set only by the admin CLI / internal API, never by the customer.
        isTherapist: { type: 'boolean', required: false, defaultValue: false, input: false },
        isOnboarder: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    rateLimit: { enabled: true, storage: 'database' },
    advanced: {
      useSecureCookies: config.isProduction,
      // authRoutes puts Fastify's idea of the client address (X-Forwarded-For honoured only with
      // TRUST_PROXY) in this header; without it every visitor would share one rate-limit bucket.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
