import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { BankAuthentication, PaymentReturn, useBookingStore } from '../../features/booking';
import { GiftCardBankAuthentication, GiftCardPaymentReturn } from '../../features/gift-cards';
import { BRAND_NAME } from '../../lib/brand';

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
  const paymentId = params.get('payment');
  const storedCity = useBookingStore((s) => s.selectedLocation);

  return (
    <>
      <title>{`Confirm your payment · ${BRAND_NAME}`}</title>
      {bookingId && paymentId && (
        <BankAuthentication bookingId={bookingId} paymentId={paymentId} fallbackCity={storedCity} />
      )}
      {bookingId && !paymentId && <PaymentReturn bookingId={bookingId} fallbackCity={storedCity} />}
      {!bookingId && giftCardId && paymentId && (
        <GiftCardBankAuthentication giftCardId={giftCardId} paymentId={paymentId} />
      )}
      {!bookingId && giftCardId && !paymentId && <GiftCardPaymentReturn giftCardId={giftCardId} />}
      {!bookingId && !giftCardId && (
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
