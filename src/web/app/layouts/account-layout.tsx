import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { PageFrame } from '../../components/page-frame';
import { useMe } from '../../features/auth/use-me';

const ACCOUNT_PAGES = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/addresses', label: 'Addresses', end: false },
  { to: '/account/wallet', label: 'Wallet', end: false },
  { to: '/account/appointments', label: 'Appointments', end: false },
] as const;

function AccountGate() {
  const me = useMe();
  const { pathname, search } = useLocation();

  if (me.isPending) {
    return (
      <p role="status" className="rounded-3xl bg-white p-6 text-muted shadow-sm">
        Loading your account…
      </p>
    );
  }
  if (me.isError) {
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
    return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <Outlet />;
}

/** The account layout of spec 2: the customer's pages under one sub-navigation. */
export function AccountLayout() {
  return (
    <PageFrame>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 md:grid-cols-[13rem_1fr] md:gap-8 md:py-14">
        <nav aria-label="Your account" className="min-w-0 md:sticky md:top-24 md:self-start">
          <p className="mb-3 hidden text-xs font-semibold tracking-widest text-muted uppercase md:block">
            Your account
          </p>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:gap-1 md:px-0">
            {ACCOUNT_PAGES.map((page) => (
              <li key={page.to} className="shrink-0">
                <NavLink
                  to={page.to}
                  end={page.end}
                  className={({ isActive }) =>
                    `block rounded-full px-4 py-2 text-sm font-medium transition-colors md:rounded-xl ${
                      isActive
                        ? 'bg-brand-700 text-white'
                        : 'border border-brand-100 bg-white text-brand-900 hover:bg-brand-50 md:border-transparent md:bg-transparent'
                    }`
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <AccountGate />
        </div>
      </div>
    </PageFrame>
  );
}
