import { firstNameOf, formatPence } from '../../domain/format';

// The two emails of a gift card, plain text like the booking emails. The subjects are generic on
// purpose: an erased account's mail keeps its subject (docs/decisions/0019), so no name goes there.

export const DELIVERY_SUBJECT = 'You have been sent a Glow at Home gift card';
export const RECEIPT_SUBJECT = 'Your Glow at Home gift card order';

const SITE_NAME = 'Glow at Home';

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Thursday 24 December 2026" for 2026-12-24, built from parts: ICU versions differ on commas. */
export function sendDateWords(sendOn: string): string {
  const parts = longDate.formatToParts(Date.parse(`${sendOn}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

export interface DeliveryEmail {
  recipientName: string;
  buyerName: string;
  amountPence: number;
  message: string | null;
  code: string;
  publicUrl: string;
}

export function deliveryText(e: DeliveryEmail): string {
  const from = firstNameOf(e.buyerName);
  return [
    `Hello ${e.recipientName},`,
    '',
    `${from} has sent you a ${SITE_NAME} gift card worth ${formatPence(e.amountPence)}.`,
    ...(e.message ? ['', `Their message: “${e.message}”`] : []),
    '',
    `Your gift card code: ${e.code}`,
    '',
    `To use it, sign in or create an account and enter the code in your wallet:`,
    `${e.publicUrl}/account/wallet`,
    'The whole amount goes into your wallet and comes off your treatments at checkout.',
    '',
    'The code works once. Keep it safe: whoever has it can redeem it.',
    '',
    SITE_NAME,
  ].join('\n');
}

export interface ReceiptEmail {
  buyerName: string;
  recipientName: string;
  recipientEmail: string;
  amountPence: number;
  sendOn: string;
  sendsNow: boolean;
  codeLast4: string;
  publicUrl: string;
}

export function receiptText(e: ReceiptEmail): string {
  return [
    `Hello ${firstNameOf(e.buyerName)},`,
    '',
    `Thank you for your ${formatPence(e.amountPence)} gift card for ${e.recipientName}.`,
    e.sendsNow
      ? `We are emailing it to ${e.recipientEmail} now.`
      : `We will email it to ${e.recipientEmail} on ${sendDateWords(e.sendOn)}, in the morning.`,
    `Its code ends in ${e.codeLast4}; only ${e.recipientName} receives the whole code.`,
    '',
    `Your gift cards: ${e.publicUrl}/account/wallet`,
    '',
    SITE_NAME,
  ].join('\n');
}
