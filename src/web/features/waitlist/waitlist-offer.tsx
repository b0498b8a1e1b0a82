import { Link } from 'react-router';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDateOfInstant, formatPence, formatUkTime } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { isApiError } from '../../lib/api';
import { useWaitlistOffer, type WaitlistOffer } from './api';

// The page the offer's email and push open: the time held for the customer, and the way on to
// paying for it; or, plainly, that it was taken or the hold ran out (docs/decisions/0089).

interface WaitlistOfferViewProps {
  token: string;
  /** Goes on to pay for the held booking (the route knows the booking flow). */
  onContinue: (offer: WaitlistOffer) => void;
}

export function WaitlistOfferView({ token, onContinue }: WaitlistOfferViewProps) {
  const offer = useWaitlistOffer(token);
  if (offer.isPending) return <p className="text-muted">Loading…</p>;
  if (offer.isError) {
    return (
      <p role="alert" className="text-ink">
        {isApiError(offer.error) && offer.error.isNotFound
          ? 'We could not find this offer for you. It may be for another account: sign in with the email it was sent to.'
          : 'This offer could not be loaded. Please try again.'}
      </p>
    );
  }
  const o = offer.data;
  const at = Date.parse(o.startsAt);
  const when = `${formatLongDateOfInstant(at, UK_TIME_ZONE)} at ${formatUkTime(at, UK_TIME_ZONE)}`;
  return (
    <div className="space-y-4">
      <div className="rounded-2xl border border-brand-100 p-4">
        <p className="font-semibold text-ink">{o.treatmentNames.join(', ')}</p>
        <p className="text-ink">
          {when} with {o.therapist.name}
        </p>
        <p className="text-sm text-muted">
          {o.totalDurationMinutes} minutes · {formatPence(o.totalPricePence)}
        </p>
      </div>
      {o.status === 'offered' ? (
        <>
          <p role="status" className="text-ink">
            This time is held for you alone until{' '}
            <strong>{formatUkTime(Date.parse(o.expiresAt), UK_TIME_ZONE)}</strong>. Pay to book it.
          </p>
          <button type="button" className={buttonClass('primary')} onClick={() => onContinue(o)}>
            Continue to payment
          </button>
        </>
      ) : o.status === 'taken' ? (
        <p role="status" className="text-ink">
          You have booked this time.{' '}
          <Link className="font-semibold text-brand-700 underline" to="/account/appointments">
            See your appointments
          </Link>
          .
        </p>
      ) : (
        <p role="status" className="text-ink">
          This offer has lapsed: the time was held for you for a while and has gone to the next
          person waiting. You are still on the waitlist for other times.{' '}
          <Link className="font-semibold text-brand-700 underline" to="/account">
            Your waitlists
          </Link>
        </p>
      )}
    </div>
  );
}
