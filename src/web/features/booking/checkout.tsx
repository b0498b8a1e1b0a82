import { useEffect, useRef } from 'react';
import { buttonClass } from '../../components/button-styles';
import { FormMessage } from '../../components/form-fields';
import { useUiStore } from '../../lib/ui-store';
import { useCurrentCustomer } from '../auth';
import { useBooking } from './api';
import { AppointmentDetails } from './appointment-details';
import { UserIcon } from './booking-icons';
import { useCitySelection } from './booking-store';
import { cardClass, goToStep, SectionTitle } from './checkout-sections';
import { SelectionSummary } from './selection-summary';
import { SignedInCheckout } from './signed-in-checkout';

function SignInStep() {
  const setShowLogin = useUiStore((s) => s.setShowLoginModal);
  return (
    <div className="mt-3">
      <p className="text-muted">Sign in or create an account to book. It takes a minute.</p>
      <button
        type="button"
        className={`${buttonClass('primary', 'lg')} mt-4 w-full sm:w-auto`}
        onClick={() => setShowLogin(true)}
      >
        <UserIcon className="h-5 w-5" />
        Sign in to book
      </button>
    </div>
  );
}

/** Confirm-booking: review, sign in, address, hold the slot, pay. */
export function Checkout({ city }: { city: string }) {
  // The session as well as the profile: signing in through the modal changes the session, which
  // re-renders this page with the new customer.
  const { status, me } = useCurrentCustomer();
  const wasSignedOut = useRef(false);
  const loginOpen = useUiStore((s) => s.showLoginModal) === true;

  // Signed in through the modal: the button that opened it is gone, so start at the next step.
  useEffect(() => {
    if (status === 'signed-out') wasSignedOut.current = true;
    if (status !== 'signed-in' || !me || loginOpen || !wasSignedOut.current) return;
    wasSignedOut.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) goToStep('checkout-account');
  }, [status, me, loginOpen]);
  const selection = useCitySelection(city);
  const held = useBooking(selection.heldBookingId);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <div className="space-y-6">
        {status === 'loading' && (
          <p role="status" className={cardClass}>
            Checking your account…
          </p>
        )}
        {status === 'signed-out' && (
          <section aria-labelledby="checkout-sign-in" className={cardClass}>
            <SectionTitle id="checkout-sign-in" step={1}>
              Sign in
            </SectionTitle>
            <SignInStep />
          </section>
        )}
        {status === 'signed-in' && !me && (
          <FormMessage tone="error">
            We couldn&rsquo;t load your account. Please reload the page.
          </FormMessage>
        )}
        {me && <SignedInCheckout city={city} me={me} />}
      </div>
      {/* First on a phone: what is being booked comes before how to pay for it. */}
      <aside
        aria-labelledby="checkout-summary"
        className={`${cardClass} order-first lg:sticky lg:top-36 lg:order-none`}
      >
        <h2 id="checkout-summary" className="font-display text-xl font-semibold text-ink">
          Your appointment
        </h2>
        <div className="mt-4">
          {held.data?.status === 'held' ? (
            <AppointmentDetails booking={held.data} />
          ) : (
            <SelectionSummary city={city} />
          )}
        </div>
      </aside>
    </div>
  );
}
