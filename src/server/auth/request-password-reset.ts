import { generateId } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import type { Mailer } from '../mail/mailer';
import { passwordResetEmail } from './auth-emails';
import { RESET_TOKEN_MINUTES } from './email-link-lifetimes';
import { enqueueMailIf } from './same-work-mail';

// Asking for a password reset must not tell a stranger whether the email is registered, by the
// answer or by the time it takes (decision 0065). better-auth's own request looked the user up and
// then wrote a token and a mail only for a registered email. Here both cases take one transaction
// of the same two statements: a token is written either way (for an unknown email it opens
// nothing: no user has its empty value as id), and the mail statement inserts a row only for a
// registered email. better-auth's reset routes take the token as if it had written it.

/** better-auth's answer to every reset request, kept word for word. */
export const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
} as const;

export interface EmailLinkDeps {
  db: Db;
  mailer: Mailer;
  /** Where better-auth answers, e.g. https://example.com/api/auth. */
  authBaseUrl: string;
}

export async function requestPasswordReset(
  deps: EmailLinkDeps,
  input: { email: string; redirectTo?: string | undefined },
): Promise<void> {
  const token = generateId(24);
  const url = `${deps.authBaseUrl}/reset-password/${token}?callbackURL=${encodeURIComponent(input.redirectTo ?? '')}`;
  // better-auth judges the token's expiry by the real clock, so it is set by the real clock.
  const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000);
  await inTransaction(deps.db, async (tx) => {
    const [owner] = await queryRows<{ email: string; name: string }>(
      tx,
      sql`WITH found AS (SELECT id, email, name FROM "user" WHERE email = ${input.email}),
          token AS (
            INSERT INTO verification (id, identifier, value, expires_at)
            SELECT ${generateId()}, ${`reset-password:${token}`},
                   coalesce((SELECT id FROM found), ''), ${expiresAt}
          )
          SELECT email, name FROM found`,
    );
    await enqueueMailIf(
      tx,
      owner !== undefined,
      passwordResetEmail(owner?.email ?? input.email, owner?.name ?? '', url, RESET_TOKEN_MINUTES),
    );
  });
  deps.mailer.wake();
}
