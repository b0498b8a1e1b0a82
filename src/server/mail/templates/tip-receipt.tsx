import { EmailLayout, BRAND } from './layout';
import { DetailsTable, LinkLine, Paragraph, SignOff, type DetailRow } from './parts';

// The receipt for a tip after an appointment (tips/tip-receipt.ts), sent through the outbox in the
// transaction that records the tip as paid.

export interface TipReceiptProps {
  subject: string;
  greeting: string;
  thanks: string;
  rows: readonly DetailRow[];
  whereItGoes: string;
  appointmentsLabel: string;
  appointmentsUrl: string;
}

export function TipReceipt(p: TipReceiptProps) {
  return (
    <EmailLayout title={p.subject} preview={p.thanks}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.thanks}</Paragraph>
      <DetailsTable rows={p.rows} caption="Your tip" />
      <Paragraph>{p.whereItGoes}</Paragraph>
      <LinkLine label={p.appointmentsLabel} href={p.appointmentsUrl} />
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
