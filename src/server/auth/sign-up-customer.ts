import { generateId } from 'better-auth';
import { createEmailVerificationToken } from 'better-auth/api';
import { sql } from 'drizzle-orm';
import type { SignUpInput } from '../../domain/account-forms';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { signUpTakenEmail, verificationEmail } from './auth-emails';
import { enqueueMailIf } from './same-work-mail';

// Sign-up must not tell a stranger whether an email is registered (decisions 0050 and 0065), by
// its answer or by the work it does before answering. So it never starts a session (the caller
// signs in next, with the password it chose), and both outcomes take the same steps: one password
// hash, then one transaction of the same two statements. The first creates the customer and their
// password, or finds the owner of the email, in one go; the second queues the newcomer's
// confirmation or the owner's notice. Only the values differ.

/** The whole answer to every sign-up that passed validation, byte for byte. */
export const SIGN_UP_ANSWER = {
  status: true,
  message: "We've sent an email to that address.",
} as const;

/** better-auth's default lifetime of an email-confirmation link. */
const CONFIRMATION_SECONDS = 60 * 60;

export interface SignUpDeps {
  db: Db;
  mailer: Mailer;
  /** better-auth's hasher (tests count its calls), so a stored password verifies at sign-in. */
  hashPassword: (password: string) => Promise<string>;
  /** Signs the confirmation link, as better-auth's own confirmation endpoint expects. */
  secret: string;
  /** Where better-auth answers, e.g. https://example.com/api/auth. */
  authBaseUrl: string;
  publicUrl: string;
}

interface Outcome {
  created: boolean;
  email: string;
  name: string;
}

/**
 * Inserts the customer unless the email is taken; answers either who was created or who owns the
 * email. In one statement, so both cases cost one round trip. A sign-up racing another for the
 * same new email finds neither (its snapshot predates the other's commit): a double submission.
 */
async function createOrFindOwner(
  tx: Db,
  input: SignUpInput,
  ids: { user: string; account: string },
  passwordHash: string,
): Promise<Outcome | undefined> {
  const rows = await queryRows<Outcome>(
    tx,
    sql`WITH created AS (
          INSERT INTO "user" (id, name, email, email_verified, phone_number, gender, account_type)
          VALUES (${ids.user}, ${input.name}, ${input.email}, false, ${input.phoneNumber},
                  ${input.gender ?? null}, ${input.accountType})
          ON CONFLICT (email) DO NOTHING
          RETURNING email, name
        ), credential AS (
          INSERT INTO account (id, account_id, provider_id, user_id, password)
          SELECT ${ids.account}, ${ids.user}, 'credential', ${ids.user}, ${passwordHash}
          FROM created
        )
        SELECT true AS created, email, name FROM created
        UNION ALL
        SELECT false AS created, email, name FROM "user" WHERE email = ${input.email}`,
  );
  return rows[0];
}

/**
 * Signs a customer up, or tells the owner of a registered email that someone tried. `input` has
 * passed the sign-up schema (trimmed, lower-case email) and the password strength check.
 */
export async function signUpCustomer(
  deps: SignUpDeps,
  input: SignUpInput,
  callbackURL: string | undefined,
): Promise<void> {
  const passwordHash = await deps.hashPassword(input.password);
  const ids = { user: generateId(), account: generateId() };
  const token = await createEmailVerificationToken(
    deps.secret,
    input.email,
    undefined,
    CONFIRMATION_SECONDS,
    { userId: ids.user },
  );
  const confirmUrl = `${deps.authBaseUrl}/verify-email?token=${token}&callbackURL=${encodeURIComponent(callbackURL ?? '/')}`;
  await inTransaction(deps.db, async (tx) => {
    const outcome = await createOrFindOwner(tx, input, ids, passwordHash);
    const message =
      outcome && !outcome.created
        ? signUpTakenEmail(outcome.email, outcome.name, `${deps.publicUrl}/login`)
        : verificationEmail(input.email, input.name, confirmUrl);
    await enqueueMailIf(tx, outcome !== undefined, message);
  });
  deps.mailer.wake();
}
