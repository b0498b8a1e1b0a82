import { createElement } from 'react';
import { firstNameOf, formatPence } from '../../domain/format';
import {
  GiftCardDelivery,
  GiftCardReceipt,
  type GiftCardDeliveryProps,
  type GiftCardReceiptProps,
} from '../mail/templates/gift-card-emails';
import { renderEmail } from '../mail/templates/render';

// The two emails of a gift card, plain text with an HTML twin like the booking emails. The subjects are generic on
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

function deliveryContent(e: DeliveryEmail): GiftCardDeliveryProps {
  return {
    subject: DELIVERY_SUBJECT,
    greeting: `Hello ${e.recipientName},`,
    headline: `${firstNameOf(e.buyerName)} has sent you a ${SITE_NAME} gift card worth ${formatPence(e.amountPence)}.`,
    message: e.message ? `Their message: “${e.message}”` : null,
    codeLabel: 'Your gift card code',
    code: e.code,
    howTo: 'To use it, sign in or create an account and enter the code in your wallet:',
    walletUrl: `${e.publicUrl}/account/wallet`,
    whereItGoes:
      'The whole amount goes into your wallet and comes off your treatments at checkout.',
    keepSafe: 'The code works once. Keep it safe: whoever has it can redeem it.',
  };
}

export function deliveryText(e: DeliveryEmail): string {
  const c = deliveryContent(e);
  return [
    c.greeting,
    '',
    c.headline,
    ...(c.message ? ['', c.message] : []),
    '',
    `${c.codeLabel}: ${c.code}`,
    '',
    c.howTo,
    c.walletUrl,
    c.whereItGoes,
    '',
    c.keepSafe,
    '',
    SITE_NAME,
  ].join('\n');
}

export function deliveryHtml(e: DeliveryEmail): string {
  return renderEmail(createElement(GiftCardDelivery, deliveryContent(e)));
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

function receiptContent(e: ReceiptEmail): GiftCardReceiptProps {
  return {
    subject: RECEIPT_SUBJECT,
    greeting: `Hello ${firstNameOf(e.buyerName)},`,
    thanks: `Thank you for your ${formatPence(e.amountPence)} gift card for ${e.recipientName}.`,
    when: e.sendsNow
      ? `We are emailing it to ${e.recipientEmail} now.`
      : `We will email it to ${e.recipientEmail} on ${sendDateWords(e.sendOn)}, in the morning.`,
    codeNote: `Its code ends in ${e.codeLast4}; only ${e.recipientName} receives the whole code.`,
    amount: formatPence(e.amountPence),
    recipient: `${e.recipientName} (${e.recipientEmail})`,
    walletLabel: 'Your gift cards',
    walletUrl: `${e.publicUrl}/account/wallet`,
  };
}

export function receiptText(e: ReceiptEmail): string {
  const c = receiptContent(e);
  return [
    c.greeting,
    '',
    c.thanks,
    c.when,
    c.codeNote,
    '',
    `${c.walletLabel}: ${c.walletUrl}`,
    '',
    SITE_NAME,
  ].join('\n');
}

export function receiptHtml(e: ReceiptEmail): string {
  return renderEmail(createElement(GiftCardReceipt, receiptContent(e)));
}
