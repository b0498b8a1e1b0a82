import { EmailLayout, BRAND } from './layout';
import { ActionButton, Paragraph, SignOff } from './parts';

// To a customer on the waitlist when a time that suits them opens and is held for them alone
// (waitlist/offer-message.ts, docs/decisions/0089).

export interface WaitlistOfferProps {
  subject: string;
  greeting: string;
  news: string;
  hold: string;
  actionLabel: string;
  offerUrl: string;
  after: string;
}

export function WaitlistOfferEmail(p: WaitlistOfferProps) {
  return (
    <EmailLayout title={p.subject} preview={p.news}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.news}</Paragraph>
      <Paragraph>{p.hold}</Paragraph>
      <ActionButton href={p.offerUrl}>{p.actionLabel}</ActionButton>
      <Paragraph>{p.after}</Paragraph>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
