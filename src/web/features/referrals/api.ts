import { useQuery } from '@tanstack/react-query';
import {
  referralSchema,
  validateReferralAnswer,
  type ValidatedReferral,
} from '../../../contract/referrals';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/query-keys';

export function useReferral() {
  return useQuery({
    queryKey: accountKeys.referral,
    queryFn: ({ signal }) => api.get('/api/me/referral', { schema: referralSchema, signal }),
  });
}

/**
 * Checking a referral code (docs/product.md#referrals): who a code stands for and the credit
 * waiting at checkout.
 */
export function validateReferral(code: string): Promise<ValidatedReferral> {
  return api.post('/api/referrals/validate', { code }, { schema: validateReferralAnswer });
}
