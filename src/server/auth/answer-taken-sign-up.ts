import { eq } from 'drizzle-orm';
import { signUpSchema } from '../../domain/account-forms';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { signUpTakenEmail } from './auth-emails';

// Sign-up must not tell a stranger whether an email is registered (decision 0050). better-auth
// refuses a registered email with 422 before hashing anything, which made the refusal both
// readable and fast. We turn that refusal into the answer a newcomer gets: 200, the same body
// shape, after hashing the password once as the newcomer's path does, and the owner hears of it
// by email through the outbox.

export const TAKEN_EMAIL_CODE = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';

/** The body better-auth answers a sign-up with; the token is never sent (decision 0050). */
export interface SignUpAnswer {
  token: null;
  user: Record<string, unknown>;
}

export interface TakenSignUpDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  /** better-auth's own password hasher, so the work done matches a real sign-up. */
  hashPassword: (password: string) => Promise<string>;
  newUserId: () => string;
}

/** Whether better-auth's answer is its refusal of a registered email. */
export function isTakenEmailRefusal(status: number, text: string | null): boolean {
  if (status !== 422 || !text) return false;
  try {
    const body: unknown = JSON.parse(text);
    return (
      typeof body === 'object' && body !== null && 'code' in body && body.code === TAKEN_EMAIL_CODE
    );
  } catch {
    return false;
  }
}

/**
 * Answers a sign-up whose email is registered. Only reached after better-auth and our input guard
 * accepted every field, so invalid input is refused the same way whether or not the email exists.
 */
export async function answerTakenSignUp(
  deps: TakenSignUpDeps,
  rawBody: unknown,
): Promise<SignUpAnswer> {
  const input = signUpSchema.parse(rawBody);
  await deps.hashPassword(input.password);
  const [owner] = await deps.db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.email, input.email));
  if (owner) {
    await deps.mailer.send(signUpTakenEmail(owner.email, owner.name, `${deps.publicUrl}/login`));
  }
  const at = deps.now.toISOString();
  return {
    token: null,
    user: {
      id: deps.newUserId(),
      email: input.email,
      name: input.name,
      image: null,
      emailVerified: false,
      createdAt: at,
      updatedAt: at,
      phoneNumber: input.phoneNumber,
      gender: input.gender ?? null,
      accountType: input.accountType,
      isTherapist: false,
      isOnboarder: false,
    },
  };
}
