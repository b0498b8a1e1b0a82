import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { REVIEW_COMMENT_MAX } from '../../../domain/reviews';
import { FormMessage, inputClass, SubmitButton } from '../../components/form-fields';
import { isApiError } from '../../lib/api';
import { useWriteReview, type OwnReview } from './api';
import { StarRatingInput } from './star-rating-input';

// Writing or changing a review: the stars and an optional comment with its character count.
// Only the review page shows it, so it travels in that page's chunk, never with the home page.

const count = (n: number) => n.toLocaleString('en-GB');

interface ReviewFormProps {
  bookingId: string;
  therapistFirstName: string;
  existing: OwnReview | null;
}

export function ReviewForm({ bookingId, therapistFirstName, existing }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [missingRating, setMissingRating] = useState(false);
  const write = useWriteReview(bookingId);
  const commentId = useId();
  const countId = useId();
  const ratingErrorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setMissingRating(true);
      return;
    }
    write.mutate({ rating, comment: comment.trim() });
  };
  const problem = write.error
    ? isApiError(write.error)
      ? (write.error.detail ?? write.error.title)
      : 'We could not save your review. Please try again.'
    : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StarRatingInput
        legend={`Your rating of ${therapistFirstName}'s treatment`}
        value={rating}
        onChange={(n) => {
          setRating(n);
          setMissingRating(false);
        }}
        errorId={missingRating ? ratingErrorId : undefined}
      />
      {missingRating && (
        <p id={ratingErrorId} role="alert" className="text-sm font-medium text-red-700">
          Choose a rating from 1 to 5 stars.
        </p>
      )}
      <div>
        <label htmlFor={commentId} className="block text-sm font-semibold text-ink">
          Tell others about it <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={5}
          aria-describedby={countId}
          className={`${inputClass} mt-1.5`}
        />
        <p id={countId} className="mt-1 text-sm text-muted">
          {count(comment.length)} of {count(REVIEW_COMMENT_MAX)} characters
        </p>
      </div>
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      {write.isSuccess && (
        <FormMessage tone="success">
          Thank you: your review is saved. You can change it until{' '}
          {new Date(write.data.editableUntil).toLocaleDateString('en-GB', {
            day: 'numeric',
            month: 'long',
          })}
          .{' '}
          <Link to="/account/appointments" className="font-semibold underline underline-offset-2">
            Back to your appointments
          </Link>
        </FormMessage>
      )}
      <SubmitButton busy={write.isPending} busyLabel="Saving…">
        {existing ? 'Save changes' : 'Send review'}
      </SubmitButton>
    </form>
  );
}
