import { registrationLine, type CompanyDetails } from '../../contract/company-details';
import { escapeHtml } from './escape-html';

// Every email says who sent it: the registered name, number and office the law asks business
// emails to carry, and how to reach a person. Added when the message is sent (and shown so by the
// /dev/mail viewer), so a message queued before the details changed goes out with the new ones.

/** Where a template (templates/layout.tsx) wants the footer: inside its card, under the message. */
export const COMPANY_FOOTER_SLOT_ID = 'company-footer';
const SLOT = `<div id="${COMPANY_FOOTER_SLOT_ID}"></div>`;

interface MailBodies {
  text: string;
  html: string | null;
}

export function companyFooterText(company: CompanyDetails): string {
  return `--\n${company.name} · ${company.email} · ${company.phone}\n${registrationLine(company)}`;
}

function companyFooterHtml(company: CompanyDetails): string {
  const style =
    'margin-top:24px;border-top:1px solid #f1e4ea;padding-top:12px;font-size:13px;line-height:20px;color:#5a5260';
  return (
    `<div style="${style}"><p style="margin:0 0 4px">${escapeHtml(company.name)} · ` +
    `<a href="mailto:${escapeHtml(company.email)}" style="color:#be185d">${escapeHtml(company.email)}</a> · ` +
    `${escapeHtml(company.phone)}</p><p style="margin:0">${escapeHtml(registrationLine(company))}</p></div>`
  );
}

export function withCompanyFooter(bodies: MailBodies, company: CompanyDetails): MailBodies {
  const text = `${bodies.text.trimEnd()}\n\n${companyFooterText(company)}\n`;
  if (bodies.html === null) return { text, html: null };
  const footer = companyFooterHtml(company);
  if (bodies.html.includes(SLOT)) return { text, html: bodies.html.replace(SLOT, () => footer) };
  const end = bodies.html.search(/<\/body>/i);
  const html =
    end === -1 ? bodies.html + footer : bodies.html.slice(0, end) + footer + bodies.html.slice(end);
  return { text, html };
}
