import { createElement } from 'react';
import { UK_TIME_ZONE } from '../../domain/constants';
import { firstNameOf, formatLongDateOfInstant, formatUkTime } from '../../domain/format';
import type { OutboxMessage } from '../mail/outbox';
import { WaitlistOfferEmail, type WaitlistOfferProps } from '../mail/templates/waitlist-offer';
import { renderEmail } from '../mail/templates/render';
import type { OutgoingPush } from '../push/push-outbox';

// What a waiting customer is told when a time is held for them: the email and its push twin,
// both written in the transaction that makes the offer (match-entry.ts), keyed by the offer so
// nothing is written twice.

export interface OfferNews {
  offerId: string;
  token: string;
  customerId: string;
  to: string;
  name: string;
  treatments: string[];
  therapistName: string;
  startsAt: Date;
  expiresAt: Date;
  publicUrl: string;
}

/** The offer's page: the account page with the offer on top (no new route on the home bundle). */
export const offerPath = (token: string) => `/account?offer=${encodeURIComponent(token)}`;

function contentOf(n: OfferNews): WaitlistOfferProps {
  const when = `${formatLongDateOfInstant(n.startsAt.getTime(), UK_TIME_ZONE)} at ${formatUkTime(n.startsAt.getTime(), UK_TIME_ZONE)}`;
  return {
    subject: `A time has opened: ${when}`,
    greeting: `Hello ${firstNameOf(n.name)},`,
    news: `A time you were waiting for has opened: ${n.treatments.join(', ')} with ${n.therapistName}, ${when}.`,
    hold: `We are holding it for you alone until ${formatUkTime(n.expiresAt.getTime(), UK_TIME_ZONE)}. After that we ask the next person waiting.`,
    actionLabel: 'Take this time',
    offerUrl: `${n.publicUrl}${offerPath(n.token)}`,
    after: 'If it no longer suits you, do nothing: you stay on the waitlist for other times.',
  };
}

export function offerEmail(n: OfferNews): OutboxMessage {
  const c = contentOf(n);
  return {
    to: n.to,
    subject: c.subject,
    text: [
      c.greeting,
      '',
      c.news,
      c.hold,
      '',
      `${c.actionLabel}: ${c.offerUrl}`,
      '',
      c.after,
      '',
      'Glow at Home',
    ].join('\n'),
    html: renderEmail(createElement(WaitlistOfferEmail, c)),
    dedupeKey: `waitlist-offer-${n.offerId}`,
  };
}

export function offerPush(n: OfferNews, ttlSeconds: number): OutgoingPush {
  const when = `${formatLongDateOfInstant(n.startsAt.getTime(), UK_TIME_ZONE)} ${formatUkTime(n.startsAt.getTime(), UK_TIME_ZONE)}`;
  return {
    userId: n.customerId,
    message: {
      title: 'A time has opened for you',
      body: `${n.therapistName}, ${when}. Held for you until ${formatUkTime(n.expiresAt.getTime(), UK_TIME_ZONE)}.`,
      url: offerPath(n.token),
      tag: `waitlist-offer-${n.offerId}`,
    },
    dedupeKey: `waitlist-offer-${n.offerId}`,
    ttlSeconds,
  };
}
