import { z } from 'zod';

// GET /api/company: who runs this booking system. UK law (the Companies (Trading Disclosures)
// Regulations) asks for the registered name, where and under which number the company is
// registered and its registered office on the website and in emails; the contact details let a
// customer reach a person. One answer for the footer, the legal pages and the emails.

export const UK_REGISTRATION_PLACES = [
  'England and Wales',
  'Scotland',
  'Northern Ireland',
] as const;

export const companyDetailsSchema = z.object({
  /** The registered name, e.g. "Glow at Home Ltd". */
  name: z.string(),
  /** The Companies House number: 8 digits, or 2 letters and 6 digits (SC, NI, …). */
  registrationNumber: z.string(),
  registeredIn: z.enum(UK_REGISTRATION_PLACES),
  /** The registered office, one line with commas between its parts. */
  registeredAddress: z.string(),
  email: z.string(),
  /** As people dial it, e.g. "0131 496 0000". */
  phone: z.string(),
  /** The company's main website (the not-found page's way out). */
  website: z.string(),
});

export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

/** "Registered in Scotland, company number SC000000. Registered office: …" */
export function registrationLine(company: CompanyDetails): string {
  return (
    `Registered in ${company.registeredIn}, company number ${company.registrationNumber}. ` +
    `Registered office: ${company.registeredAddress}.`
  );
}

/** The phone number as a tel: link wants it: digits, with +44 for a leading 0. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}
