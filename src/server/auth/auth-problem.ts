import type { ProblemBody } from '../http/problem';
import { statusTitle } from '../http/problem';

// better-auth answers its errors as {code, message} JSON, and an unknown /api/auth/* path as a 404
// whose body is `null`. Every API error here is problem+json (RFC 9457), so its error answers are
// rewritten into one, keeping code, message and errors: better-auth's client and the web app read
// those, and the client spreads the whole body into its error, so the added members are harmless.

// Its `code` is kept as better-auth sent it: better-auth's own vocabulary, not the contract's list
// of problem codes (decisions 0028 and 0072), so this body is not typed as our ProblemBody's code.
type AuthProblem = Pick<ProblemBody, 'type' | 'title' | 'status' | 'detail'> &
  Record<string, unknown>;

function parsedObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const FALLBACK_DETAIL: Record<number, string> = {
  404: 'There is no such sign-in or account address.',
};

/** The problem+json body for one of better-auth's error answers (status 400 or more). */
export function authProblem(status: number, text: string | null): AuthProblem {
  const body = parsedObject(text);
  const message = typeof body.message === 'string' && body.message ? body.message : null;
  return {
    ...body,
    type: 'about:blank',
    title: statusTitle(status),
    status,
    detail: message ?? FALLBACK_DETAIL[status] ?? statusTitle(status),
  };
}
