import type { ReactNode } from 'react';
import { WifiOffIcon } from './icons';
import { RetryButton } from './retry-button';

interface OfflineNoticeProps {
  title?: string;
  children?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
}

/**
 * Data that could not load because the network is down: a calm notice and a retry, not an
 * error. The app itself still works from the service worker's precache (decision 0032).
 */
export function OfflineNotice({
  title = "You're offline",
  children = 'We could not reach Glow at Home. Check your connection, then try again.',
  onRetry,
  retrying = false,
}: OfflineNoticeProps) {
  return (
    <div role="status" className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
      <div className="flex gap-3">
        <WifiOffIcon className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-ink">{title}</p>
          <p className="mt-1 text-sm text-muted">{children}</p>
        </div>
      </div>
      <RetryButton onRetry={onRetry} retrying={retrying} busyLabel="Trying again…" />
    </div>
  );
}
