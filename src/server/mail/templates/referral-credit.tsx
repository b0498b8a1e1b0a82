import { EmailLayout, BRAND } from './layout';
import { ActionButton, Paragraph, SignOff } from './parts';

// To a referrer when the friend they referred has had their first appointment and the credit is
// in their wallet (referrals/credit-referrers.ts).

export interface ReferralCreditProps {
  subject: string;
  greeting: string;
  news: string;
  use: string;
  walletLabel: string;
  walletUrl: string;
}

export function ReferralCredit(p: ReferralCreditProps) {
  return (
    <EmailLayout title={p.subject} preview={p.news}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.news}</Paragraph>
      <Paragraph>{p.use}</Paragraph>
      <ActionButton href={p.walletUrl}>{p.walletLabel}</ActionButton>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
