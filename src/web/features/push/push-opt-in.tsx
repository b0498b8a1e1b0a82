import { useEffect, useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { BellIcon } from '../../components/icons';
import { disablePush, enablePush, readPushState, type PushState } from './push-device';

// "Tell me when my booking changes": the one place permission is asked, after the
// customer has booked or while they look at their account, never on load.

const SAID: Record<Exclude<PushState, 'unsupported'>, string> = {
  off: 'Get a notification on this device when a booking is confirmed, moved or cancelled, and a reminder the day before.',
  on: 'This device is told when a booking is confirmed, moved or cancelled, and reminded the day before.',
  blocked:
    'Notifications are blocked for this site. To get them, allow notifications in your browser’s site settings, then come back here.',
};

const FAILED =
  'We could not turn on notifications on this device. Please try again; your emails still arrive as usual.';
/** The browser's push service did not answer (enablePush gave up waiting). */
const TIMED_OUT =
  'Your browser’s notification service did not answer, so notifications are not on. Please try again later; your emails still arrive as usual.';

export function PushOptIn({ framed = false }: { framed?: boolean }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void readPushState().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;
  // A browser without Web Push gets its emails; the confirmation page offers nothing then.
  if (state === 'unsupported') {
    return framed ? null : (
      <p className="text-sm text-muted">
        This browser cannot show notifications from Glow at Home. Your emails arrive as usual.
      </p>
    );
  }

  const turnOn = async () => {
    setBusy(true);
    setProblem(null);
    const outcome = await enablePush();
    setBusy(false);
    if (outcome === 'on' || outcome === 'blocked') setState(outcome);
    else if (outcome === 'failed') setProblem(FAILED);
    else if (outcome === 'timed-out') setProblem(TIMED_OUT);
  };
  const turnOff = async () => {
    setBusy(true);
    await disablePush();
    setBusy(false);
    setState('off');
  };

  const body = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
        <BellIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-muted" aria-live="polite">
          {SAID[state]}
        </p>
        {problem && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </div>
      {state === 'off' && (
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => void turnOn()}
          disabled={busy}
        >
          {busy ? 'Turning on…' : 'Tell me when my booking changes'}
        </button>
      )}
      {state === 'on' && (
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void turnOff()}
          disabled={busy}
        >
          {busy ? 'Turning off…' : 'Turn off on this device'}
        </button>
      )}
    </div>
  );
  if (!framed) return body;
  return (
    <section
      aria-label="Booking notifications"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      {body}
    </section>
  );
}
