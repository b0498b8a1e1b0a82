import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ALL_GRANTED, updateConsent } from '../../lib/analytics';
import { focusMainIfInside } from '../../lib/focus';
import { useUiStore } from '../../lib/ui-store';
import { readConsentCookie, writeConsentCookie } from './consent-cookie';

/** Spec 9: the banner waits 2 seconds so it never competes with the first paint. */
export const COOKIE_BANNER_DELAY_MS = 2000;

export function acceptAllCookies(): void {
  writeConsentCookie(ALL_GRANTED);
  updateConsent(ALL_GRANTED);
}

export function CookieBanner() {
  const show = useUiStore((s) => s.showCookieConsent);
  const setShow = useUiStore((s) => s.setShowCookieConsent);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (readConsentCookie() !== null) return;
    const timer = window.setTimeout(() => setShow(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [setShow]);

  if (!show) return null;

  const close = () => {
    focusMainIfInside(ref.current);
    setShow(false);
  };

  return (
    // A landmark rather than a modal: it appears on a timer, so it must not steal focus or block
    // the page; keyboard and screen-reader users reach it through the landmark list.
    <section
      ref={ref}
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      className="fixed inset-x-0 bottom-0 z-40 animate-toast-in p-3 sm:bottom-4 sm:left-4 sm:right-auto sm:max-w-md sm:p-0"
    >
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-2xl shadow-brand-950/15">
        <h2 id="cookie-banner-title" className="font-display text-xl font-semibold text-ink">
          We Use Cookies
        </h2>
        <p id="cookie-banner-text" className="mt-2 text-sm leading-relaxed text-muted">
          We use essential cookies to keep the site working and secure. With your permission we also
          use analytics and advertising cookies to understand how the site is used and improve it.
          Read our{' '}
          <Link
            to="/cookie-policy"
            className="font-medium text-brand-800 underline underline-offset-2"
          >
            cookie policy
          </Link>
          .
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Decline
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => {
              acceptAllCookies();
              close();
            }}
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
