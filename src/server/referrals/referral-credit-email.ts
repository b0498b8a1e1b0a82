import { createElement } from 'react';
import { firstNameOf, formatPence } from '../../domain/format';
import type { OutboxMessage } from '../mail/outbox';
import { ReferralCredit, type ReferralCreditProps } from '../mail/templates/referral-credit';
import { renderEmail } from '../mail/templates/render';

// The referrer's news that their credit has arrived. The subject names nobody: an erased
// account's mail keeps its subject (docs/decisions/0019).

export const REFERRAL_CREDIT_SUBJECT = 'Your Glow at Home referral credit has arrived';

export interface ReferralCreditEmail {
  referralId: string;
  to: string;
  name: string;
  amountPence: number;
  publicUrl: string;
}

function contentOf(e: ReferralCreditEmail): ReferralCreditProps {
  return {
    subject: REFERRAL_CREDIT_SUBJECT,
    greeting: `Hello ${firstNameOf(e.name)},`,
    news: `A friend you referred has had their first appointment, so ${formatPence(e.amountPence)} of referral credit is now in your wallet.`,
    use: 'It comes off your next booking at checkout.',
    walletLabel: 'Your wallet',
    walletUrl: `${e.publicUrl}/account/wallet`,
  };
}

export function referralCreditEmail(e: ReferralCreditEmail): OutboxMessage {
  const c = contentOf(e);
  return {
    to: e.to,
    subject: c.subject,
    text: [
      c.greeting,
      '',
      c.news,
      c.use,
      '',
      `${c.walletLabel}: ${c.walletUrl}`,
      '',
      'Glow at Home',
    ].join('\n'),
    html: renderEmail(createElement(ReferralCredit, c)),
    // One email per referral, however often its completion is retried.
    dedupeKey: `referral-${e.referralId}-credited`,
  };
}
