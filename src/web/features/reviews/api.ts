import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingView } from '../../../contract/booking';
import type { OwnReview, PublicReview, RatingSummary } from '../../../contract/reviews';
import { api } from '../../lib/api';
import { accountKeys, bookingKey } from '../../lib/query-keys';

// The reviews' calls (docs/decisions/0086). The schemas, and zod with them, load with the first
// call rather than with the page.

export type { BookingView, OwnReview, PublicReview, RatingSummary };

const reviewContract = () => import('../../../contract/reviews');
const bookingContract = () => import('../../../contract/booking');

// Ratings move slowly: a few new reviews a day at most.
const RATINGS_STALE_MS = 5 * 60_000;

export const reviewKeys = {
  cityRatings: (city: string) => ['therapist-ratings', city] as const,
};

/** The booking to review, under the key the live channel and the booking screens share. */
export function useReviewedBooking(id: string) {
  return useQuery({
    queryKey: bookingKey(id),
    queryFn: ({ signal }) =>
      api.get(`/api/bookings/${encodeURIComponent(id)}`, {
        schema: bookingContract().then((m) => m.bookingViewSchema),
        signal,
      }),
  });
}

export function useWriteReview(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { rating: number; comment: string }) =>
      api.post(
        `/api/bookings/${encodeURIComponent(bookingId)}/review`,
        { rating: input.rating, comment: input.comment },
        { schema: (await reviewContract()).ownReviewSchema },
      ),
    onSuccess: (review) => {
      queryClient.setQueryData<BookingView>(bookingKey(bookingId), (old) =>
        old ? { ...old, review } : old,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.appointments });
    },
  });
}

/** Every shown rating of the city's therapists: one request for all the cards of a list. */
export function useCityRatings(city: string) {
  return useQuery({
    queryKey: reviewKeys.cityRatings(city),
    queryFn: async ({ signal }) =>
      (
        await api.get(`/api/cities/${encodeURIComponent(city)}/therapist-ratings`, {
          schema: reviewContract().then((m) => m.cityRatingsAnswer),
          signal,
        })
      ).ratings,
    staleTime: RATINGS_STALE_MS,
  });
}

export function useReportReview(reviewId: string) {
  return useMutation({
    mutationFn: async (reason: string) =>
      api.post(
        `/api/reviews/${encodeURIComponent(reviewId)}/report`,
        { reason },
        { schema: (await reviewContract()).reportAnswer },
      ),
  });
}
