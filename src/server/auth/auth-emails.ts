import { createElement } from 'react';
import type { MailMessage } from '../mail/mailer';
import { LinkEmail } from '../mail/templates/link-email';
import { renderEmail } from '../mail/templates/render';

// The messages the sign-in flows send. Plain text first (every client shows it), with a branded
// HTML twin saying the same words; links are the only thing a customer needs to act on.

const BRAND = 'Glow at Home';

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n\n${BRAND}`,
    html: renderEmail(createElement(LinkEmail, { subject, intro, action, url, outro })),
  };
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return linkMail(
    to,
    `Confirm your email for ${BRAND}`,
    `Hello ${name}, thanks for creating your ${BRAND} account. Please confirm this is your email address.`,
    'Confirm my email',
    url,
    "If you didn't create an account, you can ignore this email.",
  );
}

export function passwordResetEmail(
  to: string,
  name: string,
  url: string,
  validMinutes: number,
): MailMessage {
  return linkMail(
    to,
    `Reset your ${BRAND} password`,
    `Hello ${name}, we received a request to reset your password. The link works once, for ${validMinutes} minutes.`,
    'Choose a new password',
    url,
    "If you didn't ask for this, ignore this email: your password stays the same.",
  );
}

export function magicLinkEmail(to: string, url: string, validMinutes: number): MailMessage {
  return linkMail(
    to,
    `Your ${BRAND} sign-in link`,
    `Here is the link you asked for to sign in to ${BRAND}. It works once, for ${validMinutes} minutes.`,
    'Sign in',
    url,
    "If you didn't ask for this, ignore this email: nobody can sign in without the link.",
  );
}

/**
 * Sent instead of an error when someone signs up with a registered email (decision 0050): the
 * person at the keyboard learns nothing, the owner learns what happened and how to get back in.
 */
export function signUpTakenEmail(to: string, name: string, signInUrl: string): MailMessage {
  return linkMail(
    to,
    `Someone tried to create a ${BRAND} account with your email`,
    `Hello ${name}, someone (perhaps you) just tried to create a ${BRAND} account with this email address, which already has one. If it was you, sign in instead; you can reset your password from the same page.`,
    'Sign in',
    signInUrl,
    "If it wasn't you, you can ignore this email: nothing about your account has changed.",
  );
}
