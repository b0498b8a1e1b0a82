import { describe, expect, it } from 'vitest';
import { bookingRecord } from '../../../test-support/booking-record-fixture';
import { bookingView as view } from '../../../test-support/booking-view-fixture';
import { testConfig } from '../../../test-support/test-config';
import { accountDeletedEmail } from '../../account/account-deleted-email';
import {
  magicLinkEmail,
  passwordResetEmail,
  signUpTakenEmail,
  verificationEmail,
} from '../../auth/auth-emails';
import { DEMO_COMPANY } from '../../config';
import {
  deliveryHtml,
  deliveryText,
  receiptHtml,
  receiptText,
} from '../../gift-cards/gift-card-emails';
import { bookingEmail, type BookingEmailKind } from '../../notifications/enqueue-booking-email';
import {
  therapistEmailHtml,
  therapistEmailText,
} from '../../notifications/enqueue-therapist-email';
import { therapistEventOf } from '../../notifications/therapist-event';
import { referralCreditEmail } from '../../referrals/referral-credit-email';
import { progressEmail } from '../../notifications/enqueue-progress-notice';
import { reviewRequestEmail } from '../../reviews/review-request-notice';
import { tipReceiptEmail } from '../../tips/tip-receipt';
import { withCompanyFooter } from '../company-footer';

// Every message the app sends, rendered: an HTML part beside the plain text, saying the same key
// facts, readable without images (there are none) and loading nothing from elsewhere.

const config = testConfig({ PUBLIC_URL: 'https://glow.example' });

