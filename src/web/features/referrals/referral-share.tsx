import { useEffect, useState } from 'react';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { CopyIcon, ShareIcon } from '../../components/icons';
import { SectionCard } from '../../components/section-card';
import { useReferral } from './api';

type CopyState = 'idle' | 'copied' | 'failed';

/** The customer's referral link on /account/wallet: copy it, share it, and see what it brought. */
export function ReferralShare() {
  const referral = useReferral();
  const [copy, setCopy] = useState<CopyState>('idle');
  // The share sheet exists on phones and a few desktop browsers; elsewhere only Copy is offered.
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  const data = referral.data;
  const value = data ? formatPence(data.valuePence) : '';

  const copyLink = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const share = async () => {
    if (!data) return;
    try {
      await navigator.share({
        title: 'Glow at Home',
        text: `Here's ${value} off your first treatment at home with Glow at Home.`,
        url: data.link,
      });
    } catch {
      // Closing the share sheet is not an error worth showing.
    }
  };

  return (
    <SectionCard
      title="Refer a friend"
      description={
        data
          ? `Give friends ${value} off their first booking. You get ${value} in your wallet once their first appointment has taken place.`
          : 'Give friends credit off their first booking, and get credit once their first appointment has taken place.'
      }
    >
      {referral.isPending && <p className="text-muted">Loading your referral link…</p>}
      {referral.isError && (
        <ErrorPanel
          title="We couldn't load your referral link"
          error={referral.error}
          onRetry={() => void referral.refetch()}
          retrying={referral.isFetching}
        />
      )}
      {data && (
        <div className="space-y-4">
          <div>
            <label htmlFor="referral-link" className="text-sm font-semibold text-ink">
              Your referral link
            </label>
            <input
              id="referral-link"
              readOnly
              value={data.link}
              onFocus={(e) => e.currentTarget.select()}
              className="mt-1 w-full rounded-xl border border-brand-200 bg-blush px-3 py-2.5 text-sm text-ink"
            />
            <p className="mt-1 text-sm text-muted">
              Or give them your code:{' '}
              <span className="font-mono font-semibold text-ink">{data.code}</span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => void copyLink()}
            >
              <CopyIcon className="h-5 w-5" />
              Copy link
            </button>
            {canShare && (
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => void share()}
              >
                <ShareIcon className="h-5 w-5" />
                Share
              </button>
            )}
            <p role="status" className="text-sm font-medium text-emerald-700">
              {copy === 'copied' && 'Link copied. Paste it into a message to a friend.'}
              {copy === 'failed' && (
                <span className="text-red-700">
                  Your browser would not copy the link. Select it above and copy it yourself.
                </span>
              )}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-blush p-4">
              <dt className="text-sm text-muted">Friends who used your link</dt>
              <dd className="mt-1 font-display text-3xl font-semibold text-ink tabular-nums">
                {data.referredCount}
              </dd>
            </div>
            <div className="rounded-2xl bg-blush p-4">
              <dt className="text-sm text-muted">Credit earned</dt>
              <dd className="mt-1 font-display text-3xl font-semibold text-ink tabular-nums">
                {formatPence(data.earnedPence)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </SectionCard>
  );
}
