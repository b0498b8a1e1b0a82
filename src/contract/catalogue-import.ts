import { z } from 'zod';
import { GENDERS } from '../domain/account-forms';
import { MINUTE_MS } from '../domain/constants';
import type { Gender } from '../domain/types';
import { availabilityListSchema, type RefinementCtx } from './catalogue-availability';
import { either, required, sameList, sameSet, type SentAs } from './catalogue-either';
import {
  catalogueId,
  minimumSpendPence,
  oneLineName,
  slug,
  therapistOwnFields,
  treatmentMinutes,
  wholePence,
  type CityRecord,
  type TherapistRecord,
  type TreatmentRecord,
} from './catalogue-document';

// What the import reads: a catalogue document in today's shape, in the company's (the field names
// of its other systems), or mixed field by field. Every record is a strict object: a field
// neither shape has is refused, never dropped. A fact sent under both names must say the same
// thing, or the record is refused naming both fields (docs/decisions/0092).

export type { SentAs };

const durationMs = z
  .number()
  .int('must be whole milliseconds')
  .positive()
  .max(24 * 60 * MINUTE_MS)
  .refine((ms) => ms % MINUTE_MS === 0, 'must be whole minutes: a multiple of 60000 ms');

const treatmentFieldsShape = {
  id: catalogueId,
  name: oneLineName(200).optional(),
  category: oneLineName(100).optional(),
  description: z.string().max(2000).optional(),
  pricePence: wholePence.optional(),
  price: wholePence.optional(),
  durationMinutes: treatmentMinutes.optional(),
  duration: durationMs.optional(),
  order: z.number().int().optional(),
  addOn: z.boolean().optional(),
  addOnService: z.boolean().optional(),
  addOnIds: z.array(catalogueId).optional(),
  addOnServiceIds: z.array(catalogueId).optional(),
  active: z.boolean().optional(),
};
type RawTreatment = z.output<z.ZodObject<typeof treatmentFieldsShape>>;

/** A treatment's facts in today's names; absent ones stay absent. */
export type TreatmentFacts = Partial<TreatmentRecord> & { id: string };

function treatmentFacts(t: RawTreatment, ctx: RefinementCtx, sentAs: SentAs): TreatmentFacts {
  const minutes = t.duration === undefined ? undefined : t.duration / MINUTE_MS;
  const facts: TreatmentFacts = {
    id: t.id,
    name: t.name,
    category: t.category,
    description: t.description,
    pricePence: either(ctx, sentAs, ['pricePence', t.pricePence], ['price', t.price]),
    durationMinutes: either(
      ctx,
      sentAs,
      ['durationMinutes', t.durationMinutes],
      ['duration', minutes],
      Object.is,
      (a) => `${t.duration} ms is ${minutes} minutes, not ${a}`,
    ),
    order: t.order,
    addOn: either(ctx, sentAs, ['addOn', t.addOn], ['addOnService', t.addOnService]),
    addOnIds: either(
      ctx,
      sentAs,
      ['addOnIds', t.addOnIds],
      ['addOnServiceIds', t.addOnServiceIds],
      sameList,
      () => 'they list different add-ons',
    ),
    active: t.active,
  };
  return Object.fromEntries(
    Object.entries(facts).filter(([, v]) => v !== undefined),
  ) as TreatmentFacts;
}

export type ImportedTreatment = TreatmentRecord & { sentAs: SentAs };

export const treatmentImportSchema = z
  .strictObject({ ...treatmentFieldsShape, name: oneLineName(200), category: oneLineName(100) })
  .transform((t, ctx): ImportedTreatment => {
    const sentAs: SentAs = {};
    const facts = treatmentFacts(t, ctx, sentAs);
    if (facts.pricePence === undefined) required(ctx, 'pricePence', 'price', 'whole pence');
    if (facts.durationMinutes === undefined) {
      required(ctx, 'durationMinutes', 'duration in milliseconds', 'whole minutes');
    }
    if (facts.pricePence === undefined || facts.durationMinutes === undefined) return z.NEVER;
    return {
      description: '',
      order: 0,
      addOn: false,
      ...facts,
      name: t.name,
      category: t.category,
      pricePence: facts.pricePence,
      durationMinutes: facts.durationMinutes,
      sentAs,
    };
  });

