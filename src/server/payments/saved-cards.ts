import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { savedCard } from '../db/schema';
import { notFound } from '../http/problem';
import type { SavedCard } from '../../contract/me';

// Saved cards are the provider's tokens with brand, last 4 and expiry for the list: never a card
// number. Cards saved under another provider (say, demo cards after switching to Stripe) cannot
// be charged, so they are not offered.

export async function listSavedCards(ctx: AppContext, userId: string): Promise<SavedCard[]> {
  return ctx.db
    .select({
      id: savedCard.id,
      brand: savedCard.brand,
      last4: savedCard.last4,
      expMonth: savedCard.expMonth,
      expYear: savedCard.expYear,
    })
    .from(savedCard)
    .where(and(eq(savedCard.userId, userId), eq(savedCard.provider, ctx.payments.name)))
    .orderBy(asc(savedCard.createdAt), asc(savedCard.id));
}

export async function deleteSavedCard(ctx: AppContext, userId: string, cardId: string) {
  const [card] = await ctx.db
    .select()
    .from(savedCard)
    .where(and(eq(savedCard.id, cardId), eq(savedCard.userId, userId)));
  if (!card) throw notFound('Card not found.');
  // Forget it at the provider first: a card we no longer list must not stay chargeable there.
  if (card.provider === ctx.payments.name) await ctx.payments.detachCard(card.providerCardId);
  await ctx.db.delete(savedCard).where(eq(savedCard.id, card.id));
}
