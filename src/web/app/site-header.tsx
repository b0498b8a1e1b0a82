import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../lib/brand';
import { BookNowLink } from '../features/booking';
import { LogoMark } from '../components/icons';
import { SignInLink, useSessionHint } from '../features/auth';

// Who is signed in comes from the auth client, loaded after the first paint (decision 0040), and
// only when someone is (decision 0054). Until then the menu holds the place it holds while the
// session is asked for.
const AccountMenu = lazy(() =>
  import('./deferred/session').then((m) => ({ default: m.AccountMenu })),
);
const menuPlaceholder = <span className="w-11" aria-hidden="true" />;

function HeaderAccount() {
  const hint = useSessionHint();
  if (hint === 'signed-out') return <SignInLink />;
  if (hint === 'unknown') return menuPlaceholder;
  return (
    <Suspense fallback={menuPlaceholder}>
      <AccountMenu />
    </Suspense>
  );
}

export function SiteHeader() {
  return (
    // Opaque: page text scrolling under a translucent header showed through it, blurred.
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="group flex items-center gap-2.5 rounded-lg text-brand-700"
          aria-label={`${BRAND_NAME} home`}
        >
          <LogoMark className="h-8 w-8 transition-transform group-hover:rotate-6" />
          <span className="font-display text-lg font-semibold tracking-tight whitespace-nowrap text-ink sm:text-xl">
            Glow <span className="text-brand-700 italic">at</span> Home
          </span>
        </Link>
        <div className="flex items-center gap-0.5 sm:gap-2">
          <HeaderAccount />
          <BookNowLink />
        </div>
      </div>
    </header>
  );
}
