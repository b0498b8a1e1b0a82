import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { useSessionHint } from '../features/auth';
import { ToastRegion } from '../features/notifications';
import { useUiStore } from '../lib/ui-store';
import { useRouteChange } from './use-route-change';
import { SkipLink } from '../components/skip-link';

// What the shell holds beyond the page is loaded after the first paint (decision 0040): the
// first download carries the page a visitor asked for, not sign-in forms nor the booking state.
const LoginModal = lazy(() =>
  import('./deferred/login-modal').then((m) => ({ default: m.LoginModal })),
);
const SessionWatcher = lazy(() =>
  import('./deferred/session').then((m) => ({ default: m.SessionWatcher })),
);
const CookieBanner = lazy(() =>
  import('./deferred/overlays').then((m) => ({ default: m.CookieBanner })),
);
const UpdateCard = lazy(() =>
  import('./deferred/overlays').then((m) => ({ default: m.UpdateCard })),
);
const ReferralLanding = lazy(() =>
  import('./deferred/referral-landing').then((m) => ({ default: m.ReferralLanding })),
);

// Every fresh page load has the key "default", so keying by it alone would carry one page's scroll
// position into the next URL typed in the same tab; fall back to the path for those loads.
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

/** The login modal's code arrives the first time something asks for it, then stays. */
function LoginModalWhenAsked() {
  const asked = useUiStore((s) => s.showLoginModal) !== null;
  return asked ? <LoginModal /> : null;
}

/** A referral link (?ref=CODE) is handled by code that other visits never download. */
function ReferralLandingWhenLinked() {
  const linked = new URLSearchParams(useLocation().search).has('ref');
  // Once mounted it stays, so the check it started finishes after it takes ?ref off the address.
  const [mounted, setMounted] = useState(linked);
  if (linked && !mounted) setMounted(true);
  return mounted ? <ReferralLanding /> : null;
}

/** Watching the session needs the auth client: loaded once someone is signed in, or it is here. */
function SessionWatcherWhenNeeded() {
  return useSessionHint() === 'full' ? <SessionWatcher /> : null;
}

/** Wraps every layout: things that belong to the app rather than to any one page. */
export function AppShell() {
  useRouteChange();
  return (
    <>
      <LoadingBar />
      <ScrollRestoration getKey={scrollKey} />
      {/* Before the page: the skip link is the first stop, the cookie choice the next. */}
      <SkipLink />
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
      <Outlet />
      <ToastRegion />
      {/* One boundary each: one arriving late never hides another already on screen. */}
      <Suspense fallback={null}>
        <UpdateCard />
      </Suspense>
      <Suspense fallback={null}>
        <LoginModalWhenAsked />
      </Suspense>
      <Suspense fallback={null}>
        <SessionWatcherWhenNeeded />
      </Suspense>
      <Suspense fallback={null}>
        <ReferralLandingWhenLinked />
      </Suspense>
    </>
  );
}
