import { useCityRatings } from './api';

// "★ 4.8 (12)" on a therapist card of the booking flow: once the therapist has enough visible
// reviews (the server leaves out those who have not), nothing before. One request for the list.

export function TherapistRating({ city, therapistId }: { city: string; therapistId: string }) {
  const ratings = useCityRatings(city);
  const rating = ratings.data?.find((r) => r.therapistId === therapistId);
  if (!rating) return null;
  return (
    <p className="text-sm text-ink">
      <span aria-hidden="true">
        <span className="text-amber-600">★</span> {rating.average.toFixed(1)} ({rating.count})
      </span>
      <span className="sr-only">
        Rated {rating.average.toFixed(1)} out of 5 from {rating.count} reviews
      </span>
    </p>
  );
}
