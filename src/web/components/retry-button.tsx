import { buttonClass } from './button-styles';
import { RefreshIcon } from './icons';

/** "Try again" under a load that failed or could not reach us; spins while the retry runs. */
export function RetryButton({
  onRetry,
  retrying,
  busyLabel,
}: {
  onRetry: () => void;
  retrying: boolean;
  busyLabel: string;
}) {
  return (
    <button
      type="button"
      className={`${buttonClass('secondary')} mt-4 sm:ml-9`}
      onClick={onRetry}
      disabled={retrying}
    >
      <RefreshIcon className={`h-4 w-4 ${retrying ? 'animate-spin' : ''}`} />
      {retrying ? busyLabel : 'Try again'}
    </button>
  );
}