/** The words a reader sees: tags gone, entities read. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function booking(kind: BookingEmailKind, now: string) {
  const ctx = { config, now: () => new Date(now) };
  const v = view(kind === 'cancelled' ? { status: 'cancelled' } : {});
  return bookingEmail(ctx, {
    kind,
    view: v,
    customer: { email: 'ada@example.com', name: 'Ada' },
    rescheduleCount: 0,
  });
}

const delivery = {
  recipientName: 'Una',
  buyerName: 'Zelda Quill',
  amountPence: 10000,
  message: 'Happy birthday',
  code: 'GLOW-ABCD-EFGH-JKLM',
  publicUrl: 'https://glow.example',
};
const receipt = {
  buyerName: 'Zelda Quill',
  recipientName: 'Una',
  recipientEmail: 'una@example.com',
  amountPence: 10000,
  sendOn: '2026-12-24',
  sendsNow: false,
  codeLast4: 'JKLM',
  publicUrl: 'https://glow.example',
};

/** Each message, with facts both its parts must say. */
const messages: {
  name: string;
  subject: string;
  text: string;
  html?: string;
  facts: string[];
}[] = [
  ...[
    verificationEmail('a@example.com', 'Ada', 'https://glow.example/verify?t=1&x=2'),
    passwordResetEmail('a@example.com', 'Ada', 'https://glow.example/reset/1', 60),
    magicLinkEmail('a@example.com', 'https://glow.example/magic/1', 15),
    signUpTakenEmail('a@example.com', 'Ada', 'https://glow.example/login'),
  ].map((m) => ({
    name: m.subject,
    ...m,
    facts: [m.text.split('\n')[0] ?? '', 'ignore this email'],
  })),
  ...(['confirmed', 'rescheduled', 'cancelled', 'reminder'] as const).map((kind) => {
    const m = booking(kind, '2026-11-20T12:00:00Z');
    return {
      name: `booking ${kind}`,
      ...m,
      facts: [
        'K7M2QX9D',
        'Tuesday, 1 December 2026 at 10:00 (UK time)',
        'Morag Reid',
        '1 Test Street, Edinburgh, EH1 1AA',
        'Swedish Massage (60 min)',
        kind === 'cancelled' ? '£25.00' : 'Visa ending 4242',
        'https://glow.example/account/appointments',
      ],
    };
  }),
  ...(['confirmed', 'cancelled'] as const).map((kind) => {
    const record = bookingRecord({
      items: [
        {
          treatmentId: 's',
          name: 'Swedish Massage (60 min)',
          pricePence: 6500,
          durationMinutes: 60,
          isAddOn: false,
        },
      ],
    });
    return {
      name: `therapist ${kind}`,
      subject: `therapist ${kind}`,
      text: therapistEmailText(kind, record),
      html: therapistEmailHtml(kind, record),
      facts: ['K7M2QX9D', 'Hello Anna,', 'Swedish Massage (60 min)', 'Blue door'],
    };
  }),
  {
    name: 'gift card',
    subject: 'You have been sent a Glow at Home gift card',
    text: deliveryText(delivery),
    html: deliveryHtml(delivery),
    facts: [
      'Zelda has sent you a Glow at Home gift card worth £100.00.',
      'GLOW-ABCD-EFGH-JKLM',
      'Happy birthday',
    ],
  },
  {
    name: 'gift card receipt',
    subject: 'Your Glow at Home gift card order',
    text: receiptText(receipt),
    html: receiptHtml(receipt),
    facts: ['Thursday 24 December 2026', 'Its code ends in JKLM'],
  },
  {
    name: 'referral credit',
    ...referralCreditEmail({
      referralId: 'r1',
      to: 'ada@example.com',
      name: 'Ada Lovelace',
      amountPence: 1000,
      publicUrl: 'https://glow.example',
    }),
    facts: ['Hello Ada,', '£10.00 of referral credit', 'https://glow.example/account/wallet'],
  },
  {
    name: 'therapist on the way',
    ...progressEmail({
      step: 'on_the_way',
      view: view({
        progress: {
          status: 'on_the_way',
          onTheWayAt: '2026-12-01T09:50:00.000Z',
          etaMinutes: 12,
          runningLate: null,
          arrivedAt: null,
          startedAt: null,
          finishedAt: null,
          lateArrivalCreditPence: null,
        },
      }),
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      lateArrival: { afterMinutes: 20, creditPence: 500 },
      publicUrl: 'https://glow.example',
    }),
    facts: [
      'Hello Ada,',
      'Morag is on the way — about 12 minutes.',
      'Expected around 10:02 (UK time) for your Swedish Massage (60 min) at 10:00.',
      'https://glow.example/account/appointments',
    ],
  },
  {
    name: 'therapist running late',
    ...progressEmail({
      step: 'running_late',
      view: view({
        progress: {
          status: 'not_set_off',
          onTheWayAt: null,
          etaMinutes: null,
          runningLate: { at: '2026-12-01T09:55:00.000Z', etaMinutes: 30 },
          arrivedAt: null,
          startedAt: null,
          finishedAt: null,
          lateArrivalCreditPence: null,
        },
      }),
      customer: { email: 'ada@example.com', name: 'Ada' },
      lateArrival: { afterMinutes: 20, creditPence: 500 },
      publicUrl: 'https://glow.example',
    }),
    facts: [
      'Morag is running late — now about 30 minutes away.',
      'Expected around 10:25 (UK time)',
      'more than 20 minutes after the booked start time, we add £5.00',
    ],
  },
  {
    name: 'review request',
    ...reviewRequestEmail({
      bookingId: 'b1',
      customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
      therapistName: 'Morag Reid',
      treatments: ['Swedish Massage'],
      startsAt: new Date('2026-12-01T10:00:00Z'),
      publicUrl: 'https://glow.example',
    }),
    facts: [
      'Hello Ada,',
      'How was your Swedish Massage with Morag on Tuesday 1 December 2026?',
      'https://glow.example/account/appointments/b1/review',
    ],
  },
  {
    name: 'tip receipt',
    ...tipReceiptEmail({
      customerName: 'Ada Lovelace',
      therapistName: 'Morag Reid',
      amountPence: 975,
      creditAppliedPence: 200,
      amountDuePence: 775,
      card: 'Visa ending 4242',
      startsAt: new Date('2026-12-01T10:00:00Z'),
      publicUrl: 'https://glow.example',
    }),
    facts: [
      'Hello Ada,',
      'Thank you — your £9.75 tip for Morag has been paid.',
      'Visa ending 4242',
      'Wallet credit',
      'https://glow.example/account/appointments',
    ],
  },
  {
    name: 'account deleted',
    ...accountDeletedEmail(
      { userId: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' },
      [
        {
          reference: 'K7M2QX9D',
          refundedPence: 2500,
          method: 'card',
          cardBrand: 'visa',
          cardLast4: '4242',
        },
      ],
      'deleted-u1@deleted.invalid',
    ),
    facts: ['Hello Ada,', 'Booking K7M2QX9D', '£25.00 back to Visa ending 4242'],
  },
];

describe('every email', () => {
  it.each(messages)(
    '$name: an accessible HTML twin of its text',
    ({ subject, text, html, facts }) => {
      if (!html) throw new Error('no HTML part');
      expect(html).toMatch(/^<!DOCTYPE html><html dir="ltr" lang="en">/);
      expect(html).toContain(`<title>`);
      expect(html.match(/<h1[ >]/g)).toHaveLength(1);
      if (!subject.startsWith('therapist')) expect(visibleText(html)).toContain(subject);
      // Readable with images off: there are none, and nothing is fetched from elsewhere.
      expect(html).not.toMatch(/<img|<link|<script|url\(|@import|\ssrc=/i);
      for (const fact of facts) {
        expect(text, fact).toContain(fact);
        expect(visibleText(html), fact).toContain(fact);
      }
      // The company's details go inside the card, where the layout keeps a place for them.
      const sent = withCompanyFooter({ text, html }, DEMO_COMPANY).html ?? '';
      expect(sent).not.toContain('id="company-footer"');
      expect(sent.indexOf('Registered in Scotland')).toBeLessThan(sent.lastIndexOf('</td>'));
    },
  );

  it("names each treatment's length once, in the therapist's email and calendar", () => {
    const record = bookingRecord({
      items: [
        {
          treatmentId: 's',
          name: 'Swedish Massage (60 min)',
          pricePence: 6500,
          durationMinutes: 60,
          isAddOn: false,
        },
      ],
    });
    for (const words of [
      therapistEmailText('confirmed', record),
      visibleText(therapistEmailHtml('confirmed', record)),
      therapistEventOf(record).description,
    ]) {
      expect(words).toContain('Swedish Massage (60 min)');
      expect(words).not.toContain('(60 min) (60 min)');
    }
  });

  it('states the cancellation terms as they stand when the email is written', () => {
    // Ten days ahead: the free-cancellation deadline is still to come.
    expect(booking('confirmed', '2026-11-20T12:00:00Z').text).toContain(
      'Free cancellation until 10:00 on Monday 30 November 2026 (24 hours before).',
    );
    // Confirmed at 23:45 for 10:00 the next morning: no deadline already past is offered.
    const late = booking('confirmed', '2026-11-30T23:45:00Z');
    expect(late.text).not.toContain('Free cancellation until');
    expect(late.text).toMatch(/Cancel now: 50% back, £32\.50\./);
    expect(visibleText(late.html ?? '')).toContain('Cancel now: 50% back, £32.50.');
    expect(booking('cancelled', '2026-11-20T12:00:00Z').text).not.toContain('Cancellation terms');
  });
});
