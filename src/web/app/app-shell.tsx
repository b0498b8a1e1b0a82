import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { LoginModal, SessionWatcher } from '../features/auth';
import { CookieBanner } from '../features/consent';
import { ToastRegion } from '../features/notifications';
import { UpdateCard } from '../features/pwa';
import { ReferralLanding } from '../features/referrals';
import { useRouteChange } from './use-route-change';

// Every fresh page load has the key "default", so keying by it alone would carry one page's scroll
// position into the next URL typed in the same tab; fall back to the path for those loads.
const scrollKey = (location: Location) =>
  location.key === 'default' ? location.pathname : location.key;

/** Wraps every layout: things that belong to the app rather than to any one page. */
export function AppShell() {
  useRouteChange();
  return (
    <>
      <LoadingBar />
      <ScrollRestoration getKey={scrollKey} />
      {/* Before the page: keyboard users reach the cookie choice first, then the skip link. */}
      <CookieBanner />
      <Outlet />
      <ToastRegion />
      <UpdateCard />
      <LoginModal />
      <SessionWatcher />
      <ReferralLanding />
    </>
  );
}
