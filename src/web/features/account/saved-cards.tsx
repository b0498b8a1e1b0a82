import { useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { CardIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/ui-store';
import { useCards, useDeleteCard } from './api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { SavedCard } from './types';
import { cardLabel } from '../../../domain/card';

export function cardName(card: SavedCard): string {
  return cardLabel(card.brand, card.last4);
}

const expiry = (card: SavedCard) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

function Empty() {
  return (
    <p className="text-sm text-muted">
      No saved cards. When you pay for a booking you can choose to save the card for next time.
    </p>
  );
}

export function SavedCards() {
  const cards = useCards();
  const remove = useDeleteCard();
  const [confirming, setConfirming] = useState<SavedCard | null>(null);

  if (cards.isPending) return <p className="text-sm text-muted">Loading your cards…</p>;
  // Before the payments side is deployed the list does not exist yet: nothing is saved then.
  if (cards.isError && isApiError(cards.error) && cards.error.status === 404) return <Empty />;
  if (cards.isError) {
    return (
      <ErrorPanel
        title="We couldn't load your saved cards"
        error={cards.error}
        onRetry={() => void cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  }
  if (cards.data.length === 0) return <Empty />;

  const confirmRemove = async () => {
    if (!confirming) return;
    const name = cardName(confirming);
    try {
      await remove.mutateAsync(confirming.id);
      notify({ type: 'success', title: 'Card removed', message: `${name} is no longer saved.` });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Card not removed',
        message: isApiError(error) ? error.detail : 'Please try again.',
      });
    }
    setConfirming(null);
  };

  return (
    <>
      <ul className="space-y-3">
        {cards.data.map((card) => (
          <li
            key={card.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-100 p-4"
          >
            <div className="flex items-center gap-3">
              <span className="grid h-10 w-10 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <CardIcon className="h-5 w-5" />
              </span>
              <div>
                <p className="font-semibold text-ink">{cardName(card)}</p>
                <p className="text-sm text-muted">Expires {expiry(card)}</p>
              </div>
            </div>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => setConfirming(card)}
            >
              Remove<span className="sr-only"> {cardName(card)}</span>
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title="Remove this card?"
        confirmLabel="Remove card"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setConfirming(null)}
      >
        {confirming && (
          <p>
            {cardName(confirming)} will no longer be offered when you pay. Bookings already paid
            with it are not affected.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
