import { EmailLayout, BRAND } from './layout';
import { DetailsTable, LinkLine, Paragraph, SignOff, Subheading, type DetailRow } from './parts';

// A booking's email to the customer (confirmed, moved, cancelled, reminder). It is given the
// sentences and figures its plain-text twin is written from (notifications/enqueue-booking-email.ts),
// so both say the same words.

export interface BookingEmailProps {
  subject: string;
  greeting: string;
  opening: string;
  /** Reference, when, with, where. */
  details: readonly DetailRow[];
  treatments: readonly { name: string; price: string }[];
  /** Total, credit, paid; or the refund. */
  money: readonly DetailRow[];
  /** The cancellation terms as they stand when the email is written; none for a cancellation. */
  terms: readonly string[];
  appointmentsUrl: string;
  policyUrl: string;
}

export function BookingEmail(p: BookingEmailProps) {
  return (
    <EmailLayout title={p.subject} preview={p.opening}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.opening}</Paragraph>
      <DetailsTable rows={p.details} />
      <Subheading>Treatments</Subheading>
      <DetailsTable rows={p.treatments.map((t) => [t.name, t.price] as const)} />
      <DetailsTable rows={p.money} />
      {p.terms.length > 0 ? (
        <>
          <Subheading>Cancellation terms</Subheading>
          {p.terms.map((line) => (
            <Paragraph key={line}>{line}</Paragraph>
          ))}
        </>
      ) : null}
      <LinkLine label="Your appointments" href={p.appointmentsUrl} />
      <LinkLine label="Cancellation policy" href={p.policyUrl} />
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
