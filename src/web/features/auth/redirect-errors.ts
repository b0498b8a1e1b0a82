import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../lib/ui-store';
import { describeRedirectError } from './auth-errors';
import {
  refuseAnotherService,
  refuseMissingUserRecord,
  refuseSocialWithoutAccount,
} from './session-actions';

/**
 * Tells the customer why a provider, an email link or a reset link sent them back with
 * ?error=<code>. These refusals (docs/product.md#sign-in-messages) also end any session, so nobody
 * is left half signed in.
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

/**
 * A provider or an email link sent the customer back here with ?error=: hands the code to
 * `handle` once, then drops it from the address so a reload does not say it again.
 */
export function useReturnedError(handle: (code: string) => void): void {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    handle(error);
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.delete('error');
        copy.delete('error_description');
        return copy;
      },
      { replace: true },
    );
  }, [error, handle, setParams]);
}
