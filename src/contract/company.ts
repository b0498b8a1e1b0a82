import { z } from 'zod';
import { UK_REGISTRATION_PLACES, type CompanyDetails } from './company-details';

// GET /api/company: who runs this booking system. UK law (the Companies (Trading Disclosures)
// Regulations) asks for the registered name, where and under which number the company is
// registered and its registered office on the website and in emails; the contact details let a
// customer reach a person. One answer for the footer, the legal pages and the emails.

export const companyDetailsSchema = z.object({
  name: z.string(),
  registrationNumber: z.string(),
  registeredIn: z.enum(UK_REGISTRATION_PLACES),
  registeredAddress: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
}) satisfies z.ZodType<CompanyDetails>;
