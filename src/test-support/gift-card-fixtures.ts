import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { emailOutbox } from '../server/db/schema';
import { CARD } from './booking-fixtures';
import type { TestCustomer } from './test-customer';

// Shared by the gift card tests: an order as the web app sends it, and the code as the recipient
// reads it in their email (the only place it exists in full).

export const GIFT_CODE = /GLOW(-[0-9A-HJKMNP-TV-Z]{4}){4}/;

export function giftCardOrder(overrides: Record<string, unknown> = {}) {
  return {
    orderId: randomUUID(),
    amountPence: 5000,
    recipientName: 'Rosa Recipient',
    recipientEmail: 'rosa.recipient@example.com',
    message: 'Happy birthday, treat yourself!',
    sendOn: '2026-11-23',
    method: 'card',
    card: CARD,
    saveCard: false,
    ...overrides,
  };
}

export function buyRequest(
  app: FastifyInstance,
  buyer: TestCustomer,
  order: Record<string, unknown> = giftCardOrder(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/gift-cards',
    headers: buyer.headers,
    payload: order,
  });
}

/** The delivery email of a card (whatever its status), or null when none was queued. */
export async function deliveryMail(db: Db, giftCardId: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `gift-card-${giftCardId}-delivery`));
  return row ?? null;
}

/** The code as its email gives it. */
export async function codeOf(db: Db, giftCardId: string): Promise<string> {
  const mail = await deliveryMail(db, giftCardId);
  const code = mail ? GIFT_CODE.exec(mail.textBody)?.[0] : undefined;
  if (!code) throw new Error(`no gift card code was emailed for ${giftCardId}`);
  return code;
}

export function redeemRequest(
  app: FastifyInstance,
  customer: TestCustomer,
  code: string,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/me/wallet/redeem',
    headers: customer.headers,
    payload: { code },
    remoteAddress,
  });
}
