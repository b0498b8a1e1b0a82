import {
  cancelForCompanyBody,
  type BookingCase,
  type BookingRecord,
  type CancelForCompanyAnswer,
  type CancelForCompanyOrder,
} from '../contract/booking-records';
import { isoDay } from '../contract/common';
import { UK_TIME_ZONE } from '../domain/constants';
import { formatPence, formatUkTime } from '../domain/format';
import { ukDateOf } from '../domain/uk-time';
import { UsageError } from './errors';

// Customer service at the command line: look a booking up, list or export a range, cancel one on
// the company's behalf. Parsing checks with the API's own schemas, so both refuse the same input.

export type BookingCommand =
  | { name: 'booking'; key: string }
  | { name: 'bookings'; from: string; to: string; therapist: string | null; csv: boolean }
  | { name: 'cancel'; key: string; order: CancelForCompanyOrder };

/** "--name value" and "--name=value" options, plus flags; anything else is positional. */
function options(rest: string[], command: string, valued: string[], flags: string[] = []) {
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    if (!match?.[1]) {
      positional.push(arg);
      continue;
    }
    const name = match[1];
    if (flags.includes(name) && match[2] === undefined) {
      values.set(name, 'yes');
    } else if (valued.includes(name)) {
      const value = match[2] ?? rest[++i];
      if (value === undefined) throw new UsageError(`${command}: --${name} needs a value.`);
      values.set(name, value);
    } else {
      throw new UsageError(`${command}: unknown option "${arg}".`);
    }
  }
  return { values, positional };
}

function day(command: string, option: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`${command} needs --${option} YYYY-MM-DD.`);
  if (!isoDay.safeParse(value).success) {
    throw new UsageError(`${command}: --${option} must be a day, YYYY-MM-DD, not "${value}".`);
  }
  return value;
}

export function parseBookingCommand(name: string, rest: string[]): BookingCommand {
  if (name === 'booking') {
    if (rest.length !== 1 || !rest[0] || rest[0].startsWith('--')) {
      throw new UsageError('booking needs exactly one booking reference: booking REFERENCE');
    }
    return { name, key: rest[0] };
  }
  if (name === 'bookings') {
    const { values, positional } = options(rest, name, ['from', 'to', 'therapist'], ['csv']);
    if (positional.length > 0) throw new UsageError(`bookings: unexpected "${positional[0]}".`);
    const from = day(name, 'from', values.get('from'));
    const to = day(name, 'to', values.get('to'));
    if (from > to) throw new UsageError('bookings: --from must be on or before --to.');
    return { name, from, to, therapist: values.get('therapist') ?? null, csv: values.has('csv') };
  }
  const { values, positional } = options(rest, 'cancel', ['refund', 'reason']);
  if (positional.length !== 1 || !positional[0]) {
    throw new UsageError(
      'cancel needs one booking reference: cancel REFERENCE --refund … --reason …',
    );
  }
  if (!values.has('refund')) throw new UsageError('cancel needs --refund full or --refund policy.');
  if (!values.has('reason')) throw new UsageError('cancel needs --reason TEXT: say why.');
  const order = cancelForCompanyBody.safeParse({
    refund: values.get('refund'),
    reason: values.get('reason'),
  });
  if (!order.success) {
    const issue = order.error.issues[0];
    throw new UsageError(
      `cancel: --${String(issue?.path[0])} ${issue?.message ?? 'is not valid'}.`,
    );
  }
  return { name: 'cancel', key: positional[0], order: order.data };
}

const when = (iso: string) => {
  const ms = Date.parse(iso);
  return `${ukDateOf(ms, UK_TIME_ZONE)} ${formatUkTime(ms, UK_TIME_ZONE)}`;
};
const timeOf = (iso: string) => formatUkTime(Date.parse(iso), UK_TIME_ZONE);

function oneLineAddress(b: BookingRecord): string {
  const a = b.address;
  return a ? [a.line1, a.line2, a.town, a.postcode].filter(Boolean).join(', ') : '(erased)';
}

