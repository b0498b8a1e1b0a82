// Verified reviews on the web (docs/decisions/0086): the appointment's own review, the therapist
// card's rating, the profile's reviews, and the review page's form (in that page's chunk only).
export { useReviewedBooking } from './api';
export { ReviewForm } from './review-form';
export { ProfileReviews } from './profile-reviews';
export { RatingStars } from './stars';
export { reviewPagePath, ReviewSummary } from './review-summary';
export { TherapistRating } from './therapist-rating';
