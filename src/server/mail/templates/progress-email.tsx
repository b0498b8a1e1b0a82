import { EmailLayout, BRAND } from './layout';
import { ActionButton, Paragraph, SignOff } from './parts';

// To the customer when their therapist sets off or is running late
// (notifications/enqueue-progress-notice.ts): the news, when to expect them, and the way to the
// live timeline.

export interface ProgressEmailProps {
  subject: string;
  greeting: string;
  news: string;
  /** When to expect the therapist, the appointment, and what a late arrival earns. */
  details: readonly string[];
  actionLabel: string;
  actionUrl: string;
}

export function ProgressEmail(p: ProgressEmailProps) {
  return (
    <EmailLayout title={p.subject} preview={p.news}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.news}</Paragraph>
      {p.details.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <ActionButton href={p.actionUrl}>{p.actionLabel}</ActionButton>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
