import { Link } from 'react-router';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDateOfInstant } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import type { BookingView } from './api';
import { RatingStars } from './stars';

// A past appointment's review on the appointments page: the customer's own rating with "Edit"
// while it can still be changed, or the way to write one. Only completed bookings have either.

export const reviewPagePath = (bookingId: string) => `/account/appointments/${bookingId}/review`;

export function ReviewSummary({
  booking,
}: {
  booking: Pick<BookingView, 'id' | 'status' | 'review'>;
}) {
  if (booking.status !== 'completed') return null;
  const review = booking.review;
  if (!review) {
    return (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3">
        <p className="text-sm font-semibold text-brand-950">How was it?</p>
        <Link to={reviewPagePath(booking.id)} className={buttonClass('secondary')}>
          Rate this treatment
        </Link>
      </div>
    );
  }
  return (
    <section aria-label="Your review" className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
        Your review <RatingStars rating={review.rating} className="h-4 w-4" />
      </p>
      {review.comment && <p className="mt-1 whitespace-pre-line text-ink/85">{review.comment}</p>}
      {review.hidden ? (
        <p className="mt-1 text-muted">Our team has hidden this review.</p>
      ) : review.editable ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-3">
          <Link
            to={reviewPagePath(booking.id)}
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
          >
            Edit review
          </Link>
          <span className="text-muted">
            until {formatLongDateOfInstant(Date.parse(review.editableUntil), UK_TIME_ZONE)}
          </span>
        </p>
      ) : null}
    </section>
  );
}