/** One of the company's `services` documents: a treatment the therapist offers, as it is. */
export const serviceCopySchema = z
  .strictObject(treatmentFieldsShape)
  .transform((t, ctx): ServiceCopy => {
    const sentAs: SentAs = {};
    return { facts: treatmentFacts(t, ctx, sentAs), sentAs };
  });

export interface ServiceCopy {
  facts: TreatmentFacts;
  sentAs: SentAs;
}

export type ImportedCity = CityRecord & { sentAs: SentAs };

export const cityImportSchema = z
  .strictObject({
    slug: slug.optional(),
    id: slug.optional(),
    name: oneLineName(100),
    active: z.boolean().optional(),
  })
  .transform((c, ctx): ImportedCity => {
    const sentAs: SentAs = {};
    const key = either(ctx, sentAs, ['slug', c.slug], ['id', c.id]);
    if (key === undefined) {
      required(ctx, 'slug', 'id', 'lower-case letters, digits and dashes');
      return z.NEVER;
    }
    return {
      slug: key,
      name: c.name,
      ...(c.active === undefined ? {} : { active: c.active }),
      sentAs,
    };
  });

export type ImportedTherapist = TherapistRecord & {
  sentAs: SentAs;
  /** The company's `services` documents, whose facts must match the treatments they name. */
  serviceCopies?: ServiceCopy[];
};

/** The company's gender map (gender → true) as a list, in the fixed order of GENDERS. */
function gendersOfMap(map: Record<string, boolean>, ctx: RefinementCtx): Gender[] {
  for (const key of Object.keys(map)) {
    if (!(GENDERS as readonly string[]).includes(key)) {
      ctx.issues.push({
        code: 'custom',
        message: `"${key}" is not a gender this system knows (${GENDERS.join(', ')})`,
        path: ['gender', key],
        input: map,
      });
    }
  }
  return GENDERS.filter((g) => map[g] === true);
}

export const therapistImportSchema = z
  .strictObject({
    ...therapistOwnFields,
    paymentsConnected: z.boolean().optional(),
    stripeConnect: z.boolean().optional(),
    genders: z.array(z.enum(GENDERS)).optional(),
    gender: z.record(z.string(), z.boolean()).optional(),
    minimumSpendPence: minimumSpendPence.optional(),
    minimumSpend: minimumSpendPence.optional(),
    serviceIds: z.array(catalogueId).optional(),
    services: z.array(serviceCopySchema).optional(),
    availability: availabilityListSchema.optional(),
  })
  .transform((t, ctx): ImportedTherapist => {
    const { stripeConnect, gender, minimumSpend, services, availability, ...own } = t;
    const sentAs: SentAs = {};
    const genderList = gender === undefined ? undefined : gendersOfMap(gender, ctx);
    const serviceIds = either(
      ctx,
      sentAs,
      ['serviceIds', t.serviceIds],
      ['services', services?.map((s) => s.facts.id)],
      sameList,
      () => 'they name different treatments',
    );
    if (availability?.sentAs === 'timestamps') sentAs.availability = 'timestamps';
    return {
      ...own,
      paymentsConnected:
        either(
          ctx,
          sentAs,
          ['paymentsConnected', t.paymentsConnected],
          ['stripeConnect', stripeConnect],
        ) ?? false,
      genders:
        either(
          ctx,
          sentAs,
          ['genders', t.genders],
          ['gender', genderList],
          sameSet,
          (a, b) => `it accepts ${b.join(', ') || 'no one'}, not ${a.join(', ') || 'no one'}`,
        ) ?? [],
      minimumSpendPence:
        either(
          ctx,
          sentAs,
          ['minimumSpendPence', t.minimumSpendPence],
          ['minimumSpend', minimumSpend],
        ) ?? null,
      ...(serviceIds === undefined ? {} : { serviceIds }),
      ...(availability === undefined ? {} : { availability: availability.windows }),
      ...(services === undefined ? {} : { serviceCopies: services }),
      sentAs,
    };
  });

export const catalogueImportSchema = z.strictObject({
  cities: z.array(cityImportSchema).default([]),
  treatments: z.array(treatmentImportSchema).default([]),
  therapists: z.array(therapistImportSchema).default([]),
});

export type CatalogueImport = z.output<typeof catalogueImportSchema>;
