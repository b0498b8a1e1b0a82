import { z } from 'zod';
import { NO_LOCATION_SET } from '../domain/constants';
import { minutes, pence } from './common';

// GET /api/cities and /api/cities/:city/treatments.

export const cityParams = z.object({
  // docs/product.md#messages: a location without a city cannot load treatments.
  city: z.string().trim().min(1, NO_LOCATION_SET).max(64).describe('City slug, e.g. edinburgh'),
});

export const citySchema = z.object({ slug: z.string(), name: z.string() });

export const citiesAnswer = z.object({ cities: z.array(citySchema) });

export const treatmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  pricePence: pence,
  durationMinutes: minutes,
  order: z.number().int(),
  isAddOn: z.boolean(),
  addOnIds: z.array(z.string()).describe('Add-ons this treatment offers, in catalogue order'),
});

export const cityTreatmentsAnswer = z.object({ treatments: z.array(treatmentSchema) });

export type City = z.infer<typeof citySchema>;
export type Treatment = z.infer<typeof treatmentSchema>;
