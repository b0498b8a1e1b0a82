import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { Icon } from '../../components/icons';
import { useUiStore } from '../../lib/ui-store';
import { signOut } from './session-actions';
import { useCurrentCustomer } from './use-customer';

function PersonIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </Icon>
  );
}

const NO_RETURN = ['/', '/login'];

// Narrower padding on phones, where the header also holds the logo and "Book now".
const compactGhost = buttonClass('ghost').replace('px-5', 'px-2 sm:px-5');

/** The header's way in: "Sign in" for visitors, the account and "Sign out" for customers. */
export function AccountMenu() {
  const { status, me } = useCurrentCustomer();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  if (status === 'loading') return <span className="w-11" aria-hidden="true" />;

  if (status === 'signed-out') {
    const back = NO_RETURN.includes(pathname)
      ? ''
      : `?next=${encodeURIComponent(pathname + search)}`;
    return (
      <Link to={`/login${back}`} className={`${compactGhost} whitespace-nowrap`}>
        <PersonIcon className="h-5 w-5" />
        {/* The phone header has room for the icon only; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Sign in</span>
      </Link>
    );
  }

  const firstName = me?.name.split(/\s+/)[0] ?? '';
  const onSignOut = async () => {
    setLeaving(true);
    // Off the private pages first (waiting for the lazily loaded home page to be in place), so
    // they never answer the emptied profile with a "sign in" redirect on the way out.
    if (pathname.startsWith('/account')) {
      useUiStore.getState().setLeavingAccount(true);
      await navigate('/', { replace: true });
    }
    await signOut(queryClient);
    setLeaving(false);
  };

  return (
    <div className="flex items-center gap-1">
      <Link
        to="/account"
        className={`${compactGhost} whitespace-nowrap`}
        aria-label={firstName ? `Your account (${firstName})` : 'Your account'}
      >
        <PersonIcon className="h-5 w-5" />
        <span className="hidden max-w-32 truncate sm:inline">{firstName || 'Account'}</span>
      </Link>
      {/* Phones sign out from the account page; the header has no room for a second button. */}
      <span className="hidden md:block">
        <button
          type="button"
          className={`${buttonClass('ghost')} whitespace-nowrap`}
          onClick={() => void onSignOut()}
          disabled={leaving}
        >
          Sign out
        </button>
      </span>
    </div>
  );
}
