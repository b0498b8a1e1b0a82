import { Link } from 'react-router';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ArrowRightIcon, CloseIcon, GiftIcon } from '../../components/icons';
import { useUiStore } from '../../lib/ui-store';

/**
 * The referral card (docs/product.md#referrals): "Great news", the credit waiting at checkout, and
 * a "Browse our services" button. Shown once a referral link has been checked; the customer may put
 * it away.
 */
export function ReferralCard({ browseTo }: { browseTo: string }) {
  const referral = useUiStore((s) => s.referralNotification);
  const dismiss = useUiStore((s) => s.setReferralNotification);
  if (!referral) return null;
  return (
    <section
      aria-labelledby="referral-card-title"
      className="relative rounded-3xl border border-brand-200 bg-white p-5 shadow-lg shadow-brand-900/5 sm:p-6"
    >
      <button
        type="button"
        onClick={() => dismiss(null)}
        className="absolute top-3 right-3 grid h-11 w-11 place-items-center rounded-full text-muted hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <CloseIcon className="h-5 w-5" />
        <span className="sr-only">Close</span>
      </button>
      <div className="flex gap-4 pr-10">
        <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-brand-100 text-brand-800">
          <GiftIcon className="h-6 w-6" />
        </span>
        <div>
          <h2 id="referral-card-title" className="font-display text-2xl font-semibold text-ink">
            Great news
          </h2>
          <p className="mt-1 text-ink">
            {referral.referrerName} has given you{' '}
            <strong>{formatPence(referral.valuePence)} off</strong> your first booking. It is
            waiting for you at checkout.
          </p>
        </div>
      </div>
      <Link to={browseTo} className={`${buttonClass('primary')} mt-4 w-full sm:w-auto`}>
        Browse our services
        <ArrowRightIcon className="h-5 w-5" />
      </Link>
    </section>
  );
}
