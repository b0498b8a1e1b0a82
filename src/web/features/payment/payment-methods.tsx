import { useId } from 'react';
import type { SavedCard } from '../../../contract/me';
import { cardLabel } from '../../../domain/card';

/** How the customer pays: one of their saved cards, a new card, or their business's invoice. */
export type Method = { kind: 'saved'; cardId: string } | { kind: 'new' } | { kind: 'invoice' };

interface MethodChoiceProps {
  savedCards: SavedCard[];
  /** The saved cards could not be loaded: a new card can still be used. */
  cardsFailed: boolean;
  canInvoice: boolean;
  method: Method;
  onChoose: (method: Method) => void;
}

/** The saved-card picker: the invoice arrangement if any, each saved card, then a new card. */
export function MethodChoice({
  savedCards,
  cardsFailed,
  canInvoice,
  method,
  onChoose,
}: MethodChoiceProps) {
  const legendId = useId();
  const options: { key: string; method: Method; label: string; note?: string }[] = [
    ...(canInvoice
      ? [
          {
            key: 'invoice',
            method: { kind: 'invoice' } as Method,
            label: 'Pay by invoice',
            note: 'Your business is invoiced under its agreement with us.',
          },
        ]
      : []),
    ...savedCards.map((c) => ({
      key: c.id,
      method: { kind: 'saved', cardId: c.id } as Method,
      label: cardLabel(c.brand, c.last4),
      note: `Expires ${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`,
    })),
    { key: 'new', method: { kind: 'new' }, label: 'A new card' },
  ];
  const isChosen = (m: Method) =>
    m.kind === method.kind &&
    (m.kind !== 'saved' || (method.kind === 'saved' && m.cardId === method.cardId));

  return (
    <fieldset aria-describedby={cardsFailed ? `${legendId}-cards` : undefined}>
      <legend id={legendId} className="font-display text-xl font-semibold text-ink">
        How would you like to pay?
      </legend>
      {cardsFailed && (
        <p id={`${legendId}-cards`} className="mt-1 text-sm text-muted">
          We couldn&rsquo;t load your saved cards; you can still pay with a new card.
        </p>
      )}
      <div className="mt-3 space-y-2">
        {options.map((option) => (
          <label
            key={option.key}
            className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border p-3 ${
              isChosen(option.method) ? 'border-brand-500 bg-brand-50' : 'border-brand-100 bg-white'
            }`}
          >
            <input
              type="radio"
              name="payment-method"
              className="mt-0.5 h-5 w-5 accent-brand-700"
              checked={isChosen(option.method)}
              onChange={() => onChoose(option.method)}
            />
            <span>
              <span className="block font-medium text-ink">{option.label}</span>
              {option.note && <span className="block text-sm text-muted">{option.note}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
