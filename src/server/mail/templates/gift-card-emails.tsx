import { EmailLayout, BRAND } from './layout';
import { ActionButton, CodeBox, DetailsTable, Paragraph, SignOff } from './parts';

// A gift card's two emails: the card itself to the recipient (a present, so the amount and the
// code stand out) and the buyer's receipt. The words are their plain text's
// (gift-cards/gift-card-emails.ts).

export interface GiftCardDeliveryProps {
  subject: string;
  greeting: string;
  /** "Ada has sent you a Glow at Home gift card worth £50.00." */
  headline: string;
  /** "Their message: “…”", when there is one. */
  message: string | null;
  codeLabel: string;
  code: string;
  howTo: string;
  walletUrl: string;
  whereItGoes: string;
  keepSafe: string;
}

export function GiftCardDelivery(p: GiftCardDeliveryProps) {
  return (
    <EmailLayout title={p.subject} preview={p.headline}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>
        <strong>{p.headline}</strong>
      </Paragraph>
      {p.message ? <Paragraph>{p.message}</Paragraph> : null}
      <CodeBox label={p.codeLabel} code={p.code} />
      <Paragraph>{p.howTo}</Paragraph>
      <ActionButton href={p.walletUrl}>Open your wallet</ActionButton>
      <Paragraph>{p.whereItGoes}</Paragraph>
      <Paragraph>{p.keepSafe}</Paragraph>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}

export interface GiftCardReceiptProps {
  subject: string;
  greeting: string;
  thanks: string;
  when: string;
  codeNote: string;
  amount: string;
  recipient: string;
  walletLabel: string;
  walletUrl: string;
}

export function GiftCardReceipt(p: GiftCardReceiptProps) {
  return (
    <EmailLayout title={p.subject} preview={p.thanks}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.thanks}</Paragraph>
      <DetailsTable
        rows={[
          ['Amount', p.amount],
          ['For', p.recipient],
        ]}
      />
      <Paragraph>{p.when}</Paragraph>
      <Paragraph>{p.codeNote}</Paragraph>
      <ActionButton href={p.walletUrl}>{p.walletLabel}</ActionButton>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
