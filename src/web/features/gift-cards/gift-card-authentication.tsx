import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { AlertIcon } from '../../components/icons';
import { LoadingBlock } from '../../components/page-heading';
import { accountKeys } from '../../lib/query-keys';
import type { BankCheckOutcome, PaymentReturnCheck } from '../payment';
import { giftCardKeys, useGiftCardPaymentStatus } from './api';
import { boughtPath } from './buy-gift-card';
import { clearGiftCardDraft } from './gift-card-draft';

// What /authorisation/confirm?gift_card=… means for a gift card order: the pages are
// features/payment's (DemoBankCheck, PaymentReturn), composed with these by the route: the demo
// bank's page, or the page a real provider's own bank check returns to. Both end on the bought
// card, or say why not.

function useGoToBought() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    (giftCardId: string) => {
      clearGiftCardDraft();
      void client.invalidateQueries({ queryKey: giftCardKeys.purchases });
      void client.invalidateQueries({ queryKey: accountKeys.cards });
      void navigate(boughtPath(giftCardId), { replace: true });
    },
    [client, navigate],
  );
}

/** A refused payment: why, that nothing was taken, and back to the form (its details kept). */
export function GiftCardPaymentFailed({ message }: { message: string }) {
  return (
    <>
      <div role="alert" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <AlertIcon className="h-10 w-10 text-red-700" />
        <h1 className="mt-3 font-display text-3xl font-semibold text-ink">Payment not taken</h1>
        <p className="mt-3 text-ink">{message}</p>
        <p className="mt-2 text-muted">
          You have not been charged. Your gift card details are kept: try again with another card.
        </p>
      </div>
      <Link to="/gift-cards" className={`${buttonClass('primary', 'lg')} mt-6 w-full sm:w-auto`}>
        Back to your gift card
      </Link>
    </>
  );
}

/** Opened again after the bank page was answered: where did that answer lead? */
function AlreadyAnswered({ giftCardId }: { giftCardId: string }) {
  const status = useGiftCardPaymentStatus(giftCardId);
  const goToBought = useGoToBought();
  const paid = status.data?.status === 'paid';
  useEffect(() => {
    if (paid) goToBought(giftCardId);
  }, [paid, giftCardId, goToBought]);
  if (status.data?.detail) return <GiftCardPaymentFailed message={status.data.detail} />;
  return <LoadingBlock label="Checking your payment…" rows={1} />;
}

/** A gift card order's bank check: approving ends on the bought card. */
export function useGiftCardBankCheck(giftCardId: string): BankCheckOutcome {
  const goToBought = useGoToBought();
  return {
    onConfirmed: () => goToBought(giftCardId),
    renderRefused: (message) => <GiftCardPaymentFailed message={message} />,
    renderAnswered: () => <AlreadyAnswered giftCardId={giftCardId} />,
  };
}

/** Back from a real provider's own bank page: ask the server, which asks the provider. */
export function useGiftCardPaymentReturn(giftCardId: string): PaymentReturnCheck {
  const status = useGiftCardPaymentStatus(giftCardId);
  const goToBought = useGoToBought();
  const paid = status.data?.status === 'paid';
  useEffect(() => {
    if (paid) goToBought(giftCardId);
  }, [paid, giftCardId, goToBought]);

  return {
    status,
    paid,
    refusal:
      status.data?.detail ||
      (status.data?.status === 'cancelled' ? 'This gift card order was cancelled.' : null),
    renderRefused: (message) => <GiftCardPaymentFailed message={message} />,
  };
}
