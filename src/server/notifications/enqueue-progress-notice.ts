import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { BookingView } from '../../contract/booking';
import {
  expectedArrivalAt,
  lateArrivalPolicyText,
  progressSentence,
  type LateArrivalPolicy,
} from '../../domain/booking-progress';
import { UK_TIME_ZONE } from '../../domain/constants';
import { firstNameOf, formatUkTime } from '../../domain/format';
import type { Db } from '../db/client';
import { enqueueMail, mailInsert, type OutboxMessage } from '../mail/outbox';
import { ProgressEmail, type ProgressEmailProps } from '../mail/templates/progress-email';
import { renderEmail } from '../mail/templates/render';
import { pushInsert, type OutgoingPush } from '../push/push-outbox';
import { SITE_NAME } from './booking-format';

// The customer's news that their therapist has set off, or is running late (docs/decisions/0084):
// an email and, when they turned pushes on, a push to each device, written in the transaction of
// the step. Each once per booking and step, by its dedupe key, however often the step is sent.

/** The steps the customer is told about by email and push. */
export type ProgressNoticeStep = 'on_the_way' | 'running_late';

export interface ProgressNews {
  step: ProgressNoticeStep;
  /** The booking as it stands after the step, its progress included. */
  view: BookingView;
  customer: { email: string; name: string };
  lateArrival: LateArrivalPolicy;
  publicUrl: string;
}

const SUBJECTS: Record<ProgressNoticeStep, string> = {
  on_the_way: 'Your therapist is on the way',
  running_late: 'Your therapist is running late',
};

const time = (iso: string) => formatUkTime(Date.parse(iso), UK_TIME_ZONE);

function etaOf(step: ProgressNoticeStep, v: BookingView): number | null {
  const p = v.progress;
  return step === 'on_the_way' ? (p?.etaMinutes ?? null) : (p?.runningLate?.etaMinutes ?? null);
}

/** When to expect them and what for, in a line or two. */
function detailsOf(news: ProgressNews): string[] {
  const { view: v } = news;
  const expected = v.progress ? expectedArrivalAt(v.progress) : null;
  const treatments = v.items.map((i) => i.name).join(', ');
  const lines = [
    `${expected ? `Expected around ${time(expected)} (UK time) for your` : 'For your'} ${treatments} at ${time(v.startsAt)}.`,
  ];
  if (news.step === 'running_late' && news.lateArrival.creditPence > 0) {
    lines.push(lateArrivalPolicyText(news.lateArrival));
  }
  return lines;
}

function contentOf(news: ProgressNews): ProgressEmailProps {
  const { view: v } = news;
  return {
    subject: SUBJECTS[news.step],
    greeting: `Hello ${firstNameOf(news.customer.name)},`,
    news: `${progressSentence(news.step, v.therapist.name, etaOf(news.step, v))}.`,
    details: detailsOf(news),
    actionLabel: 'Follow your appointment',
    actionUrl: `${news.publicUrl}/account/appointments`,
  };
}

const dedupeKey = (news: ProgressNews) => `booking-${news.view.id}-${news.step}`;

/** The email as the outbox keeps it; exported for the templates' test. */
export function progressEmail(news: ProgressNews): OutboxMessage {
  const c = contentOf(news);
  return {
    to: news.customer.email,
    subject: c.subject,
    text: [
      c.greeting,
      '',
      c.news,
      ...c.details,
      '',
      `${c.actionLabel}: ${c.actionUrl}`,
      '',
      SITE_NAME,
    ].join('\n'),
    html: renderEmail(createElement(ProgressEmail, c)),
    dedupeKey: dedupeKey(news),
  };
}

// News of a journey is worthless an hour later: a phone that was off hears it no more.
const PUSH_TTL_SECONDS = 60 * 60;

export function progressPush(news: ProgressNews, userId: string): OutgoingPush {
  const { view: v } = news;
  return {
    userId,
    message: {
      title: progressSentence(news.step, v.therapist.name),
      body: detailsOf({ ...news, lateArrival: { ...news.lateArrival, creditPence: 0 } }).join(' '),
      url: '/account/appointments',
      tag: `booking-${v.id}`,
    },
    dedupeKey: dedupeKey(news),
    ttlSeconds: PUSH_TTL_SECONDS,
    topic: v.id.replace(/-/g, ''),
  };
}

/**
 * Writes the email, and with `pushTo` the pushes, inside the caller's transaction: one statement
 * for both, as the other booking news does (enqueue-booking-email.ts).
 */
export async function enqueueProgressNotice(
  tx: Db,
  news: ProgressNews,
  pushTo?: { userId: string },
): Promise<void> {
  const mail = progressEmail(news);
  if (!pushTo) {
    await enqueueMail(tx, mail);
    return;
  }
  const push = progressPush(news, pushTo.userId);
  await tx.execute(sql`with mail as (${mailInsert(tx, mail).getSQL()}) ${pushInsert(push)}`);
}
