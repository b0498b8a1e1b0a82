import type { CSSProperties } from 'react';

// The emails' look, inline (many mail clients drop <style>). The colours are the web app's pink
// brand palette; every text colour is at least 4.5:1 on the background it sits on, so a message
// reads the same with images blocked, in a dark-mode client that keeps light email, or printed.

export const COLOURS = {
  /** Page behind the card. */
  canvas: '#fff1f6',
  card: '#ffffff',
  /** Body text: 16:1 on white. */
  text: '#1f1a24',
  /** Secondary text (labels, the footer): 7:1 on white. */
  muted: '#5a5260',
  /** Links and the button (brand 700): 6:1 on white, white on it 6:1. */
  brand: '#be185d',
  /** The wordmark (brand 800) on the header's pale pink: 7.6:1. */
  brandDark: '#9d174d',
  headerBackground: '#ffe3ee',
  rule: '#f1e4ea',
} as const;

export const FONT =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const paragraph: CSSProperties = {
  margin: '0 0 16px',
  fontSize: '16px',
  lineHeight: '24px',
  color: COLOURS.text,
};

export const link: CSSProperties = { color: COLOURS.brand, textDecoration: 'underline' };

export const subheading: CSSProperties = {
  margin: '24px 0 8px',
  fontSize: '18px',
  lineHeight: '24px',
  fontWeight: 700,
  color: COLOURS.text,
};
