import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { effectiveReferralCode } from '../../../domain/referral';
import { trackException, trackReferralLink } from '../../lib/analytics';
import { isApiError } from '../../lib/api';
import { useUiStore } from '../../lib/ui-store';
import { useCurrentCustomer } from '../auth';
import { useBookingStore } from '../booking';
import { validateReferral } from './api';

/**
 * Opening a referral link (/?ref=CODE): the code is checked with the server, the referrer kept
 * in the booking state for checkout, and the referral card raised. A code that is unknown, or
 * that fails to check, shows nothing and is reported; one's own code is ignored
 * (docs/product.md#referrals).
 */
export function ReferralLanding() {
  const location = useLocation();
  const navigate = useNavigate();
  const { status, me } = useCurrentCustomer();
  const setReferrer = useBookingStore((s) => s.setReferrer);
  const setReferralNotification = useUiStore((s) => s.setReferralNotification);
  const handled = useRef<string | null>(null);

  const code = new URLSearchParams(location.search).get('ref');

  useEffect(() => {
    // Wait to know who is signed in: their own code must be ignored.
    if (!code || status === 'loading' || handled.current === code) return;
    handled.current = code;
    const params = new URLSearchParams(location.search);
    params.delete('ref');
    const search = params.toString();
    // The code leaves the address bar, so sharing or reloading the page does not repeat it.
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
    trackReferralLink(code);
    const ownId = me?.id ?? null;
    const usable = effectiveReferralCode(code, ownId);
    if (!usable) return;
    validateReferral(usable)
      .then(({ referred_by: referrer }) => {
        if (referrer.uid === ownId) return;
        setReferrer(referrer);
        setReferralNotification({ referrerName: referrer.name, valuePence: referrer.value });
      })
      .catch((error: unknown) => {
        const why = isApiError(error) ? `${error.status} ${error.detail}` : String(error);
        trackException(`Referral validation failed: ${why}`, false);
      });
  }, [code, status, me, location, navigate, setReferrer, setReferralNotification]);

  return null;
}
