import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { formatPence } from '../../../domain/format';
import { ArrowRightIcon, GiftIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify, useUiStore } from '../../lib/ui-store';
import { FormMessage } from '../../components/form-fields';
import { useCurrentCustomer } from '../auth';
import type { Me } from '../account';
import { AddressChooser, useDefaultAddressId } from './address-chooser';
import {
  bookingKeys,
  holdBooking,
  payBooking,
  useBooking,
  type HeldBooking,
  type PaymentResult,
} from './api';
import { AppointmentDetails } from './appointment-details';
import { addressLine } from './booking-format';
import { UserIcon } from './booking-icons';
import { useBookingStore, useCitySelection } from './booking-store';
import { CancellationTerms } from './cancellation-terms';
import { HoldCountdown } from './hold-countdown';
import { OrderSummary } from './order-summary';
import { paymentActionTarget } from './payment-action';
import { PaymentForm } from './payment-form';
import { confirmationPath, useGoToConfirmation } from './payment-outcome';
import { SelectionSummary } from './selection-summary';
import { useAbandonHold } from './use-abandon-hold';
import { WalletCreditSwitch } from './wallet-credit-switch';

type Notice = { message: string; chooseAgain: boolean } | null;

const TAKEN_MESSAGE =
  'Sorry, someone has just booked that time. Please choose another time: the list is up to date.';

const cardClass = 'rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6';

/**
 * Moves focus to a step's heading and brings it to the top of the screen, clear of the sticky
 * header and step bar (the heading's scroll margin): a plain focus() can leave it under them.
 */
function goToStep(id: string): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

