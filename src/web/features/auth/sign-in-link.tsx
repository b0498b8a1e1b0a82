import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { Icon } from '../../components/icons';

export function PersonIcon({ className }: { className?: string }) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </Icon>
  );
}

const NO_RETURN = ['/', '/login'];

// Narrower padding on phones, where the header also holds the logo and "Book now".
export const compactGhost = buttonClass('ghost').replace('px-5', 'px-2 sm:px-5');

/** "Sign in" in the header, coming back to this page afterwards (except from home and /login). */
export function SignInLink() {
  const { pathname, search } = useLocation();
  const back = NO_RETURN.includes(pathname) ? '' : `?next=${encodeURIComponent(pathname + search)}`;
  return (
    <Link to={`/login${back}`} className={`${compactGhost} whitespace-nowrap`}>
      <PersonIcon className="h-5 w-5" />
      {/* The phone header has room for the icon only; the name stays for screen readers. */}
      <span className="sr-only sm:not-sr-only">Sign in</span>
    </Link>
  );
}
