import type { AuthErrorLike } from './auth-errors';

type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthErrorLike };

/**
 * better-auth's client answers HTTP errors as { error } but throws when the network fails; this
 * makes both one shape, with status 0 for "never reached the server".
 */
export async function callAuth<T>(
  run: () => Promise<{ data: T | null; error: AuthErrorLike | null }>,
): Promise<AuthResult<T>> {
  try {
    const result = await run();
    if (result.error) return { data: null, error: result.error };
    return { data: result.data as T, error: null };
  } catch {
    return { data: null, error: { status: 0 } };
  }
}
