import { useState, useSyncExternalStore } from 'react';
import { buttonClass } from '../../components/button-styles';
import { DEFAULT_CONSENT, updateConsent } from '../../lib/analytics';
import { useUiStore } from '../../lib/ui-store';
import { acceptAllCookies } from './cookie-banner';
import { clearConsentCookie, readConsentCookie } from './consent-cookie';

/**
 * Lets a customer change their mind on the cookie policy page: withdrawing consent must be as
 * easy as giving it (UK GDPR), and the banner's Decline only hides it.
 */
// The cookie is read in the browser only: the server has none to read, and the page it draws is
// taken over as it is, so the first render in the browser must say what the server said.
const neverChanges = () => () => undefined;
const savedAcceptance = () => readConsentCookie()?.analytics_storage === 'granted';
const unknownOnTheServer = () => null;

export function ConsentSettings() {
  const saved = useSyncExternalStore(neverChanges, savedAcceptance, unknownOnTheServer);
  const [chosen, setAccepted] = useState<boolean | null>(null);
  const accepted = chosen ?? saved;
  const hideBanner = useUiStore((s) => s.setShowCookieConsent);

  const accept = () => {
    acceptAllCookies();
    hideBanner(false);
    setAccepted(true);
  };

  const withdraw = () => {
    clearConsentCookie();
    updateConsent({ ...DEFAULT_CONSENT });
    setAccepted(false);
  };

  return (
    <div className="not-prose my-6 rounded-2xl border border-brand-100 bg-brand-50 p-5">
      <p className="font-semibold text-ink" role="status">
        {accepted === null
          ? 'Your choice about analytics and advertising cookies is kept in this browser.'
          : accepted
            ? 'You have accepted analytics and advertising cookies.'
            : 'You have not accepted analytics or advertising cookies.'}
      </p>
      <div className="mt-4">
        {accepted === null ? null : accepted ? (
          <button type="button" className={buttonClass('secondary')} onClick={withdraw}>
            Withdraw my consent
          </button>
        ) : (
          <button type="button" className={buttonClass('primary')} onClick={accept}>
            Accept all cookies
          </button>
        )}
      </div>
    </div>
  );
}
