import { EmailLayout, BRAND } from './layout';
import { ActionButton, Paragraph, SignOff } from './parts';

// The sign-in flows' messages (confirm an email, reset a password, a sign-in link, "someone tried
// to sign up with your email"): a sentence, one button, and what to do if it was not you.

export interface LinkEmailProps {
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}

export function LinkEmail({ subject, intro, action, url, outro }: LinkEmailProps) {
  return (
    <EmailLayout title={subject} preview={intro}>
      <Paragraph>{intro}</Paragraph>
      <ActionButton href={url}>{action}</ActionButton>
      <Paragraph>{outro}</Paragraph>
      <SignOff>{BRAND}</SignOff>
    </EmailLayout>
  );
}
