import { HOUR_MS } from './constants';
import { formatPence } from './format';

// The rules of a tip after an appointment (docs/decisions/0087), shared by the server, which
// enforces them, and the web app, which offers only what the server will take.

/** For this long after the treatments' end a completed appointment can be tipped. */
export const TIP_WINDOW_HOURS = 48;
/** The shares of the price offered as one tap. */
export const TIP_PRESET_PERCENTS = [10, 15, 20] as const;
/** The smallest tip: below it a card payment's fee eats too much of what the therapist gets. */
export const MIN_TIP_PENCE = 100;

export interface TipWindowFacts {
  status: string;
  /** When the treatments end (the booking view's endsAt). */
  endsAtMs: number;
}

/** The last moment a tip can be given for an appointment that ends at `endsAtMs`. */
export const tipClosesAt = (endsAtMs: number): number => endsAtMs + TIP_WINDOW_HOURS * HOUR_MS;

/**
 * Whether the appointment can be tipped now: completed (by the completion job at its end, or
 * earlier by the therapist's finished step) and no more than 48 hours past its end.
 */
export function tipWindowOpen(b: TipWindowFacts, nowMs: number): boolean {
  return b.status === 'completed' && nowMs <= tipClosesAt(b.endsAtMs);
}

/** The most a tip can be: the appointment's price. */
export const maxTipPence = (pricePence: number): number => pricePence;

/** A preset's amount: the share of the price, to the nearest penny. */
export const presetTipPence = (pricePence: number, percent: number): number =>
  Math.round((pricePence * percent) / 100);

/** The presets this price allows (a share under the minimum is not offered). */
export function tipPresets(pricePence: number): { percent: number; amountPence: number }[] {
  return TIP_PRESET_PERCENTS.map((percent) => ({
    percent,
    amountPence: presetTipPence(pricePence, percent),
  })).filter((p) => p.amountPence >= MIN_TIP_PENCE && p.amountPence <= maxTipPence(pricePence));
}

/** Why an amount cannot be a tip for this price, in the customer's words; null when it can. */
export function tipAmountProblem(amountPence: number, pricePence: number): string | null {
  if (!Number.isSafeInteger(amountPence)) return 'Enter the tip in pounds and pence.';
  if (pricePence < MIN_TIP_PENCE) return 'This appointment cannot be tipped.';
  if (amountPence < MIN_TIP_PENCE) return `The smallest tip is ${formatPence(MIN_TIP_PENCE)}.`;
  if (amountPence > maxTipPence(pricePence))
    return `A tip can be at most the price of the appointment, ${formatPence(maxTipPence(pricePence))}.`;
  return null;
}

/** "5", "5.5", "£5.50" as pence, or null when it is not an amount of money. */
export function parsePounds(text: string): number | null {
  const m = /^\s*£?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * How a tip is split between wallet credit and card: as much credit as the customer has, when
 * they choose to use it.
 */
export function tipSplit(
  amountPence: number,
  availableCreditPence: number,
  useCredit: boolean,
): { creditAppliedPence: number; amountDuePence: number } {
  const credit = useCredit ? Math.max(0, Math.min(availableCreditPence, amountPence)) : 0;
  return { creditAppliedPence: credit, amountDuePence: amountPence - credit };
}

/** What is stored of a tip that its view shows. */
export interface TipFacts {
  amountPence: number;
  status: 'unpaid' | 'paid' | 'refunded';
  paidAt: Date | null;
}

/**
 * A tip as the customer sees it, on the appointment and in the answer to paying it: one still
 * unpaid (a card declined, or the bank checking) awaits payment.
 */
export function tipView(t: TipFacts): {
  amountPence: number;
  status: 'awaiting_payment' | 'paid' | 'refunded';
  paidAt: string | null;
} {
  return {
    amountPence: t.amountPence,
    status: t.status === 'unpaid' ? 'awaiting_payment' : t.status,
    paidAt: t.paidAt?.toISOString() ?? null,
  };
}
