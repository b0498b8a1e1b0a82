import { DAY_MS } from './constants';

// Pure rules of the wallet ledger. The ledger is append-only: each entry adds (credit earned,
// redeemed or returned) or takes away (spent, expired). The balance is the sum.

export interface LedgerEntry {
  id: number;
  kind: string;
  amountPence: number;
  createdAtMs: number;
  /** For an expiry: the earlier entry whose unspent part it wrote off. */
  expiresEntryId: number | null;
}

export function ledgerBalance(entries: readonly Pick<LedgerEntry, 'amountPence'>[]): number {
  return entries.reduce((sum, e) => sum + e.amountPence, 0);
}

export interface CreditLot {
  entryId: number;
  createdAtMs: number;
  remainingPence: number;
  expired: boolean;
}

/**
 * What is left of each entry that added credit, spending the oldest credit first. An expiry
 * takes from the entry it names; anything else negative takes from the oldest lots.
 */
export function creditLots(entries: readonly LedgerEntry[]): CreditLot[] {
  const ordered = [...entries].sort((a, b) => a.id - b.id);
  const lots: CreditLot[] = [];
  const byId = new Map<number, CreditLot>();
  for (const e of ordered) {
    if (e.amountPence > 0) {
      const lot = {
        entryId: e.id,
        createdAtMs: e.createdAtMs,
        remainingPence: e.amountPence,
        expired: false,
      };
      lots.push(lot);
      byId.set(e.id, lot);
      continue;
    }
    let owed = -e.amountPence;
    const named = e.expiresEntryId === null ? undefined : byId.get(e.expiresEntryId);
    if (named) {
      named.expired = true;
      const taken = Math.min(named.remainingPence, owed);
      named.remainingPence -= taken;
      owed -= taken;
    }
    for (const lot of lots) {
      if (owed === 0) break;
      const taken = Math.min(lot.remainingPence, owed);
      lot.remainingPence -= taken;
      owed -= taken;
    }
  }
  return lots;
}

export interface Expiry {
  entryId: number;
  amountPence: number;
}

/**
 * The unspent part of each entry older than `expiryDays`, each written off once. Never more than
 * the balance, since lots only hold what has not been spent.
 */
export function creditToExpire(
  entries: readonly LedgerEntry[],
  nowMs: number,
  expiryDays: number,
): Expiry[] {
  return creditLots(entries)
    .filter(
      (lot) =>
        !lot.expired && lot.remainingPence > 0 && lot.createdAtMs + expiryDays * DAY_MS <= nowMs,
    )
    .map((lot) => ({ entryId: lot.entryId, amountPence: lot.remainingPence }));
}

/** What the wallet page knows about an entry, to say it in plain words. */
export interface WalletEntryFacts {
  kind: string;
  /** The referred friend's name (referral credit); null when unknown or erased. */
  friendName: string | null;
  /** The gift card buyer's name; null when unknown or erased. */
  giftCardFrom: string | null;
  /** The booking's treatments, in order (spending and refunds). */
  treatmentNames: readonly string[];
  bookingStartsAtMs: number | null;
  /** For an expiry: when the credit it wrote off was added. */
  expiredEntryAddedAtMs: number | null;
  /** Customer service's words for a goodwill credit; null when none or erased. */
  goodwillReason?: string | null;
}

const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

function treatmentsAndDay(facts: WalletEntryFacts, timeZone: string): string {
  const [first, ...rest] = facts.treatmentNames;
  const what = first ? (rest.length > 0 ? `${first} and ${rest.length} more` : first) : 'a booking';
  if (facts.bookingStartsAtMs === null) return what;
  return `${what}, ${dayMonth(facts.bookingStartsAtMs, timeZone)}`;
}

function dayMonth(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(ms);
}

/**
 * "Referral credit from Isla", "Spent on Swedish Massage, 3 Dec", "Gift card from Sam", "Late
 * arrival credit: Swedish Massage, 3 Dec", "Credit from Glow at Home: Sorry about the wait"…
 */
export function describeWalletEntry(facts: WalletEntryFacts, timeZone: string): string {
  switch (facts.kind) {
    case 'referral_credit': {
      const friend = firstName(facts.friendName);
      return friend ? `Referral credit from ${friend}` : 'Referral credit from a friend';
    }
    case 'booking_payment':
      return `Spent on ${treatmentsAndDay(facts, timeZone)}`;
    case 'booking_refund':
      return `Returned from cancelled ${treatmentsAndDay(facts, timeZone)}`;
    case 'tip_payment':
      return `Tip for ${treatmentsAndDay(facts, timeZone)}`;
    case 'gift_card_redemption': {
      const from = firstName(facts.giftCardFrom);
      return from ? `Gift card from ${from}` : 'Gift card';
    }
    case 'late_arrival_credit':
      return `Late arrival credit: ${treatmentsAndDay(facts, timeZone)}`;
    case 'goodwill_credit':
      return facts.goodwillReason
        ? `Credit from Glow at Home: ${facts.goodwillReason}`
        : 'Credit from Glow at Home';
    case 'credit_expired':
      return facts.expiredEntryAddedAtMs === null
        ? 'Credit expired'
        : `Credit expired (added ${dayMonth(facts.expiredEntryAddedAtMs, timeZone)})`;
    default:
      return 'Credit';
  }
}
