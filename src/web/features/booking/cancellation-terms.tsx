import { Link } from 'react-router';
import { HOUR_MS } from '../../../domain/constants';
import { ShieldIcon } from '../../components/icons';
import {
  FREE_CANCELLATION_HOURS,
  PARTIAL_REFUND_PERCENT,
  PARTIAL_REFUND_UNTIL_HOURS,
} from '../../lib/policy';
import { formatLongDateOfInstant, formatTime } from './booking-format';

function at(iso: string, hoursBefore: number): string {
  const when = new Date(Date.parse(iso) - hoursBefore * HOUR_MS).toISOString();
  return `${formatTime(when)} on ${formatLongDateOfInstant(when)}`;
}

/**
 * The cancellation policy applied to this appointment's start, with the same numbers as the
 * /cancellation-policy page and the server's refund rule.
 */
export function CancellationTerms({ startsAt }: { startsAt: string }) {
  return (
    <section
      aria-labelledby="cancellation-terms"
      className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-950"
    >
      <ShieldIcon className="h-5 w-5 shrink-0 text-brand-700" />
      <div>
        <h3 id="cancellation-terms" className="font-semibold">
          Cancellation terms
        </h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          <li>
            Free cancellation until {at(startsAt, FREE_CANCELLATION_HOURS)} (
            {FREE_CANCELLATION_HOURS} hours before).
          </li>
          <li>
            {PARTIAL_REFUND_PERCENT}% refund from then until{' '}
            {at(startsAt, PARTIAL_REFUND_UNTIL_HOURS)}.
          </li>
          <li>No refund in the last {PARTIAL_REFUND_UNTIL_HOURS} hours.</li>
        </ul>
        <Link
          to="/cancellation-policy"
          target="_blank"
          className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-2"
        >
          Read the cancellation policy<span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </div>
    </section>
  );
}
