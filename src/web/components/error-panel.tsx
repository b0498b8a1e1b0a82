import { isApiError } from '../lib/api';
import { AlertIcon } from './icons';
import { RetryButton } from './retry-button';
import { OfflineNotice } from './offline-notice';

interface ErrorPanelProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load inside a page: says what failed, why if we know, and offers a retry. */
export function ErrorPanel({ title, error, onRetry, retrying = false }: ErrorPanelProps) {
  // No answer at all: the network is down, not the page. Say so calmly (decision 0032).
  if (isApiError(error) && error.isNetworkError) {
    return <OfflineNotice onRetry={onRetry} retrying={retrying} />;
  }
  const detail = isApiError(error)
    ? error.detail
    : 'Something unexpected happened. Please try again.';
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
      <div className="flex gap-3">
        <AlertIcon className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        <div>
          <p className="font-semibold text-red-900">{title}</p>
          <p className="mt-1 text-sm text-red-800">{detail}</p>
        </div>
      </div>
      <RetryButton onRetry={onRetry} retrying={retrying} busyLabel="Retrying…" />
    </div>
  );
}
