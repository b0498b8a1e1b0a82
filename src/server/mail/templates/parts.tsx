import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { COLOURS, link, paragraph, subheading } from './theme';

// The pieces every template is made of, so the emails look and read alike.

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** A section's heading under the email's h1. */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={subheading}>
      {children}
    </Heading>
  );
}

/** The one thing to do, as a large link that looks like a button; the address follows as text. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <Button
        href={href}
        style={{
          display: 'inline-block',
          margin: '8px 0 16px',
          padding: '12px 20px',
          borderRadius: '8px',
          backgroundColor: COLOURS.brand,
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 700,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
      <Text style={{ ...paragraph, fontSize: '14px', lineHeight: '20px', color: COLOURS.muted }}>
        Or copy this address into your browser:{' '}
        <Link href={href} style={{ ...link, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={link}>
      {children}
    </Link>
  );
}

/** A label and a link on one line, e.g. "Your appointments: <link>". */
export function LinkLine({ label, href }: { label: string; href: string }) {
  return (
    <Paragraph>
      {label}: <TextLink href={href}>{href}</TextLink>
    </Paragraph>
  );
}

export type DetailRow = readonly [label: string, value: string];

/** Facts as a two-column table, each label a row header, so a screen reader reads them in pairs. */
export function DetailsTable({ rows, caption }: { rows: readonly DetailRow[]; caption?: string }) {
  const cell = {
    padding: '8px 0',
    borderBottom: `1px solid ${COLOURS.rule}`,
    verticalAlign: 'top',
  };
  return (
    <table
      cellPadding={0}
      cellSpacing={0}
      style={{
        width: '100%',
        borderCollapse: 'collapse',
        margin: '0 0 16px',
        fontSize: '16px',
        lineHeight: '24px',
      }}
    >
      {caption ? (
        <caption style={{ ...subheading, textAlign: 'left', margin: '8px 0' }}>{caption}</caption>
      ) : null}
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              style={{
                ...cell,
                textAlign: 'left',
                fontWeight: 400,
                color: COLOURS.muted,
                paddingRight: '16px',
                whiteSpace: 'nowrap',
              }}
            >
              {label}
            </th>
            <td style={{ ...cell, textAlign: 'right', color: COLOURS.text }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Something the reader must copy exactly (a gift card code): large, spaced and selectable. */
export function CodeBox({ label, code }: { label: string; code: string }) {
  return (
    <Text
      style={{
        ...paragraph,
        padding: '16px',
        borderRadius: '8px',
        backgroundColor: COLOURS.canvas,
        textAlign: 'center',
      }}
    >
      {label}:
      <br />
      <strong
        style={{
          fontSize: '19px',
          lineHeight: '30px',
          letterSpacing: '0.04em',
          fontFamily: 'Menlo, Consolas, monospace',
        }}
      >
        {code}
      </strong>
    </Text>
  );
}

/** The company signs off under the message, as the plain text does. */
export function SignOff({ children }: { children: ReactNode }) {
  return <Text style={{ ...paragraph, margin: '24px 0 0' }}>{children}</Text>;
}
