import { generateId } from 'better-auth';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/query-rows';
import { inTransaction } from '../db/transaction';
import { magicLinkEmail } from './auth-emails';
import { MAGIC_LINK_MINUTES } from './email-link-lifetimes';
import type { EmailLinkDeps } from './request-password-reset';
import { enqueueMailIf } from './same-work-mail';

// Asking for an emailed sign-in link answers and works the same whether or not the email belongs
// to a customer (decision 0065): one transaction of the same two statements either way. The token
// is written for any email, as better-auth's own request did (opened for a stranger it finds no
// account, and sign-up through a link is off); the mail statement inserts a row only for a
// customer: therapists and onboarders sign in to the company's other services, not here.

export const SIGN_IN_LINK_ANSWER = { status: true } as const;

export interface SignInLinkInput {
  email: string;
  callbackURL?: string | undefined;
  newUserCallbackURL?: string | undefined;
  errorCallbackURL?: string | undefined;
}

/** The link better-auth's verify route expects, with the callbacks it was asked for. */
function linkUrl(authBaseUrl: string, token: string, input: SignInLinkInput): string {
  const url = new URL(`${authBaseUrl}/magic-link/verify`);
  url.searchParams.set('token', token);
  url.searchParams.set('callbackURL', input.callbackURL || '/');
  if (input.newUserCallbackURL)
    url.searchParams.set('newUserCallbackURL', input.newUserCallbackURL);
  if (input.errorCallbackURL) url.searchParams.set('errorCallbackURL', input.errorCallbackURL);
  return url.toString();
}

export async function requestSignInLink(
  deps: EmailLinkDeps,
  input: SignInLinkInput,
): Promise<void> {
  const token = generateId(32);
  const url = linkUrl(deps.authBaseUrl, token, input);
  // better-auth judges the token's expiry by the real clock, so it is set by the real clock.
  const expiresAt = new Date(Date.now() + MAGIC_LINK_MINUTES * 60_000);
  await inTransaction(deps.db, async (tx) => {
    const [customer] = await queryRows<{ email: string }>(
      tx,
      sql`WITH found AS (
            SELECT email FROM "user"
            WHERE email = ${input.email} AND NOT is_therapist AND NOT is_onboarder
          ),
          token AS (
            INSERT INTO verification (id, identifier, value, expires_at)
            VALUES (${generateId()}, ${`magic-link:${token}`},
                    ${JSON.stringify({ type: 'magic-link', email: input.email })}, ${expiresAt})
          )
          SELECT email FROM found`,
    );
    await enqueueMailIf(
      tx,
      customer !== undefined,
      magicLinkEmail(input.email, url, MAGIC_LINK_MINUTES),
    );
  });
  deps.mailer.wake();
}
