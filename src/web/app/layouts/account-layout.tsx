import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { PageFrame } from '../page-frame';
import { SectionNav } from '../../components/section-nav';
import { useMe } from '../../features/auth';
import { isApiError } from '../../lib/api';
import { useUiStore } from '../../lib/ui-store';

const ACCOUNT_PAGES = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/addresses', label: 'Addresses', end: false },
  { to: '/account/wallet', label: 'Wallet', end: false },
  { to: '/account/appointments', label: 'Appointments', end: false },
] as const;

/** A route's handle: the page shows what it kept from the last visit when the network is down. */
export interface OfflineHandle {
  worksOffline: true;
}

const worksOffline = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && 'worksOffline' in handle;

function AccountGate() {
  const me = useMe();
  const pageWorksOffline = worksOffline(useMatches().at(-1)?.handle);
  const { pathname, search } = useLocation();
  const leaving = useUiStore((s) => s.leavingAccount);
  // The way home after a sign-out is over once these pages are gone.
  useEffect(() => () => useUiStore.getState().setLeavingAccount(false), []);

  if (me.isPending) {
    return (
      <p role="status" className="rounded-3xl bg-white p-6 text-muted shadow-sm">
        Loading your account…
      </p>
    );
  }
  const offline = me.isError && isApiError(me.error) && me.error.isNetworkError;
  if (me.isError && !(offline && pageWorksOffline)) {
    return (
      <ErrorPanel
        title="We couldn't load your account"
        error={me.error}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }
  // Signed out: sign in first, then straight back here.
  if (me.data === null) {
    // The home page may still be loading when the profile is emptied: keep heading there.
    if (leaving) return <Navigate to="/" replace />;
    return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <Outlet />;
}

/** The account layout (docs/product.md#pages): the customer's pages under one sub-navigation. */
export function AccountLayout() {
  return (
    <PageFrame>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 md:grid-cols-[13rem_1fr] md:gap-8 md:py-14">
        <SectionNav label="Your account" heading="Your account" pages={ACCOUNT_PAGES} />
        <div className="min-w-0">
          <AccountGate />
        </div>
      </div>
    </PageFrame>
  );
}
