import type { ACCOUNT_STORAGE_KEYS } from '../../lib/query-keys';

// What the buyer has typed, kept in this browser while they sign in (a social sign-in leaves the
// page) or visit their bank, and cleared once the card is bought. It holds someone else's name
// and email, so it lives under the storage key that sign-out removes.

export const GIFT_CARD_DRAFT_KEY: (typeof ACCOUNT_STORAGE_KEYS)[number] = 'glow.gift-cards';

export interface GiftCardDraft {
  amountChoice: string;
  otherPounds: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  sendOn: string;
}

const FIELDS: (keyof GiftCardDraft)[] = [
  'amountChoice',
  'otherPounds',
  'recipientName',
  'recipientEmail',
  'message',
  'sendOn',
];

export function readGiftCardDraft(): Partial<GiftCardDraft> {
  try {
    const raw = window.localStorage.getItem(GIFT_CARD_DRAFT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const draft: Partial<GiftCardDraft> = {};
    for (const field of FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

export function saveGiftCardDraft(draft: GiftCardDraft): void {
  try {
    window.localStorage.setItem(GIFT_CARD_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, it just forgets on reload.
  }
}

export function clearGiftCardDraft(): void {
  try {
    window.localStorage.removeItem(GIFT_CARD_DRAFT_KEY);
  } catch {
    // Nothing was stored either.
  }
}
