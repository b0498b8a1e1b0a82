import { createElement } from 'react';
import { UK_TIME_ZONE } from '../../domain/constants';
import { firstNameOf, formatLongDateOfInstant } from '../../domain/format';
import { REVIEW_EDIT_DAYS } from '../../domain/reviews';
import type { OutboxMessage } from '../mail/outbox';
import {
  ReviewRequestEmail,
  type ReviewRequestEmailProps,
} from '../mail/templates/review-request-email';
import { renderEmail } from '../mail/templates/render';
import type { OutgoingPush } from '../push/push-outbox';
import { SITE_NAME } from '../notifications/booking-format';

// "How was your treatment?": the email and the push a completed booking's customer gets once, a
// few hours after the visit (docs/decisions/0086), each with the way to the review page.

export interface ReviewRequestFacts {
  bookingId: string;
  customer: { email: string; name: string };
  therapistName: string;
  treatments: readonly string[];
  startsAt: Date;
  publicUrl: string;
}

export const SUBJECT = 'How was your treatment?';

/** The page the email and the push open. */
export const reviewPath = (bookingId: string) => `/account/appointments/${bookingId}/review`;

const dedupeKey = (bookingId: string) => `booking-${bookingId}-review-request`;

function contentOf(f: ReviewRequestFacts): ReviewRequestEmailProps {
  const therapist = firstNameOf(f.therapistName);
  const day = formatLongDateOfInstant(f.startsAt.getTime(), UK_TIME_ZONE);
  return {
    subject: SUBJECT,
    greeting: `Hello ${firstNameOf(f.customer.name)},`,
    question: `How was your ${f.treatments.join(', ')} with ${therapist} on ${day}?`,
    why:
      `A rating takes a tap, and a few words help others choose and help ${therapist} too. ` +
      `You can change it for ${REVIEW_EDIT_DAYS} days.`,
    actionLabel: 'Rate your treatment',
    actionUrl: `${f.publicUrl}${reviewPath(f.bookingId)}`,
  };
}

export function reviewRequestEmail(f: ReviewRequestFacts): OutboxMessage {
  const c = contentOf(f);
  return {
    to: f.customer.email,
    subject: c.subject,
    text: [
      c.greeting,
      '',
      c.question,
      c.why,
      '',
      `${c.actionLabel}: ${c.actionUrl}`,
      '',
      SITE_NAME,
    ].join('\n'),
    html: renderEmail(createElement(ReviewRequestEmail, c)),
    dedupeKey: dedupeKey(f.bookingId),
  };
}

// A request still unread after three days has done what it could.
const PUSH_TTL_SECONDS = 3 * 24 * 60 * 60;

export function reviewRequestPush(f: ReviewRequestFacts, userId: string): OutgoingPush {
  return {
    userId,
    message: {
      title: SUBJECT,
      body: `Rate your ${f.treatments.join(', ')} with ${firstNameOf(f.therapistName)}.`,
      url: reviewPath(f.bookingId),
      tag: `review-${f.bookingId}`,
    },
    dedupeKey: dedupeKey(f.bookingId),
    ttlSeconds: PUSH_TTL_SECONDS,
  };
}
