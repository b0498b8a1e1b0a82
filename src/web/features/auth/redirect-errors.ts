import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../../lib/ui-store';
import { describeRedirectError } from './auth-errors';
import {
  refuseAnotherService,
  refuseMissingUserRecord,
  refuseSocialWithoutAccount,
} from './session-actions';

/**
 * Tells the customer why a provider, an email link or a reset link sent them back with
 * ?error=<code>. The spec's cases also end any session, so nobody is left half signed in.
 */
export async function handleRedirectError(code: string, queryClient: QueryClient): Promise<void> {
  const described = describeRedirectError(code);
  switch (described.kind) {
    case 'social-no-account':
      return refuseSocialWithoutAccount(queryClient);
    case 'another-service':
      return refuseAnotherService(queryClient);
    case 'user-record-missing':
      return refuseMissingUserRecord(queryClient);
    case 'message':
      notify({ type: 'error', ...described.message });
      return;
  }
}
