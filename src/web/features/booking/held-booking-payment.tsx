import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { FormMessage } from '../../components/form-fields';
import { BookingNotes, type Me } from '../account';
import { PaymentForm, useGoToBank, type PaymentResult } from '../payment';
import { bookingKeys, payBooking, setBookingCredit, type Booking, type HeldBooking } from './api';
import { CancellationTerms } from './cancellation-terms';
import { HoldCountdown } from './hold-countdown';
import { OrderSummary } from './order-summary';
import { useGoToConfirmation } from './payment-outcome';
import { WalletCreditSwitch } from './wallet-credit-switch';

interface HeldBookingPaymentProps {
  city: string;
  me: Me;
  /** The booking as read, while it is held. */
  booking: Booking;
  /** The last answer about the held booking's money (the hold, the credit switch), if any. */
  lastHold: HeldBooking | null;
  onHoldChanged: (held: HeldBooking) => void;
  referrerName: string | undefined;
  /** The hold ran out before it was paid. */
  onExpired: () => void;
  /** The time is gone with a refused payment, or can no longer be paid for: why. */
  onLetGo: (message: string) => void;
}

/**
 * The checkout's payment step once the time is held: how long it is held, the credit, the order
 * and its terms, then features/payment's form, paying for this booking.
 */
export function HeldBookingPayment({
  city,
  me,
  booking,
  lastHold,
  onHoldChanged,
  referrerName,
  onExpired,
  onLetGo,
}: HeldBookingPaymentProps) {
  const client = useQueryClient();
  const goToConfirmation = useGoToConfirmation();
  const goToBank = useGoToBank();
  const [paying, setPaying] = useState(false);

  const heldAnswer = lastHold?.id === booking.id ? lastHold : null;
  // The latest answer about money wins over a booking read that may not have caught up with it.
  const amounts = heldAnswer
    ? {
        creditAppliedPence: heldAnswer.creditAppliedPence,
        referralDiscountPence: heldAnswer.referralDiscountPence,
        amountDuePence: heldAnswer.amountDuePence,
      }
    : booking;

  // Credit granted or spent elsewhere while the time is held: the live channel refreshes the
  // profile's balance, and the server says again what this booking can use of it, keeping the
  // switch where the customer left it. Not while paying: the amount is fixed until that is decided.
  const balance = me.walletBalancePence;
  const seenBalance = useRef(balance);
  const using = amounts.creditAppliedPence > 0;
  useEffect(() => {
    if (balance === seenBalance.current) return;
    seenBalance.current = balance;
    if (paying) return;
    setBookingCredit(booking.id, using).then(onHoldChanged, () => {
      // No longer held, or offline: the switch's last answer stands and paying says the rest.
    });
  }, [balance, paying, booking.id, using, onHoldChanged]);

  const onResult = (result: PaymentResult) => {
    if (result.status === 'confirmed') {
      goToConfirmation(city, booking.id);
      return;
    }
    // An address we will not follow: the return page asks the server where the payment stands.
    goToBank(result.actionUrl, `/authorisation/confirm?booking=${encodeURIComponent(booking.id)}`);
  };

  return (
    <div className="mt-4 space-y-5">
      {booking.holdExpiresAt && (
        <HoldCountdown expiresAt={booking.holdExpiresAt} onExpired={onExpired} />
      )}
      {heldAnswer?.referralNote && <FormMessage tone="info">{heldAnswer.referralNote}</FormMessage>}
      <WalletCreditSwitch
        bookingId={booking.id}
        creditAppliedPence={amounts.creditAppliedPence}
        availablePence={
          heldAnswer?.walletCreditAvailablePence ??
          Math.min(me.walletBalancePence, booking.totalPricePence - booking.referralDiscountPence)
        }
        balancePence={heldAnswer?.walletBalancePence ?? me.walletBalancePence}
        onChanged={onHoldChanged}
        locked={paying}
      />
      <div>
        <h3 className="font-semibold text-ink">Your order</h3>
        <OrderSummary booking={{ ...booking, ...amounts }} referrerName={referrerName} />
      </div>
      <CancellationTerms terms={booking.terms} queryKey={bookingKeys.booking(booking.id)} />
      {/* Optional: what the therapist should know, and photos (a reference for nails, say). */}
      <BookingNotes booking={booking} />
      <PaymentForm
        amountDuePence={amounts.amountDuePence}
        pay={(request) => payBooking(booking.id, request)}
        me={me}
        onResult={onResult}
        onDeclined={onLetGo}
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
        onLost={onLetGo}
        onBusyChange={setPaying}
      />
    </div>
  );
}
