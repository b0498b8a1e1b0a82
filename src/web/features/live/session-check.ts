import { AUTH_ERROR_CODES } from '../../../domain/auth-messages';

// Whether this tab's session still stands, asked after the live channel says it may not (a
// `session` event, a refused stream) or that the account changed (`me`: the role flags are on the
// user record). better-auth's own answer, read fresh: it carries the therapist and onboarder
// flags, which no other answer to a customer does.

export type SessionState = 'signed-in' | 'signed-out' | 'another-service' | 'unknown';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads GET /api/auth/get-session's answer: null when there is no session. */
export function sessionStateOf(status: number, body: unknown): SessionState {
  if (status === 401) return 'signed-out';
  if (status === 403 && isRecord(body) && body.code === AUTH_ERROR_CODES.anotherService) {
    return 'another-service';
  }
  if (status !== 200) return 'unknown';
  if (!isRecord(body) || !isRecord(body.session)) return 'signed-out';
  const user = body.user;
  if (isRecord(user) && (user.isTherapist === true || user.isOnboarder === true)) {
    return 'another-service';
  }
  return 'signed-in';
}

export async function checkSession(): Promise<SessionState> {
  try {
    const response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => null);
    return sessionStateOf(response.status, body);
  } catch {
    // Offline or the server down: nothing is known, so nothing is undone.
    return 'unknown';
  }
}
