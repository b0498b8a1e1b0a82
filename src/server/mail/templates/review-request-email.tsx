import { EmailLayout, BRAND } from './layout';
import { ActionButton, Paragraph, SignOff } from './parts';

// To the customer a few hours after a completed appointment (reviews/send-review-requests.ts):
// one question and one button to the review page.

export interface ReviewRequestEmailProps {
  subject: string;
  greeting: string;
  question: string;
  why: string;
  actionLabel: string;
  actionUrl: string;
}

export function ReviewRequestEmail(p: ReviewRequestEmailProps) {
  return (
    <EmailLayout title={p.subject} preview={p.question}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.question}</Paragraph>
      <Paragraph>{p.why}</Paragraph>
      <ActionButton href={p.actionUrl}>{p.actionLabel}</ActionButton>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
