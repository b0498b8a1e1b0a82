import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { genericOAuth, magicLink } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { ProblemCode } from '../../contract/problem';
import { ANOTHER_SERVICE, AUTH_ERROR_CODES } from '../../domain/auth-messages';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { account, rateLimit, session, user, verification } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { rateLimitStorage } from './account-rate-limit';
import { authBeforeHook } from './auth-before-hook';
import { verificationEmail } from './auth-emails';
import { MAGIC_LINK_MINUTES, RESET_TOKEN_MINUTES } from './email-link-lifetimes';

export const CLIENT_IP_HEADER = 'x-booking-client-ip';
export const OIDC_PROVIDER_ID = 'oidc';

export interface AuthOptions {
  config: AppConfig;
  db: Db;
  secret: string;
  mailer: Mailer;
  now?: () => Date;
  /** better-auth's own scrypt hasher unless a test wraps it to watch the work done. */
  passwordHasher?: PasswordHasher;
}

export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

export const DEFAULT_PASSWORD_HASHER: PasswordHasher = {
  hash: hashPassword,
  verify: verifyPassword,
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Per client address, keyed by address and path. One address is often many people (an office, a
 * mobile carrier's NAT), so these are sized for a crowd; guessing one account is stopped by the
 * per-account limits in routes.ts. Reading the session is never limited: it happens on every page,
 * and a refused read makes a signed-in customer look signed out. Specific paths come before the
 * wildcard because the first matching rule wins. Reasons for the numbers: docs/decisions/0018.
 */
export const PER_ADDRESS_RULES = {
  '/get-session': false,
  '/list-sessions': false,
  '/list-accounts': false,
  '/account-info': false,
  '/sign-in/email': { window: 15 * MINUTE, max: 60 },
  '/sign-in/magic-link': { window: 15 * MINUTE, max: 30 },
  // An emailed link always works, whatever the limits (decision 0050): its token is 32 random
  // characters that work once for 10 minutes, so there is nothing to guess.
  '/magic-link/verify': false,
  // Social and OpenID sign-in only start a redirect; better-auth's default is 3 per 10 seconds.
  '/sign-in/*': { window: 15 * MINUTE, max: 60 },
  '/sign-up/email': { window: HOUR, max: 30 },
  '/request-password-reset': { window: 15 * MINUTE, max: 30 },
  '/reset-password': { window: 15 * MINUTE, max: 30 },
  '/change-password': { window: 15 * MINUTE, max: 30 },
} as const satisfies Record<string, { window: number; max: number } | false>;

/** Therapists and onboarders use the company's other services and may never hold a session here. */
async function refuseOtherServices(db: Db, userId: string): Promise<void> {
  const [found] = await db
    .select({ isTherapist: user.isTherapist, isOnboarder: user.isOnboarder })
    .from(user)
    .where(eq(user.id, userId));
  if (found && (found.isTherapist || found.isOnboarder)) {
    throw new APIError('FORBIDDEN', {
      code: AUTH_ERROR_CODES.anotherService satisfies ProblemCode,
      message: `${ANOTHER_SERVICE.title}: ${ANOTHER_SERVICE.message}`,
    });
  }
}

/** A laptop reaches the app as localhost or 127.0.0.1 interchangeably; production has one origin. */
function trustedOrigins(config: AppConfig): string[] {
  const url = new URL(config.publicUrl);
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (config.isProduction || !local) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, `${url.protocol}//localhost${port}`, `${url.protocol}//127.0.0.1${port}`];
}

function socialProviders(config: AppConfig) {
  // Social sign-in never creates an account: a customer signs up first, then links.
  const entries = Object.entries(config.social).flatMap(([name, credentials]) =>
    credentials ? [[name, { ...credentials, disableSignUp: true }] as const] : [],
  );
  return Object.fromEntries(entries);
}

/**
 * better-auth owns passwords, sessions and tokens; sessions live in the database so any number of
 * instances can serve a signed-in customer. Our own columns on user (phone, gender, account type,
 * role flags) are declared so the library reads and writes them.
 */
export function createAuth({
  config,
  db,
  secret,
  mailer,
  now = () => new Date(),
  passwordHasher = DEFAULT_PASSWORD_HASHER,
}: AuthOptions) {
  const plugins = [
    magicLink({
      disableSignUp: true,
      expiresIn: MAGIC_LINK_MINUTES * 60,
      sendMagicLink() {
        // Requests for a link are answered by request-sign-in-link.ts before this plugin's endpoint
        // runs, with the same work for every email (decision 0065). Reaching here would bring back
        // better-auth's lookup-first path, so it fails instead of sending.
        throw new Error('sign-in links are requested through request-sign-in-link.ts');
      },
    }),
    ...(config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: config.oidc.name,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                disableSignUp: true,
                // Signing out of the booking site must not sign the customer out of their company.
                disableProviderLogout: true,
              },
            ],
          }),
        ]
      : []),
  ];

  return betterAuth({
    appName: 'Glow at Home',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    telemetry: { enabled: false },
    // Failed sign-ins are routine, not warnings; real faults still reach the log.
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      password: passwordHasher,
      // Sign-up never starts a session, so its answer is the same for a registered email
      // (decision 0065); sign-up itself is answered by sign-up-customer.ts, which also sends the
      // confirmation link. The newcomer signs in next with the password they chose, and can
      // book at once: the confirmation link proves the email but is not required.
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // No sendResetPassword: reset requests are answered by request-password-reset.ts, the
      // same work for every email (decision 0065), and better-auth's endpoint refuses without it.
    },
    emailVerification: {
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user: u, url }) {
        await mailer.send(verificationEmail(u.email, u.name, url));
      },
    },
    socialProviders: socialProviders(config),
    account: {
      accountLinking: {
        enabled: true,
        // Linking is something a signed-in customer asks for on /account, never a side effect.
        disableImplicitLinking: true,
        allowDifferentEmails: true,
      },
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
    // Profile changes go through PATCH /api/me (our validation; account type is fixed at sign-up),
    // and deletion through DELETE /api/me, which keeps what the law requires.
    disabledPaths: ['/update-user', '/delete-user', '/change-email'],
    databaseHooks: {
      session: {
        create: {
          async before(s) {
            await refuseOtherServices(db, s.userId);
          },
        },
      },
    },
    hooks: { before: authBeforeHook({ db, mailer, publicUrl: config.publicUrl }) },
    plugins,
    rateLimit: {
      enabled: config.authRateLimit,
      customStorage: rateLimitStorage(db, now),
      window: 60,
      max: 100,
      customRules: PER_ADDRESS_RULES,
    },
    advanced: {
      // better-auth turns its origin (CSRF) check off by itself when NODE_ENV=test or TEST is set;
      // said outright, it is on everywhere, and the tests prove the check production runs.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // Production: the __Secure- prefix, Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain.
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // authRoutes puts Fastify's idea of the client address (X-Forwarded-For honoured only with
      // TRUST_PROXY) in this header; without it every visitor would share one rate-limit bucket.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
