import { useId, type ReactNode } from 'react';
import { buttonClass } from './button-styles';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}

/** "Are you sure?" before something that cannot be undone. Cancel is the easy way out. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  children,
}: ConfirmDialogProps) {
  const headingId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={headingId} widthClass="max-w-md">
      <h2
        id={headingId}
        tabIndex={-1}
        className="pr-10 font-display text-2xl font-semibold text-ink focus:outline-none"
      >
        {title}
      </h2>
      <div className="mt-3 text-ink">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('ghost')} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
