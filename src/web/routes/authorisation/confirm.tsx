import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import {
  useBookingBankCheck,
  useBookingPaymentReturn,
  useBookingStore,
} from '../../features/booking';
import { useGiftCardBankCheck, useGiftCardPaymentReturn } from '../../features/gift-cards';
import { DemoBankCheck, PaymentReturn } from '../../features/payment';
import { useTipBankCheck, useTipPaymentReturn } from '../../features/tips';
import { BRAND_NAME } from '../../lib/brand';

// The pages are features/payment's, which knows no purchase; what the bank's answer means for the
// purchase named in the address (a booking, a gift card order) is that purchase's feature's.

function BookingBankCheck(props: {
  bookingId: string;
  paymentId: string;
  fallbackCity: string | null;
}) {
  const outcome = useBookingBankCheck(props.bookingId, props.fallbackCity);
  return <DemoBankCheck paymentId={props.paymentId} {...outcome} />;
}

function BookingPaymentReturn(props: { bookingId: string; fallbackCity: string | null }) {
  const check = useBookingPaymentReturn(props.bookingId, props.fallbackCity);
  return <PaymentReturn {...check} />;
}

function GiftCardBankCheck(props: { giftCardId: string; paymentId: string }) {
  const outcome = useGiftCardBankCheck(props.giftCardId);
  return <DemoBankCheck paymentId={props.paymentId} {...outcome} />;
}

function GiftCardPaymentReturn(props: { giftCardId: string }) {
  const check = useGiftCardPaymentReturn(props.giftCardId);
  return <PaymentReturn {...check} />;
}

function TipBankCheck(props: { tipId: string; paymentId: string }) {
  const outcome = useTipBankCheck(props.tipId);
  return <DemoBankCheck paymentId={props.paymentId} {...outcome} />;
}

function TipPaymentReturn(props: { tipId: string }) {
  const check = useTipPaymentReturn(props.tipId);
  return <PaymentReturn {...check} />;
}

/**
 * /authorisation/confirm in the payment layout (docs/product.md#pages). With ?payment= it is the
 * demo provider's bank page; without, it is where a real provider's own page sends the customer
 * back.
 */
export default function AuthorisationConfirmPage() {
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  // A gift card order is paid the same way: ?gift_card= instead of ?booking=.
  const giftCardId = params.get('gift_card');
  // And a tip after an appointment: ?tip= (docs/decisions/0087).
  const tipId = !bookingId && !giftCardId ? params.get('tip') : null;
  const paymentId = params.get('payment');
  const storedCity = useBookingStore((s) => s.selectedLocation);

  return (
    <>
      <title>{`Confirm your payment · ${BRAND_NAME}`}</title>
      {bookingId && paymentId && (
        <BookingBankCheck bookingId={bookingId} paymentId={paymentId} fallbackCity={storedCity} />
      )}
      {bookingId && !paymentId && (
        <BookingPaymentReturn bookingId={bookingId} fallbackCity={storedCity} />
      )}
      {!bookingId && giftCardId && paymentId && (
        <GiftCardBankCheck giftCardId={giftCardId} paymentId={paymentId} />
      )}
      {!bookingId && giftCardId && !paymentId && <GiftCardPaymentReturn giftCardId={giftCardId} />}
      {tipId && paymentId && <TipBankCheck tipId={tipId} paymentId={paymentId} />}
      {tipId && !paymentId && <TipPaymentReturn tipId={tipId} />}
      {!bookingId && !giftCardId && !tipId && (
        <>
          <h1 className="font-display text-3xl font-semibold text-ink">Nothing to confirm</h1>
          <p className="mt-3 text-muted">
            This link is incomplete. Please start your booking again.
          </p>
          <Link to="/?city=reset" className={`${buttonClass('primary')} mt-6`}>
            Go to the booking system
          </Link>
        </>
      )}
    </>
  );
}
