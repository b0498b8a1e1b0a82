// Who runs this booking system (GET /api/company), and how its details are written. No zod here:
// the footer on every page uses these, and the schema library loads only after the first paint
// (decision 0040). The answer's schema is in company.ts.

export const UK_REGISTRATION_PLACES = [
  'England and Wales',
  'Scotland',
  'Northern Ireland',
] as const;

export interface CompanyDetails {
  /** The registered name, e.g. "Glow at Home Ltd". */
  name: string;
  /** The Companies House number: 8 digits, or 2 letters and 6 digits (SC, NI, …). */
  registrationNumber: string;
  registeredIn: (typeof UK_REGISTRATION_PLACES)[number];
  /** The registered office, one line with commas between its parts. */
  registeredAddress: string;
  email: string;
  /** As people dial it, e.g. "0131 496 0000". */
  phone: string;
  /** The company's main website (the not-found page's way out). */
  website: string;
}

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
