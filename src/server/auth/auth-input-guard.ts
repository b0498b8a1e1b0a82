import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import type { ProblemCode } from '../../contract/problem';
import { signUpSchema } from '../../domain/account-forms';
import { judgePassword } from './password-strength';

// better-auth checks only password length; these checks run first on the routes that take
// customer input (auth-before-hook.ts), so sign-up gets our field rules and every new password a
// strength check.

function fieldErrors(error: z.ZodError) {
  return error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

/** The body as the schema reads it, or a 400 naming each field that is wrong. */
export function parsedOrRefused<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR' satisfies ProblemCode,
    message: errors[0]?.message ?? 'Check the form and try again',
    errors,
  });
}

async function rejectWeak(password: unknown, field: string, userInputs: string[]): Promise<void> {
  if (typeof password !== 'string') return;
  const verdict = await judgePassword(password, userInputs);
  if (!verdict.ok && verdict.message) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_WEAK' satisfies ProblemCode,
      message: verdict.message,
      errors: [{ field, message: verdict.message }],
    });
  }
}

function text(value: unknown): string[] {
  return typeof value === 'string' && value.length > 0 ? [value] : [];
}

/** The parts of better-auth's request context these checks read; the body is not yet validated. */
export interface AuthInput {
  path?: string;
  body?: unknown;
}

export async function checkAuthInput(ctx: AuthInput): Promise<void> {
  const body: Record<string, unknown> =
    typeof ctx.body === 'object' && ctx.body !== null ? (ctx.body as Record<string, unknown>) : {};
  switch (ctx.path) {
    case '/sign-up/email': {
      // Normalised values (trimmed, lower-case email) are what gets stored.
      Object.assign(body, parsedOrRefused(signUpSchema, body));
      await rejectWeak(body.password, 'password', [...text(body.email), ...text(body.name)]);
      return;
    }
    case '/change-password':
      // A changed password ends every other session, whatever the client asks: whoever made
      // the customer change it may be signed in elsewhere (decision 0048).
      body.revokeOtherSessions = true;
      await rejectWeak(body.newPassword, 'newPassword', []);
      return;
    case '/reset-password':
    case '/set-password':
      await rejectWeak(body.newPassword, 'newPassword', []);
      return;
    default:
      return;
  }
}
