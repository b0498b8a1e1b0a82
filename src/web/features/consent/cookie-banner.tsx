import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ALL_GRANTED, updateConsent } from '../../lib/analytics';
import { focusMainIfInside } from '../../lib/focus';
import { useUiStore } from '../../lib/ui-store';
import { readConsentCookie, writeConsentCookie } from './consent-cookie';

/** The banner waits 2 seconds so it never competes with the first paint. */
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

  return <CookieSheet onClose={close} sheetRef={ref} />;
}

/** The page keeps this much room at its foot, so the sheet never covers a primary action. */
export const CONSENT_SHEET_HEIGHT_VAR = '--consent-sheet-height';

function useReserveSpace(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const sheet = ref.current;
    if (!sheet) return;
    const root = document.documentElement;
    const reserve = () => {
      const height = `${sheet.offsetHeight}px`;
      root.style.setProperty(CONSENT_SHEET_HEIGHT_VAR, height);
      document.body.style.paddingBottom = height;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(sheet);
    return () => {
      observer.disconnect();
      root.style.removeProperty(CONSENT_SHEET_HEIGHT_VAR);
      document.body.style.paddingBottom = '';
    };
  }, [ref]);
}

function CookieSheet({
  onClose,
  sheetRef,
}: {
  onClose: () => void;
  sheetRef: RefObject<HTMLElement | null>;
}) {
  useReserveSpace(sheetRef);
  return (
    // A landmark rather than a modal: it appears on a timer, so it must not steal focus or block
    // the page. It comes next after the skip link, so Tab reaches it before the page. A compact
    // sheet at the foot of the screen; the page's own room at its foot (body padding and sticky
    // bars, through --consent-sheet-height) keeps every button above it.
    <section
      ref={sheetRef}
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      className="fixed inset-x-0 bottom-0 z-40 animate-toast-in border-t border-brand-100 bg-white px-4 py-3 shadow-[0_-8px_24px_-12px_rgba(80,7,36,0.25)] sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <h2 id="cookie-banner-title" className="text-sm font-semibold text-ink">
            We use cookies
          </h2>
          <p id="cookie-banner-text" className="text-xs leading-snug text-muted sm:text-sm">
            Essential cookies keep the site working; with your permission, analytics and advertising
            cookies help us improve it. Read our{' '}
            <Link
              to="/cookie-policy"
              className="font-medium text-brand-800 underline underline-offset-2"
            >
              cookie policy
            </Link>
            .
          </p>
        </div>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Decline
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => {
              acceptAllCookies();
              onClose();
            }}
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
