import type { ValidatedReferral } from '../../contract/referrals';
import type { AppContext } from '../app-context';
import { consumeAttempt, type RateRule } from '../auth/account-rate-limit';
import { HttpProblem, tooManyRequests } from '../http/problem';
import { formatWait } from '../../domain/format';
import { firstNameOf } from '../../domain/format';
import { findReferrer } from './referral-codes';

/** Enough for a family sharing one connection; too few to walk the space of codes. */
export const REFERRAL_VALIDATION_LIMIT: RateRule = { windowSeconds: 10 * 60, max: 30 };

/**
 * Who a code stands for and the credit it brings (decision 0029). Anyone may ask (the
 * link is opened before signing in), so each address may ask a limited number of times.
 */
export async function validateReferral(
  ctx: AppContext,
  code: string,
  clientAddress: string,
): Promise<ValidatedReferral> {
  const verdict = await consumeAttempt(
    ctx.db,
    `referral-validate|${clientAddress}`,
    REFERRAL_VALIDATION_LIMIT,
    ctx.now().getTime(),
  );
  if (!verdict.allowed) {
    throw tooManyRequests(
      `Too many referral codes tried. Please wait ${formatWait(verdict.retryAfterSeconds)} and try again.`,
      verdict.retryAfterSeconds,
    );
  }
  const referrer = await findReferrer(ctx.db, code);
  if (!referrer) {
    throw new HttpProblem(404, 'We could not find that referral code.', {
      code: 'unknown_referral',
    });
  }
  return {
    referred_by: {
      name: firstNameOf(referrer.name),
      uid: referrer.id,
      value: ctx.config.wallet.referralCreditPence,
    },
  };
}
