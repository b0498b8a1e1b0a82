import { Link } from 'react-router';
import { FormMessage } from '../../components/form-fields';
import { formatTime } from './booking-format';

/** Why the last try to hold or pay did not go through, and what the customer can do next. */
export interface Notice {
  /** The server's words. */
  message: string;
  /** Offer to go back and choose another time. */
  chooseAgain: boolean;
  /** The therapist's nearest times they can reach the address by (slot_unreachable), if any. */
  nearestTimes?: readonly string[];
}

interface HoldNoticeProps {
  city: string;
  notice: Notice;
  /** The therapist's first name, for the nearest times' heading. */
  therapist: string | null;
  /** Chooses one of the nearest times and holds it, as choosing it on the times page would. */
  onChooseTime: (time: string) => void;
  onChooseAgain: () => void;
  busy: boolean;
}

export function HoldNotice({
  city,
  notice,
  therapist,
  onChooseTime,
  onChooseAgain,
  busy,
}: HoldNoticeProps) {
  const times = notice.nearestTimes ?? [];
  return (
    <FormMessage tone="error">
      <p>{notice.message}</p>
      {times.length > 0 && (
        <div className="mt-3">
          <p className="font-semibold">
            {therapist ? `${therapist} can be with you at:` : 'Times that work for this address:'}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {times.map((time) => (
              <li key={time}>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onChooseTime(time)}
                  className="min-h-11 min-w-20 rounded-xl border border-brand-200 bg-white px-3 font-semibold text-brand-900 tabular-nums hover:border-brand-400 hover:bg-brand-50 disabled:opacity-60"
                >
                  {formatTime(time)}
                  <span className="sr-only"> instead: hold this time</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {notice.chooseAgain && (
        <Link
          to={`/${city}/select-therapist`}
          className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
          onClick={onChooseAgain}
        >
          Choose another time
        </Link>
      )}
    </FormMessage>
  );
}
