import { z } from 'zod';
import {
  GENDERS,
  isUkPostcode,
  normalisePostcode,
  POSTCODE_DISTRICT,
} from '../domain/account-forms';
import { TRAVEL_MODES } from '../domain/travel-types';
import { isOneLine } from '../domain/text-lines';

// The catalogue document in today's shape: what export writes and GET /api/internal/catalogue
// answers, and the records the import stores. The import reads this shape and the company's own
// (the company's field names), field by field: catalogue-import.ts (docs/decisions/0092).
// Relation arrays (addOnIds, serviceIds, availability) have no default on purpose: present means
// "replace the stored set", absent means "leave it as it is" (docs/decisions/0003).

export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes');
export const catalogueId = z.string().min(1, 'must not be empty').max(100);
// Names reach emails, calendar files and exports, where a line break would start a new line.
export const oneLineName = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine(isOneLine, 'must be one line, without line breaks or control characters');
// PostgreSQL keeps instants from 4713 BC, but they reach it as ISO text in UTC (toISOString), which
// it reads only for years 0001 to 9999: year 0 does not exist in its calendar, and an offset can
// carry a valid-looking 9999-12-31T23:00-05:00 into year 10000. Outside that range the insert
// would fail as a 500, so the field is refused here instead.
export const EARLIEST_STORABLE = Date.parse('0001-01-01T00:00:00.000Z');
export const LATEST_STORABLE = Date.parse('9999-12-31T23:59:59.999Z');
export const STORABLE_MESSAGE = 'must be an instant between the years 0001 and 9999 (UTC)';
export const storableInstant = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 instant' })
  .refine(
    (value) => {
      const instant = Date.parse(value);
      // Not an instant at all: the format check above already says so.
      if (Number.isNaN(instant)) return true;
      return instant >= EARLIEST_STORABLE && instant <= LATEST_STORABLE;
    },
    { message: STORABLE_MESSAGE },
  );
const genderSchema = z.enum(GENDERS);

export const wholePence = z.number().int('must be whole pence').nonnegative();
export const treatmentMinutes = z
  .number()
  .int()
  .positive()
  .max(24 * 60);
export const minimumSpendPence = z.number().int().nonnegative().nullable();

export const citySchema = z.object({
  slug,
  name: oneLineName(100),
  active: z.boolean().optional(),
});

export const treatmentSchema = z.object({
  id: catalogueId,
  name: oneLineName(200),
  category: oneLineName(100),
  description: z.string().max(2000).default(''),
  pricePence: wholePence,
  durationMinutes: treatmentMinutes,
  order: z.number().int().default(0),
  addOn: z.boolean().default(false),
  addOnIds: z.array(catalogueId).optional(),
  active: z.boolean().optional(),
});

export const availabilityWindowSchema = z
  .object({ start: storableInstant, end: storableInstant })
  .refine((w) => Date.parse(w.start) < Date.parse(w.end), {
    message: 'end must be after start',
    path: ['end'],
  });

/** A therapist's fields that only today's shape has, with their rules and defaults. */
export const therapistOwnFields = {
  id: catalogueId,
  username: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,39}$/, 'must be 2-40 lower-case letters, digits, dots, dashes'),
  name: oneLineName(200),
  bio: z.string().max(4000).default(''),
  photoUrl: z.string().max(2000).nullable().optional(),
  active: z.boolean(),
  business: z.boolean().default(false),
  paymentAccountId: z.string().max(200).nullable().optional(),
  area: slug,
  // Where the therapist is told of their bookings. Like photoUrl: absent leaves the stored email
  // as it is (a system that does not know emails cannot wipe them), null removes it.
  email: z.email({ message: 'must be an email address' }).max(320).nullable().optional(),
  // Travel (docs/decisions/0077). Like email: absent leaves what is stored, null removes it.
  // The home postcode is private: it is never in a public answer, a page or a customer's email.
  homePostcode: z
    .string()
    .max(20)
    .refine(isUkPostcode, 'must be a UK postcode, like EH6 5AA')
    .transform(normalisePostcode)
    .nullable()
    .optional(),
  travelMode: z
    .enum(TRAVEL_MODES, { message: `must be one of ${TRAVEL_MODES.join(', ')}` })
    .optional(),
  maxTravelMinutes: z
    .number()
    .int('must be whole minutes')
    .min(1, 'must be at least 1 minute')
    .max(600, 'must be at most 600 minutes')
    .nullable()
    .optional(),
  coveredDistricts: z
    .array(
      z
        .string()
        .transform((d) => d.trim().toUpperCase())
        .pipe(z.string().regex(POSTCODE_DISTRICT, 'must be a postcode district, like EH6')),
    )
    .max(500)
    .nullable()
    .optional(),
};

export const therapistSchema = z.object({
  ...therapistOwnFields,
  paymentsConnected: z.boolean().default(false),
  genders: z.array(genderSchema).default([]),
  minimumSpendPence: minimumSpendPence.default(null),
  serviceIds: z.array(catalogueId).optional(),
  availability: z.array(availabilityWindowSchema).optional(),
});

export const catalogueDocumentSchema = z.object({
  cities: z.array(citySchema).default([]),
  treatments: z.array(treatmentSchema).default([]),
  therapists: z.array(therapistSchema).default([]),
});

export type CatalogueDocument = z.infer<typeof catalogueDocumentSchema>;
export type CatalogueDocumentInput = z.input<typeof catalogueDocumentSchema>;
export type CityRecord = z.infer<typeof citySchema>;
export type TreatmentRecord = z.infer<typeof treatmentSchema>;
export type TherapistRecord = z.infer<typeof therapistSchema>;
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;