function SectionTitle({ id, step, children }: { id: string; step: number; children: string }) {
  return (
    <h2
      id={id}
      tabIndex={-1}
      // Clear of the site header and the booking steps bar, both sticky (4rem each), with room.
      className="flex scroll-mt-36 items-center gap-3 font-display text-xl font-semibold text-ink focus:outline-none"
    >
      <span
        aria-hidden="true"
        className="grid h-7 w-7 place-items-center rounded-full bg-brand-100 font-sans text-sm font-bold text-brand-800"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

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

/** The steps that need an account: address, hold, payment. */
function SignedInCheckout({ city, me }: { city: string; me: Me }) {
  const selection = useCitySelection(city);
  const setHeldBooking = useBookingStore((s) => s.setHeldBooking);
  const forgetSlot = useBookingStore((s) => s.forgetSlot);
  const client = useQueryClient();
  const navigate = useNavigate();
  const goToConfirmation = useGoToConfirmation();
  const abandonHold = useAbandonHold();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // The last answer about the held booking's money: the referral note and the credit available.
  const [lastHold, setLastHold] = useState<HeldBooking | null>(null);
  const [paying, setPaying] = useState(false);
  const defaultAddressId = useDefaultAddressId();
  const chosenAddress = addressId ?? defaultAddressId;
  const heldId = selection.heldBookingId;
  const held = useBooking(heldId);

  const refreshAvailability = useCallback(
    () => void client.invalidateQueries({ queryKey: bookingKeys.availability }),
    [client],
  );

  // A stored hold from before a reload: resume it, or let it go if it is over.
  useEffect(() => {
    if (!heldId) return;
    if (held.isError) setHeldBooking(null);
    const booking = held.data;
    if (!booking) return;
    if (booking.status === 'confirmed') {
      void navigate(confirmationPath(city, booking.id), { replace: true });
    } else if (
      booking.status !== 'held' ||
      (booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) <= Date.now())
    ) {
      setHeldBooking(null);
    }
  }, [heldId, held.isError, held.data, city, navigate, setHeldBooking]);

  const hold = useMutation({
    mutationFn: () => {
      const { selectedTherapist, selectedTime } = selection;
      if (!selectedTherapist || !selectedTime || !chosenAddress) {
        throw new Error('The booking is not complete');
      }
      return holdBooking({
        city,
        therapistId: selectedTherapist.id,
        treatmentIds: selection.selectedTreatments,
        startsAt: selectedTime,
        addressId: chosenAddress,
        ...(selection.referrer ? { referralCode: selection.referrer.uid } : {}),
        useCredit: true,
      });
    },
    onSuccess: (booking) => {
      setNotice(null);
      setLastHold(booking);
      setHeldBooking(booking.id);
      refreshAvailability();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        notify({ type: 'error', title: 'That time has just gone', message: TAKEN_MESSAGE });
        forgetSlot();
        refreshAvailability();
        void navigate(`/${city}/select-therapist`);
        return;
      }
      if (isApiError(error) && error.status === 401) {
        void client.invalidateQueries({ queryKey: ['me'] });
        return;
      }
      setNotice({
        message: isApiError(error) ? error.detail : 'Something went wrong. Please try again.',
        chooseAgain: isApiError(error) && error.status === 422,
      });
    },
  });

  const letGo = (message: string) => {
    setHeldBooking(null);
    setNotice({ message, chooseAgain: true });
    refreshAvailability();
    if (heldId) void client.invalidateQueries({ queryKey: bookingKeys.booking(heldId) });
  };

  const onResult = (result: PaymentResult) => {
    if (!heldId) return;
    if (result.status === 'confirmed') {
      goToConfirmation(city, heldId);
      return;
    }
    // Our own bank page is a route of this app; a real provider's page (Stripe's hosted 3-D
    // Secure) is on its own origin and needs a full page load.
    const target = paymentActionTarget(result.actionUrl, window.location.origin);
    if (target.kind === 'in-app') void navigate(target.path);
    else if (target.kind === 'external') window.location.assign(target.url);
    // An address we will not follow: the return page asks the server where the payment stands.
    else void navigate(`/authorisation/confirm?booking=${encodeURIComponent(heldId)}`);
  };

  const onExpired = useCallback(() => {
    setHeldBooking(null);
    setNotice({
      message:
        'Your hold on this time has ended and you have not been charged. Hold it again to pay, or choose another time.',
      chooseAgain: true,
    });
    refreshAvailability();
  }, [setHeldBooking, refreshAvailability]);

  const booking = held.data?.status === 'held' ? held.data : null;
  const heldAnswer = booking && lastHold?.id === booking.id ? lastHold : null;
  // The latest answer about money wins over a booking read that may not have caught up with it.
  const amounts = heldAnswer
    ? {
        creditAppliedPence: heldAnswer.creditAppliedPence,
        referralDiscountPence: heldAnswer.referralDiscountPence,
        amountDuePence: heldAnswer.amountDuePence,
      }
    : booking;

  // The button just pressed (sign in, hold, pay) is gone once the step changes; carry keyboard and
  // screen-reader users to the section that now needs them instead of leaving focus nowhere.
  const stage = booking ? 'pay' : notice ? 'notice' : 'address';
  const lastStage = useRef<string | null>(null);
  useEffect(() => {
    const first = lastStage.current === null;
    lastStage.current = stage;
    // Not on arrival (including just after signing in): the page is read from the top then.
    if (first) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    goToStep('checkout-payment');
  }, [stage]);

  // "Use this address" is gone with its form once saved: on to payment, in view, below the bars.
  // Called once the saved address's list is laid out, so the scroll lands where it stays.
  const onAddressSaved = useCallback(() => goToStep('checkout-payment'), []);

  return (
    <>
      <section aria-labelledby="checkout-account" className={cardClass}>
        <SectionTitle id="checkout-account" step={1}>
          Your details
        </SectionTitle>
        <p className="mt-2 text-muted">
          Booking as <span className="font-semibold text-ink">{me.name}</span> ({me.email})
        </p>
      </section>

      <section aria-labelledby="checkout-address" className={cardClass}>
        <SectionTitle id="checkout-address" step={2}>
          Where should we come?
        </SectionTitle>
        <div className="mt-4">
          {booking ? (
            <div className="flex flex-wrap items-start justify-between gap-3">
              {booking.address && <p className="text-ink">{addressLine(booking.address)}</p>}
              <button
                type="button"
                className="text-sm font-semibold text-brand-800 underline underline-offset-2"
                onClick={() => void abandonHold()}
              >
                Change address
              </button>
            </div>
          ) : (
            <AddressChooser
              value={chosenAddress}
              onChange={setAddressId}
              onAddressSaved={onAddressSaved}
            />
          )}
        </div>
      </section>

      <section aria-labelledby="checkout-payment" className={cardClass}>
        <SectionTitle id="checkout-payment" step={3}>
          Payment
        </SectionTitle>
        {notice && (
          <div className="mt-4">
            <FormMessage tone="error">
              <p>{notice.message}</p>
              {notice.chooseAgain && (
                <Link
                  to={`/${city}/select-therapist`}
                  className="mt-2 inline-block font-semibold underline underline-offset-2"
                  onClick={() => forgetSlot()}
                >
                  Choose another time
                </Link>
              )}
            </FormMessage>
          </div>
        )}
        {booking ? (
          <div className="mt-4 space-y-5">
            {booking.holdExpiresAt && (
              <HoldCountdown expiresAt={booking.holdExpiresAt} onExpired={onExpired} />
            )}
            {heldAnswer?.referralNote && (
              <FormMessage tone="info">{heldAnswer.referralNote}</FormMessage>
            )}
            <WalletCreditSwitch
              bookingId={booking.id}
              creditAppliedPence={amounts?.creditAppliedPence ?? 0}
              availablePence={heldAnswer?.walletCreditAvailablePence ?? me.walletBalancePence}
              onChanged={setLastHold}
              locked={paying}
            />
            <div>
              <h3 className="font-semibold text-ink">Your order</h3>
              <OrderSummary
                booking={{ ...booking, ...amounts }}
                referrerName={selection.referrer?.name}
              />
            </div>
            <CancellationTerms startsAt={booking.startsAt} />
            <PaymentForm
              amountDuePence={amounts?.amountDuePence ?? booking.amountDuePence}
              pay={(request) => payBooking(booking.id, request)}
              me={me}
              onResult={onResult}
              onDeclined={letGo}
              // The hold runs on (its end may have moved while the bank answered): show it afresh.
              onDeclinedHoldKept={() =>
                void client.invalidateQueries({ queryKey: bookingKeys.booking(booking.id) })
              }
              // Arriving on select-therapist lets the held time go (useAbandonHoldOnArrival).
              afterDecline={
                <Link
                  to={`/${city}/select-therapist`}
                  className={`${buttonClass('secondary')} mt-3 w-full`}
                >
                  Choose another time
                </Link>
              }
              onLost={letGo}
              onBusyChange={setPaying}
            />
          </div>
        ) : heldId && held.isPending ? (
          <p role="status" className="mt-4 text-muted">
            Loading your booking…
          </p>
        ) : (
          <div className="mt-4">
            {selection.referrer && (
              <p className="mb-3 flex items-start gap-2 rounded-2xl bg-brand-50 p-3 text-sm text-brand-950">
                <GiftIcon className="h-5 w-5 shrink-0 text-brand-700" />
                <span>
                  {selection.referrer.name}&rsquo;s referral gives{' '}
                  {formatPence(selection.referrer.value)} off your first booking. It is taken off
                  when we hold your time.
                </span>
              </p>
            )}
            <p className="text-sm text-muted">
              We hold your time for a few minutes while you pay, so nobody else can take it.
            </p>
            <button
              type="button"
              className={`${buttonClass('primary', 'lg')} mt-4 w-full sm:w-auto`}
              disabled={!chosenAddress || hold.isPending}
              onClick={() => hold.mutate()}
            >
              {hold.isPending
                ? 'Holding your time…'
                : notice
                  ? 'Hold this time and pay'
                  : 'Continue to payment'}
              <ArrowRightIcon className="h-5 w-5" />
            </button>
            {!chosenAddress && (
              <p className="mt-2 text-sm text-muted">Add your address above to continue.</p>
            )}
          </div>
        )}
      </section>
    </>
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
