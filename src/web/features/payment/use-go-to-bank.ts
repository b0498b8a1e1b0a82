import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paymentActionTarget } from './payment-action';

/**
 * Sends the customer to their bank when a payment needs it (3-D Secure). Our own bank page is a
 * route of this app; a real provider's page (Stripe's hosted 3-D Secure) is on its own origin and
 * needs a full page load. An address we will not follow goes to `returnPath` instead: the
 * purchase's return page, which asks the server where the payment stands.
 */
export function useGoToBank(): (actionUrl: string, returnPath: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (actionUrl: string, returnPath: string) => {
      const target = paymentActionTarget(actionUrl, window.location.origin);
      if (target.kind === 'in-app') void navigate(target.path);
      else if (target.kind === 'external') window.location.assign(target.url);
      else void navigate(returnPath);
    },
    [navigate],
  );
}
