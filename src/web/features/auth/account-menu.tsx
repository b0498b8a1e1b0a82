import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { useUiStore } from '../../lib/ui-store';
import { signOut } from './session-actions';
import { compactGhost, PersonIcon, SignInLink } from './sign-in-link';
import { useCurrentCustomer } from './use-customer';

/** The header's way in: "Sign in" for visitors, the account and "Sign out" for customers. */
export function AccountMenu() {
  const { status, me } = useCurrentCustomer();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  if (status === 'loading') return <span className="w-11" aria-hidden="true" />;

  if (status === 'signed-out') return <SignInLink />;

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
