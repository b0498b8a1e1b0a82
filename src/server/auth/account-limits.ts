import type { Db } from '../db/client';
import { consumeAttempt, returnAttempt, type RateRule } from './account-rate-limit';

// Per-account limits, on top of better-auth's per-address ones. A guess is counted twice: against
// the pair (this account, this client address) and against the account alone. The pair limit is
// low, so one address guessing at one account is stopped quickly without touching the owner, who
// signs in from another address with a budget of their own. The account ceiling is higher and the
// real bound on guessing from many addresses; when a crowd of addresses reaches it, the owner's
// password waits too, but an emailed sign-in link still works (its verify path is never limited).
// Numbers and reasons: docs/decisions/0050.

export interface AccountRules {
  /** One account from one client address. */
  perPair: RateRule;
  /** One account from every address together. */
  perAccount: RateRule;
}

export const ACCOUNT_RULES: Record<string, AccountRules> = {
  '/api/auth/sign-in/email': {
    perPair: { windowSeconds: 15 * 60, max: 10 },
    perAccount: { windowSeconds: 15 * 60, max: 50 },
  },
  // Each of these sends an email: the pair limit stops one address filling a stranger's inbox; the
  // ceiling bounds a crowd of addresses doing it.
  '/api/auth/request-password-reset': {
    perPair: { windowSeconds: 60 * 60, max: 3 },
    perAccount: { windowSeconds: 60 * 60, max: 10 },
  },
  '/api/auth/sign-in/magic-link': {
    perPair: { windowSeconds: 15 * 60, max: 3 },
    perAccount: { windowSeconds: 15 * 60, max: 10 },
  },
  // Signing up with a registered email sends its owner a notice (decision 0050), so sign-up is
  // bounded per email too; the answer is the same whether or not the email is registered.
  '/api/auth/sign-up/email': {
    perPair: { windowSeconds: 60 * 60, max: 5 },
    perAccount: { windowSeconds: 60 * 60, max: 10 },
  },
};

/**
 * Keys start with "account:" and end with ":<email>", the shape erase-personal-data.ts deletes
 * when a customer's data is erased.
 */
export const accountKey = (path: string, email: string) => `account:${path}:${email}`;
export const pairKey = (path: string, clientAddress: string, email: string) =>
  `account:${path}|${clientAddress}:${email}`;

export type AccountVerdict =
  { allowed: true; keys: string[] } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt against the pair and the account; refused when either has had enough. */
export async function countAccountAttempt(
  db: Db,
  rules: AccountRules,
  path: string,
  rawEmail: string,
  clientAddress: string,
  nowMs: number,
): Promise<AccountVerdict> {
  const email = rawEmail.trim().toLowerCase();
  const pair = pairKey(path, clientAddress, email);
  const byPair = await consumeAttempt(db, pair, rules.perPair, nowMs);
  if (!byPair.allowed) return { allowed: false, retryAfterSeconds: byPair.retryAfterSeconds };
  const account = accountKey(path, email);
  const byAccount = await consumeAttempt(db, account, rules.perAccount, nowMs);
  if (!byAccount.allowed) {
    // Refused before anything was checked: not a guess from this address.
    await returnAttempt(db, pair);
    return { allowed: false, retryAfterSeconds: byAccount.retryAfterSeconds };
  }
  return { allowed: true, keys: [pair, account] };
}

/** Gives an attempt back to both counters (a correct password is not a guess). */
export async function giveBackAttempt(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await returnAttempt(db, key);
}
