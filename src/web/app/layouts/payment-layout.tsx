import { Outlet } from 'react-router';
import { LockIcon, LogoMark } from '../../components/icons';
import { BRAND_NAME } from '../../lib/brand';
import { MAIN_CONTENT_ID } from '../../lib/focus';

/**
 * The payment layout (docs/product.md#pages): a plain, narrow page for the card authentication
 * step, with nothing to click away to while a payment is half done.
 */
export function PaymentLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-blush">
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex h-16 max-w-xl items-center justify-between gap-4 px-4">
          <span className="flex items-center gap-2.5 text-brand-700">
            <LogoMark className="h-8 w-8" />
            <span className="font-display text-lg font-semibold text-ink">{BRAND_NAME}</span>
          </span>
          <span className="flex items-center gap-1.5 text-sm font-medium text-muted">
            <LockIcon className="h-4 w-4" />
            Secure payment
          </span>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-xl flex-1 px-4 py-8 focus:outline-none sm:py-12"
      >
        <Outlet />
      </main>
    </div>
  );
}
