import { useId } from 'react';
import { RATINGS, starsLabel } from '../../../domain/reviews';
import { StarIcon } from './stars';

// The rating as a radio group (docs/decisions/0086): the browser's own radios, so Tab reaches the
// group and the arrow keys move through "1 star" … "5 stars"; each star is a 44-pixel target.

interface StarRatingInputProps {
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  /** The id of an error message about the rating, when there is one. */
  errorId?: string;
}

export function StarRatingInput({ legend, value, onChange, errorId }: StarRatingInputProps) {
  const name = useId();
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="block text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-1.5 flex gap-1">
        {RATINGS.map((n) => (
          <label
            key={n}
            className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 hover:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <StarIcon filled={value !== null && n <= value} className="h-8 w-8" />
            <span className="sr-only">{starsLabel(n)}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-muted" aria-hidden="true">
        {value === null ? 'Choose 1 to 5 stars' : starsLabel(value)}
      </p>
    </fieldset>
  );
}
