import { starsLabel } from '../../../domain/reviews';

// Stars drawn, never read: each use says the rating in words beside them (sr-only or visible).

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export function StarIcon({
  filled,
  className = 'h-5 w-5',
}: {
  filled: boolean;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={`${className} ${filled ? 'fill-amber-500 text-amber-600' : 'fill-none text-brand-300'}`}
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinejoin="round"
    >
      <path d={STAR_PATH} />
    </svg>
  );
}

/** A rating as five stars, with its words for screen readers. */
export function RatingStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= Math.round(rating)} className={className} />
      ))}
      <span className="sr-only">{starsLabel(rating)}</span>
    </span>
  );
}
