import { Link, useParams } from 'react-router';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { firstNameOf, formatLongDateOfInstant } from '../../../domain/format';
import { REVIEW_EDIT_DAYS } from '../../../domain/reviews';
import { ErrorPanel } from '../../components/error-panel';
import { FormMessage } from '../../components/form-fields';
import { ArrowLeftIcon } from '../../components/icons';
import { LoadingBlock } from '../../components/page-heading';
import { PageTitle } from '../../components/section-card';
import { RatingStars, ReviewForm, useReviewedBooking } from '../../features/reviews';
import { isApiError } from '../../lib/api';

// /account/appointments/:id/review: where the "How was your treatment?" email and push lead, and
// the appointments page's "Rate this treatment" and "Edit review" (docs/decisions/0086).

function BackToAppointments() {
  return (
    <Link
      to="/account/appointments"
      className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
    >
      <ArrowLeftIcon className="h-4 w-4" />
      Your appointments
    </Link>
  );
}

export default function AppointmentReviewPage() {
  const { id = '' } = useParams();
  const booking = useReviewedBooking(id);

  if (booking.isPending) return <LoadingBlock label="Loading your appointment…" rows={3} />;
  if (booking.isError) {
    const missing =
      isApiError(booking.error) && (booking.error.isNotFound || booking.error.status === 400);
    return (
      <>
        <title>Review · Glow at Home</title>
        <BackToAppointments />
        {missing ? (
          <PageTitle
            title="Appointment not found"
            intro="That appointment is not in your account."
          />
        ) : (
          <ErrorPanel
            title="We couldn't load your appointment"
            error={booking.error}
            onRetry={() => void booking.refetch()}
            retrying={booking.isFetching}
          />
        )}
      </>
    );
  }

  const b = booking.data;
  const therapist = firstNameOf(b.therapist.name);
  const what = `${b.items
    .filter((i) => !i.isAddOn)
    .map((i) => i.name)
    .join(
      ', ',
    )} with ${therapist}, ${formatLongDateOfInstant(Date.parse(b.startsAt), UK_TIME_ZONE)}`;
  const review = b.review;

  return (
    <>
      <title>How was your treatment? · Glow at Home</title>
      <BackToAppointments />
      <PageTitle title="How was your treatment?" intro={what} />
      <div className="rounded-3xl bg-white p-5 shadow-sm sm:p-7">
        {b.status !== 'completed' ? (
          <FormMessage tone="info">
            You can review this appointment once it has taken place.
          </FormMessage>
        ) : review && !review.editable ? (
          <div className="space-y-2">
            <p className="flex items-center gap-2 font-semibold text-ink">
              Your review <RatingStars rating={review.rating} />
            </p>
            {review.comment && <p className="whitespace-pre-line text-ink/85">{review.comment}</p>}
            <p className="text-sm text-muted">
              {review.hidden
                ? 'Our team has hidden this review.'
                : `Reviews can be changed for ${REVIEW_EDIT_DAYS} days after they are written; this one is now fixed.`}
            </p>
          </div>
        ) : (
          <ReviewForm bookingId={b.id} therapistFirstName={therapist} existing={review} />
        )}
      </div>
    </>
  );
}
