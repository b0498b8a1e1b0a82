import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { COMPANY_FOOTER_SLOT_ID } from '../company-footer';
import { COLOURS, FONT } from './theme';

// Every email's frame: the brand's name as text (no logo image to block or to go unexplained),
// the subject as the one h1, the message, and a place for the company's details, which the mail
// worker fills in when it sends (company-footer.ts), so a message queued before they changed
// goes out with the new ones.

export const BRAND = 'Glow at Home';

interface LayoutProps {
  /** The subject: the document's title and its heading. */
  title: string;
  /** The line many inboxes show after the subject. */
  preview: string;
  children: ReactNode;
}

export function EmailLayout({ title, preview, children }: LayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          margin: 0,
          padding: '24px 8px',
          backgroundColor: COLOURS.canvas,
          fontFamily: FONT,
        }}
      >
        {/* The message is the page's main content, as a screen reader expects of a document. */}
        <div role="main">
          <Container
            style={{
              maxWidth: '600px',
              backgroundColor: COLOURS.card,
              borderRadius: '12px',
              overflow: 'hidden',
            }}
          >
            <Section style={{ backgroundColor: COLOURS.headerBackground, padding: '16px 24px' }}>
              <Text
                style={{
                  margin: 0,
                  fontSize: '20px',
                  lineHeight: '28px',
                  fontWeight: 700,
                  letterSpacing: '0.02em',
                  color: COLOURS.brandDark,
                }}
              >
                {BRAND}
              </Text>
            </Section>
            <Section style={{ padding: '24px' }}>
              <Heading
                as="h1"
                style={{
                  margin: '0 0 16px',
                  fontSize: '24px',
                  lineHeight: '32px',
                  fontWeight: 700,
                  color: COLOURS.text,
                }}
              >
                {title}
              </Heading>
              {children}
              <div id={COMPANY_FOOTER_SLOT_ID} />
            </Section>
          </Container>
        </div>
      </Body>
    </Html>
  );
}
