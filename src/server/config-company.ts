import { z } from 'zod';
import { UK_REGISTRATION_PLACES, type CompanyDetails } from '../contract/company-details';
import type { EnvOf } from './config-values';

// Who runs the site, shown in the footer, the legal pages and every email. Required in
// production; outside it the demo company's (fictional) details stand in.

export const companyEnv = {
  COMPANY_NAME: z.string().trim().min(2).max(160).optional(),
  COMPANY_NUMBER: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([0-9]{8}|[A-Z]{2}[0-9]{6})$/, 'must be a Companies House number, e.g. 01234567')
    .optional(),
  COMPANY_REGISTERED_IN: z
    .enum(UK_REGISTRATION_PLACES, {
      message: 'must be England and Wales, Scotland or Northern Ireland',
    })
    .optional(),
  COMPANY_ADDRESS: z.string().trim().min(10).max(300).optional(),
  COMPANY_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  COMPANY_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{6,20}$/, 'must be a phone number, e.g. 0131 496 0000')
    .optional(),
  COMPANY_WEBSITE: z.url({ message: 'must be an absolute URL' }).optional(),
};

/** The demo company: fictional, with an Ofcom drama number that never rings anyone. */
export const DEMO_COMPANY: CompanyDetails = {
  name: 'Glow at Home Ltd',
  registrationNumber: 'SC000000',
  registeredIn: 'Scotland',
  registeredAddress: '1 Demo Street, Edinburgh, EH1 1AA',
  email: 'hello@glowathome.example',
  phone: '0131 496 0000',
  website: 'https://www.glowathome.example',
};

const COMPANY_SETTINGS = [
  'COMPANY_NAME',
  'COMPANY_NUMBER',
  'COMPANY_REGISTERED_IN',
  'COMPANY_ADDRESS',
  'COMPANY_EMAIL',
  'COMPANY_PHONE',
] as const;

/**
 * Production must say who it is: every detail the law asks a website and its emails to show.
 * Outside production a missing detail is the demo company's, so a partly set staging still runs.
 */
export function companyOf(
  e: EnvOf<typeof companyEnv> & { PUBLIC_URL?: string },
  isProduction: boolean,
  problems: string[],
): CompanyDetails {
  if (isProduction) {
    for (const name of COMPANY_SETTINGS)
      if (!e[name]) problems.push(`${name}: required when APP_ENV=production`);
  }
  return {
    name: e.COMPANY_NAME ?? DEMO_COMPANY.name,
    registrationNumber: e.COMPANY_NUMBER ?? DEMO_COMPANY.registrationNumber,
    registeredIn: e.COMPANY_REGISTERED_IN ?? DEMO_COMPANY.registeredIn,
    registeredAddress: e.COMPANY_ADDRESS ?? DEMO_COMPANY.registeredAddress,
    email: e.COMPANY_EMAIL ?? DEMO_COMPANY.email,
    phone: e.COMPANY_PHONE ?? DEMO_COMPANY.phone,
    website:
      e.COMPANY_WEBSITE ?? (isProduction && e.PUBLIC_URL ? e.PUBLIC_URL : DEMO_COMPANY.website),
  };
}
