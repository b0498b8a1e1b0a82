import { and, eq, gt, inArray } from 'drizzle-orm';
import type { PasswordHasher } from '../auth/auth';
import type { Db } from '../db/client';
import { deletedEmail, isDeletedEmail } from '../db/deleted-account';
import { account, booking, user } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { badRequest, conflict } from '../http/problem';
import { enqueueProviderTask, type ProviderTask } from '../payments/provider-tasks';
import { giftCardAwaitingDelivery } from '../gift-cards/erase-gift-card-data';
import { sendDateWords } from '../gift-cards/gift-card-emails';
import { accountDeletedEmail, refundsOnTheirWay } from './account-deleted-email';
import { erasePersonalData, type ErasedAccount } from './erase-personal-data';
import type { DeleteAccountInput } from '../../contract/me';

/**
 * UK GDPR lets a customer have their personal data erased, while tax and accounting law (HMRC: six
 * years) requires us to keep bookings, payments and the wallet ledger. So the user row stays as an
 * anonymous anchor for those records and everything that identifies the person goes.
 *
 * What the payment provider holds of them (customers and saved cards) is read inside the
 * transaction before those rows go and queued for deletion there.
 */
export async function deleteAccount(
  db: Db,
  userId: string,
  input: DeleteAccountInput,
  now: Date,
  passwords: PasswordHasher,
): Promise<ErasedAccount> {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  if (credential?.password) {
    const ok =
      typeof input.password === 'string' &&
      (await passwords.verify({ hash: credential.password, password: input.password }));
    if (!ok) {
      throw badRequest('Your password is not right.', [
        { field: 'password', message: 'Enter your current password to delete your account' },
      ]);
    }
  } else if (input.confirm !== 'DELETE') {
    throw badRequest('Type DELETE to confirm.', [
      { field: 'confirm', message: 'Type DELETE to confirm' },
    ]);
  }

  return db.transaction(async (tx) => {
    const upcoming = await tx
      .select({ id: booking.id })
      .from(booking)
      .where(
        and(
          eq(booking.customerId, userId),
          inArray(booking.status, ['confirmed', 'requires_action']),
          gt(booking.startsAt, now),
        ),
      )
      .limit(1);
    if (upcoming.length > 0) {
      throw conflict(
        'You have an upcoming appointment. Please cancel it first, then delete your account.',
        'upcoming_appointment',
      );
    }
    // Its email holds the only copy of the code: erasing it now would lose the gift.
    const gift = await giftCardAwaitingDelivery(tx, userId);
    if (gift) {
      throw conflict(
        gift.deliverAt > now
          ? `A gift card you bought is due to be sent on ${sendDateWords(gift.sendOn)}. You can delete your account once it has been sent.`
          : 'A gift card you bought is being sent right now. Please try again in a few minutes.',
        'gift_card_awaiting_delivery',
      );
    }
    // Unpaid holds simply lapse now rather than in ten minutes: never paid, so no cancellation.
    await tx
      .update(booking)
      .set({ status: 'expired', updatedAt: now, holdExpiresAt: null })
      .where(and(eq(booking.customerId, userId), eq(booking.status, 'held')));
    // Read before the erasure: the deletion confirmation goes to them, by name, with the refunds
    // still on their way (their cancellation emails, if still queued, go with the rest of their mail).
    const [person] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    const refunds = await refundsOnTheirWay(tx, userId, now);
    const erased = await erasePersonalData(tx, userId, now);
    if (person && !isDeletedEmail(person.email)) {
      await enqueueMail(
        tx,
        accountDeletedEmail({ userId, ...person }, refunds, deletedEmail(userId)),
      );
    }
    // The provider forgets them too: queued with the erasure, made after it commits, retried
    // until done. Deleting a Stripe customer detaches its cards; detaching each one as well
    // covers cards kept without a customer.
    const forget: { provider: string; task: ProviderTask }[] = [
      ...erased.providerCustomers.map((c, n) => ({
        provider: c.provider,
        task: {
          kind: 'delete_customer' as const,
          providerCustomerId: c.providerCustomerId,
          idempotencyKey: `erase-${userId}-customer-${n}`,
        },
      })),
      ...erased.providerCards.map((c, n) => ({
        provider: c.provider,
        task: {
          kind: 'detach_card' as const,
          providerCardId: c.providerCardId,
          idempotencyKey: `erase-${userId}-card-${n}`,
        },
      })),
    ];
    for (const { provider, task } of forget) await enqueueProviderTask(tx, provider, task, now);
    return erased;
  });
}
