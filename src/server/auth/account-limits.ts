import type { Db } from '../db/client';
import { consumeAttempt, returnAttempt, type RateRule } from './account-rate-limit';
import { isKnownAddress } from './known-addresses';

// Per-account limits, on top of better-auth's per-address ones. An attempt is counted against the
// pair (this account, this client address), low, so one address guessing at one account is
// stopped quickly without touching the owner elsewhere. Attempts from places the account is not
// known at are also counted against a per-account ceiling, the real bound on a crowd of addresses
// guessing together. Places the owner is known at escape that ceiling, so the crowd cannot lock
// the owner out (decision 0065): a browser that signed in to the account before (known-device.ts),
// counted per device, and an address it signed in from this month (known-addresses.ts), counted
// per pair. Someone on a new device and network when the ceiling is full waits, or uses the
// emailed sign-in link, which is never limited when opened. Numbers: decisions 0050 and 0065.

export interface AccountRules {
  /** One account from one client address, or from one known device. */
  perPair: RateRule;
  /** One account from every address it is not known at, together. */
  perAccount: RateRule;
  /** Whether known devices and addresses escape the ceiling (the paths that sign someone in). */
  trustsKnownPlaces: boolean;
}

export const SIGN_IN_PATH = '/api/auth/sign-in/email';

export const ACCOUNT_RULES: Record<string, AccountRules> = {
  [SIGN_IN_PATH]: {
    perPair: { windowSeconds: 15 * 60, max: 10 },
    perAccount: { windowSeconds: 15 * 60, max: 50 },
    trustsKnownPlaces: true,
  },
  // Each of these sends an email: the pair limit stops one address filling a stranger's inbox; the
  // ceiling bounds a crowd of addresses doing it. The owner asking for a sign-in link from home
  // escapes the ceiling like their password does: that link is what a limited sign-in offers.
  '/api/auth/request-password-reset': {
    perPair: { windowSeconds: 60 * 60, max: 3 },
    perAccount: { windowSeconds: 60 * 60, max: 10 },
    trustsKnownPlaces: false,
  },
  '/api/auth/sign-in/magic-link': {
    perPair: { windowSeconds: 15 * 60, max: 3 },
    perAccount: { windowSeconds: 15 * 60, max: 10 },
    trustsKnownPlaces: true,
  },
  // Signing up with a registered email sends its owner a notice (decision 0050), so sign-up is
  // bounded per email too; the answer is the same whether or not the email is registered.
  '/api/auth/sign-up/email': {
    perPair: { windowSeconds: 60 * 60, max: 5 },
    perAccount: { windowSeconds: 60 * 60, max: 10 },
    trustsKnownPlaces: false,
  },
};

/**
 * Keys start with "account:" and end with ":<email>", the shape erase-personal-data.ts deletes
 * when a customer's data is erased.
 */
export const accountKey = (path: string, email: string) => `account:${path}:${email}`;
export const pairKey = (path: string, clientAddress: string, email: string) =>
  `account:${path}|${clientAddress}:${email}`;
export const deviceKey = (path: string, deviceId: string, email: string) =>
  `account:${path}|device:${deviceId}:${email}`;

/** Where an attempt comes from. */
export interface AttemptSource {
  clientAddress: string;
  /** The request's known-device id, only when its cookie is valid for this very account. */
  knownDeviceId: string | null;
}

export type AccountVerdict =
  { allowed: true; keys: string[] } | { allowed: false; retryAfterSeconds: number };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Counts one attempt; refused when any counter it is held to has had enough. */
export async function countAccountAttempt(
  db: Db,
  rules: AccountRules,
  path: string,
  rawEmail: string,
  source: AttemptSource,
  nowMs: number,
): Promise<AccountVerdict> {
  const email = normaliseEmail(rawEmail);
  if (rules.trustsKnownPlaces && source.knownDeviceId !== null) {
    return countAgainst(
      db,
      [{ key: deviceKey(path, source.knownDeviceId, email), rule: rules.perPair }],
      nowMs,
    );
  }
  const pair = { key: pairKey(path, source.clientAddress, email), rule: rules.perPair };
  if (rules.trustsKnownPlaces && (await isKnownAddress(db, source.clientAddress, email, nowMs))) {
    return countAgainst(db, [pair], nowMs);
  }
  return countAgainst(db, [pair, { key: accountKey(path, email), rule: rules.perAccount }], nowMs);
}

/** Counts against each in turn; a refusal gives back what was counted before it (not a guess). */
async function countAgainst(
  db: Db,
  counters: { key: string; rule: RateRule }[],
  nowMs: number,
): Promise<AccountVerdict> {
  const counted: string[] = [];
  for (const { key, rule } of counters) {
    const verdict = await consumeAttempt(db, key, rule, nowMs);
    if (!verdict.allowed) {
      await giveBackAttempt(db, counted);
      return { allowed: false, retryAfterSeconds: verdict.retryAfterSeconds };
    }
    counted.push(key);
  }
  return { allowed: true, keys: counted };
}

/** Gives an attempt back to its counters (a correct password is not a guess). */
export async function giveBackAttempt(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await returnAttempt(db, key);
}
