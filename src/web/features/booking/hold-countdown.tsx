import { useEffect, useState } from 'react';
import { ClockIcon } from '../../components/icons';
import { formatTimeLeft } from './booking-format';

/**
 * Time left on the slot hold, in words ("9 min 58 s left"), so it is not read as the
 * appointment's time. It ticks every second but is a timer, which screen readers do not
 * announce; they hear only the last-minute warning.
 */
export function HoldCountdown({
  expiresAt,
  onExpired,
}: {
  expiresAt: string;
  onExpired: () => void;
}) {
  const end = Date.parse(expiresAt);
  const [left, setLeft] = useState(() => end - Date.now());

  useEffect(() => {
    const tick = () => {
      const remaining = end - Date.now();
      setLeft(remaining);
      if (remaining <= 0) onExpired();
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [end, onExpired]);

  const lastMinute = left <= 60_000;
  return (
    <div
      className={`flex items-center gap-2 rounded-xl px-3 py-2 text-sm ${
        lastMinute ? 'bg-amber-50 text-amber-900' : 'bg-white text-ink'
      }`}
    >
      <ClockIcon className="h-4 w-4 shrink-0" />
      <p>
        This time is yours while you pay:{' '}
        <span role="timer" className="font-semibold tabular-nums">
          {formatTimeLeft(left)}
        </span>
        .
      </p>
      <p className="sr-only" aria-live="polite">
        {lastMinute && left > 0
          ? 'Less than a minute left to pay before the time is released.'
          : ''}
      </p>
    </div>
  );
}
