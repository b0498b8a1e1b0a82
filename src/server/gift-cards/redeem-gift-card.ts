import { and, eq } from 'drizzle-orm';
import { tooManyAttemptsMessage } from '../../domain/auth-messages';
import { normaliseGiftCardCode } from '../../domain/gift-card';
import type { AppContext } from '../app-context';
import { consumeAttempt, returnAttempt, type RateRule } from '../auth/account-rate-limit';
import { inTransaction } from '../db/transaction';
import { lockWallet } from '../wallet/wallet-lock';
import { walletBalance } from '../wallet/wallet-ledger';
import { giftCard, walletEntry, WALLET_KINDS } from '../db/schema';
import { HttpProblem, badRequest, tooManyRequests, type ProblemCode } from '../http/problem';
import { hashGiftCardCode } from './gift-card-code';
import { sendDateWords } from './gift-card-emails';
import type { RedeemGiftCardAnswer } from '../../contract/gift-cards';

// Redeeming moves a card's whole balance into the redeemer's wallet, once. The card's row lock
// decides who is first (twenty at once: one wins, the others find it redeemed), the redeemer's
// wallet lock orders the ledger write with their bookings' use of credit, and the ledger's unique
// keys (the idempotency key, one redemption per card) are the database's last word.
//
// Codes carry 80 bits, so guessing is hopeless anyway; the limits below stop a script from trying
// at all, in the spirit of the sign-in limits (docs/decisions/0018): counted per account and per
// address in fixed windows, before the code is looked up so parallel tries cannot slip past, and
// given back when the code turns out to exist — only guesses use up the allowance. A try refused
// by a limit looked nothing up, so it is given back at once too (decision 0068): otherwise a
// customer's own burst of tries with a real code, some refused while the others were in flight,
// would leave the refused ones counted after the others had been given back.

export const REDEEM_RULES: { account: RateRule; address: RateRule } = {
  account: { windowSeconds: 15 * 60, max: 10 },
  // An office or a family behind one address redeeming their Christmas cards still fits.
  address: { windowSeconds: 15 * 60, max: 30 },
};

export const redeemAccountKey = (userId: string) => `gift-card-redeem:account:${userId}`;
export const redeemAddressKey = (address: string) => `gift-card-redeem:address:${address}`;

const CODE_SHAPE = 'Enter the code as it appears in your email, like GLOW-7K2Q-9M4X-P3RT-8WDF.';

const problem = (status: number, code: ProblemCode, detail: string) =>
  new HttpProblem(status, detail, {
    code,
    errors: [{ field: 'body.code', message: detail }],
  });

const tooMany = (retryAfterSeconds: number) =>
  tooManyRequests(
    tooManyAttemptsMessage(retryAfterSeconds),
    retryAfterSeconds,
    'too_many_attempts',
  );

/**
 * Counts one try against the account and the address while it is checked; a 429, counting
 * nothing, when either has had enough.
 */
async function countTry(ctx: AppContext, userId: string, address: string, nowMs: number) {
  const accountKey = redeemAccountKey(userId);
  const byAccount = await consumeAttempt(ctx.db, accountKey, REDEEM_RULES.account, nowMs);
  if (!byAccount.allowed) {
    await returnAttempt(ctx.db, accountKey);
    throw tooMany(byAccount.retryAfterSeconds);
  }
  const addressKey = redeemAddressKey(address);
  const byAddress = await consumeAttempt(ctx.db, addressKey, REDEEM_RULES.address, nowMs);
  if (!byAddress.allowed) {
    // Refused before anything was checked: a guess against neither the address nor the account.
    await returnAttempt(ctx.db, addressKey);
    await returnAttempt(ctx.db, accountKey);
    throw tooMany(byAddress.retryAfterSeconds);
  }
  return [accountKey, addressKey];
}

export async function redeemGiftCard(
  ctx: AppContext,
  userId: string,
  typedCode: string,
  clientAddress: string,
): Promise<RedeemGiftCardAnswer> {
  const symbols = normaliseGiftCardCode(typedCode);
  if (!symbols) throw badRequest(CODE_SHAPE, [{ field: 'body.code', message: CODE_SHAPE }]);
  const now = ctx.now();
  const counted = await countTry(ctx, userId, clientAddress, now.getTime());
  let real = false;
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const [card] = await tx
        .select()
        .from(giftCard)
        .where(eq(giftCard.codeHash, hashGiftCardCode(symbols)))
        .for('update');
      // Only a paid card has a code, so an unknown hash is a typo or a guess.
      if (!card) throw problem(404, 'unknown_code', `We don't recognise this code. ${CODE_SHAPE}`);
      real = true;
      if (card.status === 'redeemed')
        throw problem(409, 'already_redeemed', 'This gift card has already been redeemed.');
      if (card.status !== 'active')
        throw problem(
          409,
          'gift_card_refunded',
          'This gift card was refunded to its buyer, so it can no longer be redeemed.',
        );
      if (card.deliverAt.getTime() > now.getTime())
        throw problem(
          409,
          'not_yet_sent',
          `This gift card has not been sent yet. It can be redeemed from ${sendDateWords(card.sendOn)}.`,
        );

      await lockWallet(tx, userId);
      await tx.insert(walletEntry).values({
        userId,
        kind: WALLET_KINDS.giftCard,
        amountPence: card.balancePence,
        // Generic on purpose: the ledger never holds personal data (docs/decisions/0019).
        description: 'Gift card redeemed',
        giftCardId: card.id,
        idempotencyKey: `gift-card-${card.id}-redeemed`,
        createdAt: now,
      });
      const redeemed = await tx
        .update(giftCard)
        .set({
          status: 'redeemed',
          balancePence: 0,
          redeemedByUserId: userId,
          redeemedAt: now,
          updatedAt: now,
        })
        .where(and(eq(giftCard.id, card.id), eq(giftCard.status, 'active')))
        .returning({ id: giftCard.id });
      if (redeemed.length !== 1) throw new Error(`gift card ${card.id} changed under its lock`);
      return { addedPence: card.balancePence, balancePence: await walletBalance(tx, userId) };
    });
  } finally {
    if (real) for (const key of counted) await returnAttempt(ctx.db, key);
  }
}
