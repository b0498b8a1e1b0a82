import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import type { JoinWaitlistProps } from './join-waitlist-form';

// The way onto the waitlist from the booking steps: one button, and the form (with the account's
// addresses and the contract's schemas) loaded only once it is pressed.

const JoinWaitlistForm = lazy(() => import('./join-waitlist-form'));

export function JoinWaitlist(props: JoinWaitlistProps & { prompt?: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {props.prompt && <p className="text-muted">{props.prompt}</p>}
        <button type="button" className={buttonClass('secondary')} onClick={() => setOpen(true)}>
          Join the waitlist
        </button>
      </div>
    );
  }
  return (
    <Suspense fallback={<p className="text-muted">Loading…</p>}>
      <JoinWaitlistForm {...props} />
    </Suspense>
  );
}
