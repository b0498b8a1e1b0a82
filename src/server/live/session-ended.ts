import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { SessionEndReason } from '../../contract/live';

// The session cookie is `<token>.<signature>` (better-auth signs it), URL-encoded, named
// better-auth.session_token, with the __Secure- prefix in production.
const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token$/;

/** The session token of a Cookie header whose signature has already been checked, or null. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || !SESSION_COOKIE.test(part.slice(0, at).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return null;
    }
    const dot = value.indexOf('.');
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}

/**
 * Whether a session has ended (signed out, revoked, expired, or the account erased), and why as
 * the tab should say it: asked of the database itself, since the session cache may still hold it
 * for a few seconds. A customer made a therapist or onboarder loses their sessions here; their
 * tab says what a sign-in with such credentials is told, not merely "Logged Out".
 */
export async function sessionEnd(
  db: Db,
  token: string | null,
  userId: string,
): Promise<SessionEndReason | null> {
  const rows = await queryRows<{ open: boolean; otherService: boolean }>(
    db,
    sql`select exists (select 1 from "session" s
                        where s.token = ${token ?? ''} and s.user_id = u.id
                          and s.expires_at > now()) as open,
               (u.is_therapist or u.is_onboarder) as "otherService"
          from "user" u where u.id = ${userId}`,
  );
  const row = rows[0];
  if (row?.open && token) return null;
  return row?.otherService ? 'another_service' : 'signed_out';
}