function table(rows: string[][]): string {
  if (rows.length === 0) return '  (none)\n';
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) => `  ${r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd())
    .join('\n')
    .concat('\n');
}

export function describeRecord(b: BookingRecord): string {
  const m = b.amounts;
  const lines = [
    `Booking ${b.reference}  ${b.status}  (id ${b.id})`,
    `  When:        ${when(b.startsAt)}–${timeOf(b.endsAt)} UK time (free again ${timeOf(b.endsWithBufferAt)})`,
    `  Therapist:   ${b.therapist.name} (${b.therapist.id}), ${b.city}`,
    `  Customer:    ${b.customer.name}, ${b.customer.phone ?? 'no phone'}, ${b.customer.email}`,
    `  Address:     ${oneLineAddress(b)}`,
    `  Treatments:  ${b.items.map((i) => `${i.name} ${formatPence(i.pricePence)}`).join(', ')}`,
    `  Amounts:     total ${formatPence(m.totalPence)}; card ${formatPence(m.cardPence)}, ` +
      `invoice ${formatPence(m.invoicePence)}, credit ${formatPence(m.creditPence)}, ` +
      `referral ${formatPence(m.referralDiscountPence)}; refunded ${formatPence(m.refundedPence)}`,
  ];
  if (b.cancellation) {
    const { by, at, reason } = b.cancellation;
    lines.push(`  Cancelled:   by the ${by} at ${when(at)}${reason ? `: ${reason}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

export function describeCase(c: BookingCase): string {
  const history = c.booking.history.map((h) => [
    when(h.at),
    h.kind,
    `${h.fromStatus ?? ''} → ${h.toStatus}`,
    h.kind === 'moved' ? `to ${when(h.startsAt)}` : '',
  ]);
  const payments = c.payments.map((p) => [
    `#${p.attempt}`,
    p.method,
    p.card ?? '',
    p.status,
    formatPence(p.amountPence),
    p.refundedPence > 0 ? `refunded ${formatPence(p.refundedPence)}` : '',
    p.failureReason ?? p.providerPaymentId ?? '',
  ]);
  const calls = c.providerCalls.map((t) => [
    t.kind,
    t.amountPence === null ? '' : formatPence(t.amountPence),
    t.status,
    `${t.attempts} attempt${t.attempts === 1 ? '' : 's'}`,
    t.lastError ?? '',
  ]);
  const ledger = c.walletEntries.map((e) => [
    when(e.createdAt),
    e.kind,
    formatPence(e.amountPence),
    e.description,
  ]);
  const messages = c.messages.map((m) => [
    when(m.createdAt),
    m.channel,
    m.to,
    m.subject,
    m.status,
    m.error ?? '',
  ]);
  return [
    describeRecord(c.booking),
    `History\n${table(history)}`,
    `Payments\n${table(payments)}`,
    `Refunds and transfers\n${table(calls)}`,
    `Wallet entries\n${table(ledger)}`,
    `Messages\n${table(messages)}`,
  ].join('\n');
}

export function describeCancel(a: CancelForCompanyAnswer): string {
  return (
    `Cancelled ${a.booking.reference}. Refund ${formatPence(a.refundPence)} ` +
    `(card ${formatPence(a.cardRefundPence)}, wallet ${formatPence(a.walletRefundPence)}). ` +
    'The customer is told by email and push; the time is free again.\n'
  );
}

const CSV_HEADER = [
  'reference',
  'id',
  'status',
  'starts_at',
  'ends_at',
  'therapist_id',
  'therapist',
  'city',
  'customer',
  'phone',
  'email',
  'address',
  'treatments',
  'total_pence',
  'card_pence',
  'invoice_pence',
  'credit_pence',
  'referral_discount_pence',
  'refunded_pence',
];

/**
 * RFC 4180 quoting, and a leading apostrophe for text a spreadsheet would run as a formula
 * (a customer named "=HYPERLINK(…)" must stay a name).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(bookings: BookingRecord[]): string {
  const rows = bookings.map((b) => [
    b.reference,
    b.id,
    b.status,
    b.startsAt,
    b.endsAt,
    b.therapist.id,
    b.therapist.name,
    b.city,
    b.customer.name,
    b.customer.phone ?? '',
    b.customer.email,
    oneLineAddress(b),
    b.items.map((i) => i.name).join('; '),
    b.amounts.totalPence,
    b.amounts.cardPence,
    b.amounts.invoicePence,
    b.amounts.creditPence,
    b.amounts.referralDiscountPence,
    b.amounts.refundedPence,
  ]);
  return [CSV_HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function listOf(bookings: BookingRecord[]): string {
  const rows = bookings.map((b) => [
    b.reference,
    when(b.startsAt),
    b.status,
    b.therapist.name,
    b.customer.name,
    b.items.map((i) => i.name).join(', '),
    formatPence(b.amounts.totalPence),
  ]);
  const n = bookings.length;
  return `${table(rows)}${n} booking${n === 1 ? '' : 's'}.\n`;
}
