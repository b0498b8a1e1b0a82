import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * The native modal stops focus reaching the page, but Tab past the last control leaves for the
 * browser's own toolbar; wrapping it round keeps keyboard users in the dialog, as they expect.
 */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !items.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  /** Tailwind max-width class for the panel. */
  widthClass?: string;
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the page behind it inert (focus stays
 * inside) and Escape closes it. Focus goes back to whatever opened it, so a keyboard user carries
 * on where they were.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  children,
  widthClass = 'max-w-lg',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Start at the heading (focusable with tabIndex -1), so the dialog is announced by its name
    // rather than by whichever button happens to come first.
    const heading = document.getElementById(labelledBy);
    if (heading && heading.tabIndex === -1) heading.focus();
    return () => {
      dialog.close();
      const back = opener.current;
      if (back?.isConnected) back.focus();
    };
  }, [open, labelledBy]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      // Escape fires cancel; let React state decide, so the store and the DOM never disagree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={trapTab}
      // A click on the backdrop lands on the dialog element itself, outside the panel.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] ${widthClass} overflow-visible bg-transparent p-0 backdrop:bg-brand-950/40 backdrop:backdrop-blur-sm`}
    >
      <div className="relative max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl bg-white p-5 shadow-2xl sm:p-8">
        <button
          type="button"
          onClick={onClose}
          className="absolute top-3 right-3 grid h-11 w-11 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink"
          aria-label="Close"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
