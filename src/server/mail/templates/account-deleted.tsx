import { EmailLayout, BRAND } from './layout';
import { DetailsTable, Paragraph, SignOff, Subheading } from './parts';

// The last email to someone who deleted their account: it is done, and the refunds still on their
// way to them, so nobody wonders where their money went (account/account-deleted-email.ts).

export interface AccountDeletedProps {
  subject: string;
  greeting: string;
  done: string;
  kept: string;
  /** Each refund's booking and what comes back where; empty when none is on its way. */
  refunds: readonly { booking: string; refund: string }[];
  refundsHeading: string;
  refundsNote: string;
  last: string;
}

export function AccountDeleted(p: AccountDeletedProps) {
  return (
    <EmailLayout title={p.subject} preview={p.done}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.done}</Paragraph>
      <Paragraph>{p.kept}</Paragraph>
      {p.refunds.length > 0 ? (
        <>
          <Subheading>{p.refundsHeading}</Subheading>
          <DetailsTable rows={p.refunds.map((r) => [r.booking, r.refund] as const)} />
          <Paragraph>{p.refundsNote}</Paragraph>
        </>
      ) : null}
      <Paragraph>{p.last}</Paragraph>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
