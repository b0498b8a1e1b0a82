import { EmailLayout, BRAND } from './layout';
import { DetailsTable, Paragraph, SignOff, Subheading, type DetailRow } from './parts';

// The therapist's email for a booking confirmed, moved or cancelled, made from the same lines as
// its plain text (notifications/enqueue-therapist-email.ts).

export interface TherapistEmailProps {
  subject: string;
  greeting: string;
  opening: string;
  /** Reference, when, travel time, customer, where, access notes. */
  details: readonly DetailRow[];
  /** Each with its length, e.g. "Swedish Massage (60 min)". */
  treatments: readonly string[];
  /** What the attached calendar file does. */
  calendarNote: string;
}

export function TherapistEmail(p: TherapistEmailProps) {
  return (
    <EmailLayout title={p.subject} preview={p.opening}>
      <Paragraph>{p.greeting}</Paragraph>
      <Paragraph>{p.opening}</Paragraph>
      <DetailsTable rows={p.details} />
      <Subheading>Treatments</Subheading>
      <ul style={{ margin: '0 0 16px', paddingLeft: '24px', fontSize: '16px', lineHeight: '24px' }}>
        {p.treatments.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <Paragraph>{p.calendarNote}</Paragraph>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
