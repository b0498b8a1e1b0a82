import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDate, formatLongDateOfInstant, formatUkTime } from '../../../domain/format';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { useLeaveWaitlist, useWaitlist, type WaitlistEntry } from './api';

// The account page's list of what the customer is waiting for, with the time held for each now
// and "Leave" (docs/decisions/0089).

const STATUS_WORDS: Record<WaitlistEntry['status'], string> = {
  waiting: 'Waiting',
  fulfilled: 'Booked',
  left: 'Left',
  expired: 'Ended',
};

function describe(e: WaitlistEntry): string {
  const days =
    e.from === e.to
      ? formatLongDate(e.from)
      : `${formatLongDate(e.from)} to ${formatLongDate(e.to)}`;
  const times =
    e.earliest && e.latest
      ? `, starting ${e.earliest}–${e.latest}`
      : e.earliest
        ? `, from ${e.earliest}`
        : e.latest
          ? `, starting by ${e.latest}`
          : '';
  const who = e.therapistName ? ` with ${e.therapistName}` : '';
  return `${days}${times}${who}, ${e.cityName} (${e.postcode})`;
}

export function WaitlistList() {
  const list = useWaitlist();
  const leave = useLeaveWaitlist();
  if (list.isPending) return <p className="text-muted">Loading…</p>;
  if (list.isError) return <p className="text-muted">Your waitlists could not be loaded.</p>;
  const entries = list.data.filter((e) => e.status === 'waiting');
  if (entries.length === 0) {
    return (
      <p className="text-muted">
        You are not waiting for any time. When no time suits you, join the waitlist from the
        booking&apos;s date or time step.
      </p>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Your waitlists">
      {entries.map((e) => (
        <li
          key={e.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 p-4"
        >
          <div>
            <p className="font-semibold text-ink">{e.treatmentNames.join(', ')}</p>
            <p className="text-sm text-muted">{describe(e)}</p>
            <p className="text-sm text-muted">{STATUS_WORDS[e.status]}</p>
            {e.offer && (
              <p className="mt-1 text-sm font-medium text-ink">
                Held for you: {formatLongDateOfInstant(Date.parse(e.offer.startsAt), UK_TIME_ZONE)}{' '}
                at {formatUkTime(Date.parse(e.offer.startsAt), UK_TIME_ZONE)} with{' '}
                {e.offer.therapistName}.{' '}
                <Link
                  className="font-semibold text-brand-700 underline"
                  to={`/account?offer=${encodeURIComponent(e.offer.token)}`}
                >
                  Take this time
                </Link>
              </p>
            )}
          </div>
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={leave.isPending && leave.variables === e.id}
            onClick={() => leave.mutate(e.id)}
            aria-label={`Leave the waitlist for ${e.treatmentNames.join(', ')}, ${describe(e)}`}
          >
            Leave
          </button>
        </li>
      ))}
    </ul>
  );
}
