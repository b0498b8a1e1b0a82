import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ArrowRightIcon, GiftIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/ui-store';
import type { Me } from '../account';
import { AddressChooser, usePreferredAddressId } from './address-chooser';
import { bookingKeys, holdBooking, useBooking, type HeldBooking } from './api';
import { addressLine, firstName } from './booking-format';
import { useBookingStore, useCitySelection } from './booking-store';
import { cardClass, goToStep, SectionTitle } from './checkout-sections';
import { HeldBookingPayment } from './held-booking-payment';
import { HoldNotice, type Notice } from './hold-notice';
import { confirmationPath } from './payment-outcome';
import { holdRefusal, nearestTimesOf } from './refusals';
import { useAbandonHold } from './use-abandon-hold';

/** The steps that need an account: address, hold, payment. */
export function SignedInCheckout({ city, me }: { city: string; me: Me }) {
  const selection = useCitySelection(city);
  const setHeldBooking = useBookingStore((s) => s.setHeldBooking);
  const forgetSlot = useBookingStore((s) => s.forgetSlot);
  const setSlot = useBookingStore((s) => s.setSlot);
  const client = useQueryClient();
  const navigate = useNavigate();
  const abandonHold = useAbandonHold();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The server's refusal of the chosen address (outside the booking's city), shown on the field.
  const [addressError, setAddressError] = useState<string | null>(null);
  // The last answer about the held booking's money: the referral note and the credit available.
  const [lastHold, setLastHold] = useState<HeldBooking | null>(null);
  // The address the times were checked for comes first (docs/decisions/0077).
  const preferredAddressId = usePreferredAddressId(selection.place);
  const chosenAddress = addressId ?? preferredAddressId;
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
    // A time passed in is one of the nearest times offered after a refusal, chosen just now: the
    // selection read here was rendered before it.
    mutationFn: ({ time }: { time?: string }) => {
      const { selectedTherapist } = selection;
      const selectedTime = time ?? selection.selectedTime;
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
      setAddressError(null);
      setLastHold(booking);
      setHeldBooking(booking.id);
      refreshAvailability();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        setNotice({ message: 'Something went wrong. Please try again.', chooseAgain: false });
        return;
      }
      const refusal = holdRefusal(error);
      if (refusal === 'taken' || refusal === 'other-therapist') {
        const title = refusal === 'taken' ? 'That time has just gone' : 'Choose another therapist';
        notify({ type: 'error', title, message: error.detail });
        forgetSlot();
        refreshAvailability();
        void navigate(`/${city}/select-therapist`);
        return;
      }
      if (refusal === 'unreachable') {
        setNotice({
          message: error.detail,
          chooseAgain: true,
          nearestTimes: nearestTimesOf(error),
        });
        return;
      }
      if (refusal === 'address') {
        setNotice(null);
        setAddressError(error.detail);
        goToStep('checkout-address');
        return;
      }
      if (refusal === 'signed-out') {
        void client.invalidateQueries({ queryKey: ['me'] });
        return;
      }
      setNotice({ message: error.detail, chooseAgain: refusal === 'choose-again' });
    },
  });

  // One of the nearest times the therapist can reach the address by: chosen, then held at once,
  // since holding is what the customer had just asked for.
  const chooseNearestTime = (time: string) => {
    const therapist = selection.selectedTherapist;
    if (!therapist) return;
    setSlot(city, therapist, time);
    hold.mutate({ time });
  };

  const letGo = (message: string) => {
    setHeldBooking(null);
    setNotice({ message, chooseAgain: true });
    refreshAvailability();
    if (heldId) void client.invalidateQueries({ queryKey: bookingKeys.booking(heldId) });
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
              place={selection.place}
              value={chosenAddress}
              onChange={(id) => {
                setAddressId(id);
                setAddressError(null);
              }}
              error={addressError}
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
            <HoldNotice
              city={city}
              notice={notice}
              therapist={selection.selectedTherapist && firstName(selection.selectedTherapist.name)}
              busy={hold.isPending}
              onChooseTime={chooseNearestTime}
              onChooseAgain={forgetSlot}
            />
          </div>
        )}
        {booking ? (
          <HeldBookingPayment
            city={city}
            me={me}
            booking={booking}
            lastHold={lastHold}
            onHoldChanged={setLastHold}
            referrerName={selection.referrer?.name}
            onExpired={onExpired}
            onLetGo={letGo}
          />
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
              onClick={() => hold.mutate({})}
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
