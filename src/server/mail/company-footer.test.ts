import { describe, expect, it } from 'vitest';
import { DEMO_COMPANY } from '../config';
import { withCompanyFooter } from './company-footer';

const company = { ...DEMO_COMPANY, name: 'Glow & Co <Ltd>' };

describe('withCompanyFooter', () => {
  it('ends the text with the name, contacts, registration and registered office', () => {
    const { text } = withCompanyFooter({ text: 'See you soon.\n\n', html: null }, company);
    expect(text).toBe(
      'See you soon.\n\n--\nGlow & Co <Ltd> · hello@glowathome.example · 0131 496 0000\n' +
        'Registered in Scotland, company number SC000000. ' +
        'Registered office: 1 Demo Street, Edinburgh, EH1 1AA.\n',
    );
  });

  it('puts the footer inside the body of an HTML document, escaped', () => {
    const { html } = withCompanyFooter(
      { text: 'Hi', html: '<html><body><p>Hi</p></body></html>' },
      company,
    );
    expect(html).toMatch(/^<html><body><p>Hi<\/p><div [^>]+>.*<\/div><\/body><\/html>$/);
    expect(html).toContain('Glow &#38; Co &#60;Ltd&#62;');
    expect(html).toContain('<a href="mailto:hello@glowathome.example" style="color:#be185d">');
    expect(html).toContain('company number SC000000');
  });

  it('appends to an HTML fragment and leaves a text-only message text-only', () => {
    expect(withCompanyFooter({ text: 'Hi', html: '<p>Hi</p>' }, company).html).toMatch(
      /^<p>Hi<\/p><div /,
    );
    expect(withCompanyFooter({ text: 'Hi', html: null }, company).html).toBeNull();
  });
});
