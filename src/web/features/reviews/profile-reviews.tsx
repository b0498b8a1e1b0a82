import { useId, useState, type FormEvent } from 'react';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDateOfInstant } from '../../../domain/format';
import { FormMessage, inputClass } from '../../components/form-fields';
import { ShieldIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { useReportReview, type PublicReview, type RatingSummary } from './api';
import { RatingStars } from './stars';

// A profile's reviews (docs/decisions/0086): the average, the count and the latest reviews,
// each a verified booking, and schema.org's AggregateRating for search engines. Nothing at all
// until the therapist has enough reviews: the server answers rating null until then.

interface ProfileReviewsProps {
  name: string;
  url: string;
  photoUrl: string | null;
  rating: RatingSummary | null;
  latestReviews: readonly PublicReview[];
}

/** JSON that can sit inside a <script> element: no "</script", no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function structuredData(p: ProfileReviewsProps, rating: RatingSummary) {
  return {
    '@context': 'https://schema.org',
    '@type': 'HealthAndBeautyBusiness',
    name: p.name,
    url: p.url,
    ...(p.photoUrl ? { image: p.photoUrl } : {}),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

function ReportReview({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportReview(reviewId);
  const id = useId();
  if (report.isSuccess) {
    return <FormMessage tone="success">Thank you: our team will look at this review.</FormMessage>;
  }
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 text-sm text-muted underline underline-offset-2 hover:text-ink"
      >
        Report this review
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(reason);
  };
  const problem = report.error
    ? isApiError(report.error)
      ? report.error.status === 401
        ? 'Please sign in to report a review.'
        : (report.error.errors[0]?.message ?? report.error.detail ?? report.error.title)
      : 'We could not send your report. Please try again.'
    : null;
  return (
    <form onSubmit={submit} className="mt-2 space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        What is wrong with this review?
      </label>
      <input
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
        className={inputClass}
      />
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <button
        type="submit"
        disabled={report.isPending}
        className="min-h-11 rounded-full border border-brand-200 px-4 text-sm font-semibold text-brand-800"
      >
        Send report
      </button>
    </form>
  );
}

export function ProfileReviews(props: ProfileReviewsProps) {
  const { rating, latestReviews } = props;
  if (!rating) return null;
  return (
    <section aria-labelledby="reviews-heading">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(structuredData(props, rating)) }}
      />
      <h2 id="reviews-heading" className="font-display text-2xl font-semibold text-ink">
        Reviews
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-ink">
        <RatingStars rating={rating.average} />
        <span className="font-semibold">{rating.average.toFixed(1)} out of 5</span>
        <span className="text-muted">
          from {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
        </span>
      </p>
      <ul className="mt-4 space-y-3">
        {latestReviews.map((r) => (
          <li key={r.id} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <RatingStars rating={r.rating} className="h-4 w-4" />
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                <ShieldIcon className="h-3.5 w-3.5" />
                Verified booking
              </span>
            </div>
            {r.comment && <p className="mt-2 whitespace-pre-line text-ink/85">{r.comment}</p>}
            <p className="mt-2 text-sm text-muted">
              {r.firstName ?? 'A former customer'} · {r.treatments.join(', ')} ·{' '}
              {formatLongDateOfInstant(Date.parse(r.date), UK_TIME_ZONE)}
            </p>
            <ReportReview reviewId={r.id} />
          </li>
        ))}
      </ul>
    </section>
  );
}
