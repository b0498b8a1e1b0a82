import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AlertIcon,
  BellIcon,
  CheckCircleIcon,
  CloseIcon,
  InfoIcon,
  RefreshIcon,
} from '../../components/icons';
import { focusMainIfInside } from '../../lib/focus';
import {
  NOTIFICATION_TIMEOUT_MS,
  useUiStore,
  type AppNotification,
  type NotificationType,
} from '../../lib/ui-store';

const STYLES: Record<NotificationType, { accent: string; icon: ReactNode; label: string }> = {
  error: { accent: 'text-red-700 bg-red-50', icon: <AlertIcon />, label: 'Error' },
  success: { accent: 'text-emerald-700 bg-emerald-50', icon: <CheckCircleIcon />, label: 'Done' },
  info: { accent: 'text-sky-800 bg-sky-50', icon: <InfoIcon />, label: 'Information' },
  push: { accent: 'text-brand-700 bg-brand-50', icon: <BellIcon />, label: 'Notification' },
  'sw-update': { accent: 'text-brand-700 bg-brand-50', icon: <RefreshIcon />, label: 'Update' },
};

function ViewLink({ href }: { href: string }) {
  const className =
    'mt-2 inline-flex rounded text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950';
  // Push messages may point off-site; only same-site paths go through the router.
  return href.startsWith('/') && !href.startsWith('//') ? (
    <Link to={href} className={className}>
      View
    </Link>
  ) : (
    <a href={href} className={className} rel="noopener noreferrer">
      View
    </a>
  );
}

function Toast({ notification }: { notification: AppNotification }) {
  const clear = useUiStore((s) => s.clearNotification);
  const ref = useRef<HTMLDivElement>(null);
  // Hover or focus pauses the countdown so nobody loses a message while reading it.
  const [paused, setPaused] = useState(false);
  const style = STYLES[notification.type];

  useEffect(() => {
    if (notification.static || paused) return;
    const timer = window.setTimeout(() => {
      focusMainIfInside(ref.current);
      clear(notification.id);
    }, NOTIFICATION_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [notification.id, notification.static, paused, clear]);

  const dismiss = () => {
    focusMainIfInside(ref.current);
    clear(notification.id);
  };

  return (
    <div
      ref={ref}
      className="pointer-events-auto flex w-full animate-toast-in gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-xl shadow-brand-950/10"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-full ${style.accent}`}>
        {notification.icon ? (
          <img src={notification.icon} alt="" className="h-6 w-6 rounded" />
        ) : (
          <span className="h-5 w-5 [&>svg]:h-5 [&>svg]:w-5">{style.icon}</span>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <span className="sr-only">{style.label}: </span>
        {notification.title && <p className="font-semibold text-ink">{notification.title}</p>}
        {notification.message && (
          <p
            className={`text-sm break-words ${notification.title ? 'mt-0.5 text-muted' : 'text-ink'}`}
          >
            {notification.message}
          </p>
        )}
        {notification.link && <ViewLink href={notification.link} />}
      </div>
      {notification.image && (
        <img
          src={notification.image}
          alt=""
          className="h-14 w-14 shrink-0 rounded-xl object-cover"
        />
      )}
      <button
        type="button"
        onClick={dismiss}
        className="-m-1 grid h-9 w-9 shrink-0 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
        aria-label="Dismiss notification"
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </div>
  );
}

/**
 * Both live regions stay in the DOM all the time: screen readers only announce changes inside a
 * region that already existed. Errors interrupt (assertive); everything else waits its turn.
 */
export function ToastRegion() {
  const notification = useUiStore((s) => s.notification);
  const urgent = notification?.type === 'error';
  // Where the toasts go, and how they keep clear of the cookie banner: styles.css.
  const regionClass = 'toast-region';
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true" className={regionClass}>
        {notification && !urgent && <Toast key={notification.id} notification={notification} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className={regionClass}>
        {notification && urgent && <Toast key={notification.id} notification={notification} />}
      </div>
    </>
  );
}
