import { createElement } from 'react';
import { UK_TIME_ZONE } from '../../domain/constants';
import { firstNameOf, formatLongDateOfInstant, formatPence } from '../../domain/format';
import { TipReceipt, type TipReceiptProps } from '../mail/templates/tip-receipt';
import { renderEmail } from '../mail/templates/render';

// The tip's receipt, plain text with an HTML twin like every email. The subject is generic on
// purpose: an erased account's mail keeps its subject (docs/decisions/0019), so no name goes there.

export const TIP_RECEIPT_SUBJECT = 'Thank you for your tip';

/** One receipt per tip, whoever settles its payment and however often. */
export const tipReceiptKey = (tipId: string) => `tip-${tipId}-receipt`;

export interface TipReceiptFacts {
  customerName: string;
  therapistName: string;
  amountPence: number;
  creditAppliedPence: number;
  amountDuePence: number;
  /** "Visa ending 4242", or null when no card paid. */
  card: string | null;
  startsAt: Date;
  publicUrl: string;
}

function content(f: TipReceiptFacts): TipReceiptProps {
  const therapist = firstNameOf(f.therapistName);
  const paidBy: [string, string][] = [];
  if (f.amountDuePence > 0) paidBy.push([f.card ?? 'Card', formatPence(f.amountDuePence)]);
  if (f.creditAppliedPence > 0) paidBy.push(['Wallet credit', formatPence(f.creditAppliedPence)]);
  return {
    subject: TIP_RECEIPT_SUBJECT,
    greeting: `Hello ${firstNameOf(f.customerName)},`,
    thanks: `Thank you — your ${formatPence(f.amountPence)} tip for ${therapist} has been paid.`,
    rows: [
      ['Appointment', formatLongDateOfInstant(f.startsAt.getTime(), UK_TIME_ZONE)],
      ['Therapist', therapist],
      ...paidBy,
      ['Tip', formatPence(f.amountPence)],
    ],
    whereItGoes: `All of it goes to ${therapist}: we keep nothing.`,
    appointmentsLabel: 'Your appointments',
    appointmentsUrl: `${f.publicUrl}/account/appointments`,
  };
}

export function tipReceiptText(f: TipReceiptFacts): string {
  const c = content(f);
  return [
    c.greeting,
    '',
    c.thanks,
    '',
    ...c.rows.map(([label, value]) => `${label}: ${value}`),
    '',
    c.whereItGoes,
    '',
    `${c.appointmentsLabel}: ${c.appointmentsUrl}`,
    '',
    'Glow at Home',
  ].join('\n');
}

export function tipReceiptHtml(f: TipReceiptFacts): string {
  return renderEmail(createElement(TipReceipt, content(f)));
}

/** The receipt as the outbox takes it: subject, text and HTML. */
export function tipReceiptEmail(f: TipReceiptFacts): {
  subject: string;
  text: string;
  html: string;
} {
  return { subject: TIP_RECEIPT_SUBJECT, text: tipReceiptText(f), html: tipReceiptHtml(f) };
}
