import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CalendarIcon, HomeIcon, ShieldIcon } from '../components/icons';
import {
  handleRedirectError,
  LoginPanel,
  safeNextPath,
  useCurrentCustomer,
  useReturnedError,
} from '../features/auth';

const PERKS = [
  { icon: CalendarIcon, text: 'Your upcoming and past appointments in one place' },
  { icon: HomeIcon, text: 'Saved addresses, so booking takes seconds' },
  { icon: ShieldIcon, text: 'Secure sign-in; we never see your card number' },
] as const;

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = useCurrentCustomer();
  const headingId = useId();
  const next = safeNextPath(params.get('next'));
  const error = params.get('error');
  // While a returned error is being dealt with (it may sign out), don't treat a session as final.
  const [settling, setSettling] = useState(!!error);

  useReturnedError((code) => {
    setSettling(true);
    void handleRedirectError(code, queryClient).finally(() => setSettling(false));
  });

  // docs/product.md#pages: a signed-in customer who opens /login goes to their account (or where
  // they were going).
  if (!error && !settling && customer.status === 'signed-in') {
    return <Navigate to={next} replace />;
  }

  return (
    <>
      <title>Sign in · Glow at Home</title>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[1fr_20rem] md:py-14 lg:grid-cols-[1fr_24rem]">
        <section
          aria-labelledby={headingId}
          className="rounded-3xl bg-white p-5 shadow-sm sm:p-8 md:order-1"
        >
          {customer.status === 'loading' || settling ? (
            <p className="text-muted" role="status">
              Checking whether you are signed in…
            </p>
          ) : (
            <LoginPanel
              headingId={headingId}
              returnTo={next}
              onSignedIn={() => void navigate(next, { replace: true })}
            />
          )}
        </section>
        <aside className="order-last rounded-3xl bg-gradient-to-br from-brand-100 via-brand-50 to-white p-6 md:order-2 md:self-start">
          <h2 className="font-display text-xl font-semibold text-ink">Your Glow at Home account</h2>
          <ul className="mt-4 space-y-4">
            {PERKS.map((perk) => (
              <li key={perk.text} className="flex gap-3 text-sm text-ink">
                <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-white text-brand-700">
                  <perk.icon className="h-5 w-5" />
                </span>
                <span className="pt-2">{perk.text}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
