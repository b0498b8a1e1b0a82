import { UK_TIME_ZONE } from '../../../domain/constants';
import { formatLongDateOfInstant, formatPence } from '../../../domain/format';
import { ErrorPanel } from '../../components/error-panel';
import { SparkleIcon } from '../../components/icons';
import { useWallet } from '../../features/account';
import { GiftCardPurchases, RedeemGiftCard } from '../../features/gift-cards';
import { PageTitle } from '../../components/section-card';
import { ReferralShare } from '../../features/referrals';

export default function WalletPage() {
  const wallet = useWallet();

  return (
    <>
      <title>Wallet · Glow at Home</title>
      <PageTitle title="Wallet" intro="Credit you can put towards your treatments." />
      {wallet.isPending && <p className="text-muted">Loading your wallet…</p>}
      {wallet.isError && (
        <ErrorPanel
          title="We couldn't load your wallet"
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
          retrying={wallet.isFetching}
        />
      )}
      {wallet.data && (
        <div className="space-y-6">
          <section
            aria-label="Balance"
            className="rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-lg sm:p-8"
          >
            <p className="text-sm font-semibold tracking-widest text-brand-100 uppercase">
              Available credit
            </p>
            <p className="mt-2 font-display text-5xl font-semibold tabular-nums">
              {formatPence(wallet.data.balancePence)}
            </p>
            <p className="mt-3 text-sm text-brand-100">
              At checkout you choose whether to put it towards your booking.
            </p>
          </section>
          <RedeemGiftCard />

          <section
            aria-labelledby="wallet-history"
            className="rounded-3xl bg-white p-5 shadow-sm sm:p-7"
          >
            <h2 id="wallet-history" className="font-display text-2xl font-semibold text-ink">
              History
            </h2>
            {wallet.data.entries.length === 0 ? (
              <div className="mt-4 flex gap-3 rounded-2xl bg-blush p-4 text-sm">
                <SparkleIcon className="h-5 w-5 shrink-0 text-brand-700" />
                <p>
                  Nothing here yet. When a friend you referred has had their first treatment, your
                  referral credit appears here.
                </p>
              </div>
            ) : (
              <ul className="mt-4 divide-y divide-brand-100">
                {wallet.data.entries.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-4 py-3">
                    <div className="min-w-0">
                      <p className="font-medium text-ink">{entry.description}</p>
                      <p className="text-sm text-muted">
                        {formatLongDateOfInstant(Date.parse(entry.createdAt), UK_TIME_ZONE)}
                      </p>
                    </div>
                    <p
                      className={`shrink-0 font-semibold tabular-nums ${entry.amountPence < 0 ? 'text-ink' : 'text-emerald-700'}`}
                    >
                      {entry.amountPence > 0 ? '+' : ''}
                      {formatPence(entry.amountPence)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ReferralShare />
          <GiftCardPurchases />
        </div>
      )}
    </>
  );
}
